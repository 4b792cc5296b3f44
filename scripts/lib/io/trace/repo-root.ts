// The repository root SARIF paths are relative to: the nearest directory at or above `start`
// that holds `.git` (a directory, or a file in a worktree or submodule); `start` itself when
// there is none, so a trace outside any repository is still placed.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function findRepoRoot(start: string): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}
