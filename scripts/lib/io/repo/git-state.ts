// The writer's git state for an append: the common dir (lock and clone id live there) and the
// current branch. Read straight from `.git` on the hot path (a git spawn costs milliseconds);
// anything unusual falls back to git itself, which also gives the exit-4 error outside a repo.
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { currentBranch, findGitRoot, gitCommonDir } from '../git.ts';
import type { GitState } from '../../core/world/git-port.ts';

function readDirect(root: string): GitState | undefined {
  const dotGit = join(root, '.git');
  let gitDir: string;
  try {
    if (statSync(dotGit).isDirectory()) {
      gitDir = dotGit;
    } else {
      const match = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'));
      if (match?.[1] === undefined) return undefined;
      gitDir = resolve(root, match[1].trim());
    }
    let commonDir = gitDir;
    try {
      commonDir = resolve(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim());
    } catch {
      // no commondir file: a main worktree, whose git dir is the common dir
    }
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: refs\/heads\/(.+)$/.exec(head);
    if (ref === null && !/^[0-9a-f]{40,64}$/.test(head)) return undefined;
    return { commonDir, branch: ref?.[1] };
  } catch {
    return undefined;
  }
}

/** Git state of the repository at `root`; EnvironmentError NOT_A_GIT_REPO (exit 4) outside git. */
export async function readGitState(root: string): Promise<GitState> {
  const direct = readDirect(root);
  if (direct !== undefined) return direct;
  const top = await findGitRoot(root);
  const commonDir = await gitCommonDir(top);
  return { commonDir, branch: await currentBranch(top) };
}
