// A temporary linked worktree (efficacy's): added detached without a checkout, filled from a tree,
// patched, cleaned, listed and removed again. Hooks never run in it: a post-checkout hook could
// touch anything. Removal inside a signal handler cannot wait for a process: it is done on the
// file system alone (discardWorktreeNow), exactly what `git worktree remove --force --force`
// does to a linked worktree: its directory and its administrative directory are deleted.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';
import { toGlobPathspec } from '../../core/shared/pathspec.ts';
import { runGit } from './run-git.ts';

const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

function withoutHooks(cwd: string, args: readonly string[], input?: Uint8Array) {
  return runGit([...NO_HOOKS, ...args], {
    cwd,
    pinsHooksPath: true,
    ...(input === undefined ? {} : { input: Buffer.from(input) }),
  });
}

async function mustRun(cwd: string, args: readonly string[]): Promise<void> {
  const result = await withoutHooks(cwd, args);
  if (result.code !== 0) {
    throw new EnvironmentError('GIT_FAILED', `git ${args.join(' ')} failed in ${cwd}`, {
      problems: result.stderr.trim().split('\n').filter(Boolean),
      next: 'efficacy needs a repository with at least one commit; check "git worktree list"',
    });
  }
}

/** Adds `dir` as a worktree of `root`'s repository at HEAD, detached and with nothing checked out. */
export function addDetachedWorktree(root: string, dir: string): Promise<void> {
  return mustRun(root, ['worktree', 'add', '--detach', '--no-checkout', dir, 'HEAD']);
}

/** Makes the worktree `dir` (index and files) exactly `tree`. */
export function checkOutTree(dir: string, tree: string): Promise<void> {
  return mustRun(dir, ['read-tree', '--reset', '-u', tree]);
}

/** Deletes every untracked file and directory of the worktree `dir` but the `kept` paths. */
export function removeUntracked(dir: string, kept: readonly string[]): Promise<void> {
  return mustRun(dir, ['clean', '-fdq', ...kept.flatMap((path) => ['-e', path])]);
}

/** Applies a unified diff to the worktree `dir`; git's complaint when it does not apply. */
export async function applyPatch(dir: string, patch: Uint8Array): Promise<string | undefined> {
  const result = await withoutHooks(dir, ['apply', '--whitespace=nowarn', '-'], patch);
  return result.code === 0 ? undefined : result.stderr.trim() || 'git apply failed';
}

/** The tracked files of the worktree `dir` that `globs` match, sorted. */
export async function listWorktreeFiles(dir: string, globs: readonly string[]): Promise<string[]> {
  const result = await runGit(['ls-files', '-z', '--', ...globs.map(toGlobPathspec)], {
    cwd: dir,
  });
  if (result.code !== 0) throw new EnvironmentError('GIT_FAILED', 'git ls-files failed');
  return result.stdout.toString('utf8').split('\0').filter(Boolean).sort();
}

/** Removes the worktree `dir` of `root`'s repository and prunes what is left; best effort. */
export async function removeWorktree(root: string, dir: string): Promise<void> {
  // The directory removal and the prune below finish the job when the first step fails.
  await withoutHooks(root, ['worktree', 'remove', '--force', '--force', dir]).catch(
    () => undefined,
  );
  await rm(dir, { recursive: true, force: true });
  await withoutHooks(root, ['worktree', 'prune']).catch(() => undefined);
}

/**
 * Removes the worktree `dir` of the repository whose common git dir is `commonDir` at once, on the
 * file system alone (for a signal handler, which cannot wait): the directory, and the
 * administrative directory under `<commonDir>/worktrees/` whose `gitdir` names it. Best effort.
 */
export function discardWorktreeNow(commonDir: string, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  const admin = join(commonDir, 'worktrees');
  let names: string[];
  try {
    names = readdirSync(admin);
  } catch {
    return; // no linked worktree left at all
  }
  const dotGit = join(dir, '.git');
  for (const name of names) {
    try {
      const named = readFileSync(join(admin, name, 'gitdir'), 'utf8').trim();
      if (resolve(admin, name, named) === dotGit)
        rmSync(join(admin, name), { recursive: true, force: true });
    } catch {
      // not a worktree's administrative directory, or already gone
    }
  }
}
