// The real CiImportIO: the gate's IO, scan's CI files, git for commit trees, and result files read
// from anywhere (downloaded artifacts usually live outside the repository).
import { commitSubjectTree, resolveCommit } from '../../io/subject/commit-subject.ts';
import { readResultFile } from '../../io/host/read-result-file.ts';
import { scanRepository } from '../../io/repo/scan-repo.ts';
import type { CiImportIO } from '../../core/ports.ts';
import type { World } from '../../core/world/world.ts';

export function createRealCiImportIO(gate: World): CiImportIO {
  return {
    gate,
    listCiFiles: async (root) => (await scanRepository(root)).ci,
    commitTree: async (plane, commit) => {
      // Any commit-ish (rev-parse --verify <x>^{commit}; an option-like value names nothing).
      const full = await resolveCommit(plane.root, commit);
      return full === undefined
        ? undefined
        : { commit: full, tree: await commitSubjectTree(plane, full) };
    },
    readResultFile,
  };
}
