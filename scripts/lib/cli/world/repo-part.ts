// The project's other files (core/world/repo-port.ts), for the verbs that scan, adopt, initialise,
// install or hand off; apart from the world, as it loads the scanner.
import type { WorldExtras } from '../../core/world/world.ts';
import { scanRepository } from '../../io/repo/scan-repo.ts';
import { appendGitignore, readGitignore } from '../../io/repo/gitignore-file.ts';
import { ignoreRenderedPages, ignoreSkillFolders } from '../../io/plane/prettier-ignore.ts';
import { applyExclusions, planExclusionsAt } from '../../io/subject/package-exclusions.ts';
import { handoffPaths, readHandoffPair, writeHandoffPair } from '../../io/plane/handoff-files.ts';
import { pathExists } from '../../io/host/path-exists.ts';
import {
  readRepoWorkflows,
  readWorkflowTemplate,
  writeNewFiles,
} from '../../io/plane/scaffold-files.ts';
import { readInstalled, writeSkillFiles } from '../../io/hook/skill-files.ts';

export const REPO_PART: Pick<WorldExtras, 'repo'> = {
  repo: {
    pathExists,
    scanRepository,
    readGitignore,
    appendGitignore,
    ignoreRenderedPages,
    ignoreSkillFolders,
    planExclusionsAt,
    applyExclusions,
    readRepoWorkflows,
    readWorkflowTemplate,
    writeNewFiles,
    readInstalled,
    writeSkillFiles,
    handoffPaths,
    readHandoffPair,
    writeHandoffPair,
  },
};
