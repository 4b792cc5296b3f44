// The real EfficacyIO: a temporary git worktree holding exactly the current working tree, in which
// seeded defects are planted and controls run. The user's working tree and index are never
// written: the state is captured as a tree object through a private index (computeSubjectTree),
// the worktree is created detached without checkout and filled from that tree with its own index.
// A signal removes it at once on the file system (io/git/worktree.ts discardWorktreeNow), before
// the process dies of the signal; otherwise git removes it when the work is done.
import { existsSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { EnvironmentError, UsageError } from '../../core/errors.ts';
import {
  addDetachedWorktree,
  applyPatch as applyGitPatch,
  checkOutTree,
  discardWorktreeNow,
  findRepositoryPaths,
  listWorktreeFiles,
  removeUntracked,
  removeWorktree,
} from '../git.ts';
import { computeSubjectTree } from '../subject/subject.ts';
import type { EfficacyIO, TempWorktree } from '../../core/ports.ts';
import { parseSyntax } from '../host/syntax-parser.ts';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const trees = new WeakMap<TempWorktree, string>();

async function withWorktree<T>(root: string, fn: (w: TempWorktree) => Promise<T>): Promise<T> {
  const tree = await computeSubjectTree(root, { excludes: [], cache: false });
  const { commonDir } = await findRepositoryPaths(root);
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'proofgate-efficacy-')));
  const controller = new AbortController();
  const stopListening = (): void => {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  };
  // Interrupted: kill the running control, remove the worktree, then die of the same signal.
  function onSignal(signal: NodeJS.Signals): void {
    controller.abort();
    stopListening();
    discardWorktreeNow(commonDir, dir);
    process.kill(process.pid, signal);
  }
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    await addDetachedWorktree(root, dir);
    await checkOutTree(dir, tree);
    const modules = join(root, 'node_modules');
    if (existsSync(modules)) symlinkSync(realpathSync(modules), join(dir, 'node_modules'));
    const worktree: TempWorktree = { dir, signal: controller.signal };
    trees.set(worktree, tree);
    return await fn(worktree);
  } finally {
    // A signal meanwhile still removes the worktree at once (the handlers stay until it is gone).
    await removeWorktree(root, dir);
    stopListening();
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

/** A file's mtime in seconds (with the fraction), undefined when it does not exist. */
async function mtimeSeconds(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs / 1000;
  } catch {
    return undefined;
  }
}

// Mutants are planted and undone in place, one after the other, often within one second. A cache
// that trusts a source's mtime and size (CPython's .pyc holds whole seconds and bytes, so does
// pytest's assertion rewrite) would run the previous mutant when the next has the same length
// (`>` → `>=`, then `100` → `None`): the control then judges stale code. Each write moves the
// file's mtime to a whole second later than the one it had and not before the write itself, so
// no version is ever mistaken for another, and a build newer than an earlier version is stale.
async function writeStamped(path: string, text: string): Promise<void> {
  const before = await mtimeSeconds(path);
  await writeFile(path, text);
  const written = (await mtimeSeconds(path)) ?? Date.now() / 1000;
  const second = Math.max(Math.ceil(written), before === undefined ? 0 : Math.floor(before) + 1);
  await utimes(path, second, second);
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
    listFiles: (worktree, globs) => listWorktreeFiles(worktree.dir, globs),
    readText: (worktree, file) => readFile(inside(worktree, file), 'utf8'),
    writeText: (worktree, file, text) => writeStamped(inside(worktree, file), text),
    async applyPatch(worktree, patch) {
      if (patch.length === 0) return 'the patch is empty';
      return applyGitPatch(worktree.dir, patch);
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
      await checkOutTree(worktree.dir, tree);
      await removeUntracked(worktree.dir, ['node_modules']);
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
