// The repository root a verb works on: `--root` resolved against the cwd, else the cwd's git top
// level. Outside a git repository: EnvironmentError NOT_A_GIT_REPO (exit 4).
import { resolve } from 'node:path';
import { findGitRoot } from './git.ts';

export function resolveRoot(root: string | undefined, cwd: string): Promise<string> {
  return findGitRoot(root === undefined ? cwd : resolve(cwd, root));
}
