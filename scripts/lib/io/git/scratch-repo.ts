// A throwaway repository for `npm run demo`: made, committed to and published to a bare upstream
// beside it, as a developer would. Commits are authored as "demo".
import { gitText } from './run-git.ts';

const AUTHOR = ['-c', 'user.name=demo', '-c', 'user.email=demo@example.com'];

async function demoGit(dir: string, args: readonly string[], creates = false): Promise<void> {
  await gitText([...AUTHOR, ...args], { cwd: dir, ...(creates ? { creates } : {}) });
}

/** Makes `dir` a repository whose first branch is `main` (no commit yet). */
export function initRepository(dir: string): Promise<void> {
  return demoGit(dir, ['init', '-q', '-b', 'main'], true);
}

/** Records every change in `dir` (new files too) as one commit. */
export async function commitEverything(dir: string, message: string): Promise<void> {
  await demoGit(dir, ['add', '-A']);
  await demoGit(dir, ['commit', '-q', '-m', message]);
}

/**
 * Makes a bare repository at `origin` the upstream of `dir`'s main branch (`origin/main`) and
 * pushes main there.
 */
export async function publishMain(dir: string, origin: string): Promise<void> {
  await demoGit(dir, ['init', '-q', '--bare', '-b', 'main', origin], true);
  await demoGit(dir, ['remote', 'add', 'origin', origin]);
  await demoGit(dir, ['push', '-q', '-u', 'origin', 'main']);
}
