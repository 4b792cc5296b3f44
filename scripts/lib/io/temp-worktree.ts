// The real EfficacyIO: a temporary git worktree holding exactly the current working tree, in which
// seeded defects are planted and controls run. The user's working tree and index are never
// written: the state is captured as a tree object through a private index (computeSubjectTree),
// the worktree is created detached without checkout and filled from that tree with its own index.
// Cleanup is synchronous so that the signal handlers can run it before the process dies.
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { toGlobPathspec } from '../core/shared/pathspec.ts';
import { EnvironmentError, UsageError } from '../core/errors.ts';
import { runGit, runGitSyncBestEffort } from './git.ts';
import { computeSubjectTree } from './subject.ts';
import type { EfficacyIO, TempWorktree } from '../core/ports.ts';
import { parseSyntax } from './syntax-parser.ts';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** Hooks never run in the temporary worktree: a post-checkout hook could touch anything. */
const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

const trees = new WeakMap<TempWorktree, string>();

function removeWorktreeSync(root: string, dir: string): void {
  // Best effort: the directory removal and the prune below finish the job.
  runGitSyncBestEffort([...NO_HOOKS, 'worktree', 'remove', '--force', '--force', dir], root);
  rmSync(dir, { recursive: true, force: true });
  runGitSyncBestEffort([...NO_HOOKS, 'worktree', 'prune'], root);
}

async function gitIn(cwd: string, args: string[], input?: Uint8Array): Promise<void> {
  const result = await runGit([...NO_HOOKS, ...args], {
    cwd,
    pinsHooksPath: true,
    ...(input === undefined ? {} : { input: Buffer.from(input) }),
  });
  if (result.code !== 0) {
    throw new EnvironmentError('GIT_FAILED', `git ${args.join(' ')} failed in ${cwd}`, {
      problems: result.stderr.trim().split('\n').filter(Boolean),
      next: 'efficacy needs a repository with at least one commit; check "git worktree list"',
    });
  }
}

async function withWorktree<T>(root: string, fn: (w: TempWorktree) => Promise<T>): Promise<T> {
  const tree = await computeSubjectTree(root, { excludes: [], cache: false });
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'proofgate-efficacy-')));
  const controller = new AbortController();
  let cleaned = false;
  const cleanup = (): void => {
    if (cleaned) return;
    cleaned = true;
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
    removeWorktreeSync(root, dir);
  };
  // Interrupted: kill the running control, remove the worktree, then die of the same signal.
  function onSignal(signal: NodeJS.Signals): void {
    controller.abort();
    cleanup();
    process.kill(process.pid, signal);
  }
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    await gitIn(root, ['worktree', 'add', '--detach', '--no-checkout', dir, 'HEAD']);
    await gitIn(dir, ['read-tree', '--reset', '-u', tree]);
    const modules = join(root, 'node_modules');
    if (existsSync(modules)) symlinkSync(realpathSync(modules), join(dir, 'node_modules'));
    const worktree: TempWorktree = { dir, signal: controller.signal };
    trees.set(worktree, tree);
    return await fn(worktree);
  } finally {
    cleanup();
  }
}

function inside(worktree: TempWorktree, file: string): string {
  const path = resolve(worktree.dir, file);
  const rel = relative(worktree.dir, path);
  if (rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) {
    throw new UsageError('BAD_VALUE', `${file} is outside the worktree`);
  }
  return path;
}

export function createEfficacyIO(): EfficacyIO {
  return {
    withWorktree,
    parseSyntax,
    async readProjectFile(root, file) {
      try {
        return await readFile(
          inside({ dir: root, signal: new AbortController().signal }, file),
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
    async listFiles(worktree, globs) {
      const result = await runGit(['ls-files', '-z', '--', ...globs.map(toGlobPathspec)], {
        cwd: worktree.dir,
      });
      if (result.code !== 0) throw new EnvironmentError('GIT_FAILED', 'git ls-files failed');
      return result.stdout.toString('utf8').split('\0').filter(Boolean).sort();
    },
    readText: (worktree, file) => readFile(inside(worktree, file), 'utf8'),
    writeText: (worktree, file, text) => writeFile(inside(worktree, file), text),
    async applyPatch(worktree, patch) {
      if (patch.length === 0) return 'the patch is empty';
      const result = await runGit([...NO_HOOKS, 'apply', '--whitespace=nowarn', '-'], {
        cwd: worktree.dir,
        pinsHooksPath: true,
        input: Buffer.from(patch),
      });
      return result.code === 0 ? undefined : result.stderr.trim() || 'git apply failed';
    },
    async setPresence(worktree, file, present) {
      const path = inside(worktree, file);
      if (!present) return rm(path, { recursive: true, force: true });
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, 'seeded by proofgate efficacy\n');
    },
    async reset(worktree) {
      const tree = trees.get(worktree);
      if (tree === undefined) throw new EnvironmentError('GIT_FAILED', 'unknown worktree');
      await gitIn(worktree.dir, ['read-tree', '--reset', '-u', tree]);
      await gitIn(worktree.dir, ['clean', '-fdq', '-e', 'node_modules']);
    },
    async readUserFile(cwd, path) {
      try {
        return new Uint8Array(await readFile(resolve(cwd, path)));
      } catch (error) {
        throw new UsageError('BAD_INPUT', `cannot read ${path}`, {
          where: path,
          next: 'pass an existing unified diff file (e.g. from "git diff")',
          cause: error,
        });
      }
    },
  };
}
