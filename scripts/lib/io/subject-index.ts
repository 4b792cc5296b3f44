// The temporary index behind a subject tree. It is a copy of the repository's real index, so git's
// stat cache makes `git add -A` re-hash only files that changed; the real index and the working
// tree are never written. Each call owns a private temporary directory, so any number of processes
// can compute at once without contending for index.lock.
import { copyFile, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toExcludePathspec, toGlobPathspec } from '../core/binding/pathspec.ts';
import { EnvironmentError } from '../core/errors.ts';
import { runGit } from './git.ts';

export interface SubjectIndex {
  /** Directory git runs in; pathspecs are relative to it. */
  root: string;
  /** Environment that points git at the temporary index. */
  env: Record<string, string>;
}

// Settings that would change what `git add` records or make it refuse are pinned: an unreadable
// file must fail the computation (add.ignoreErrors), and a CRLF warning must not stop it
// (core.safecrlf only warns or refuses; the conversion itself follows the user's settings).
const GIT_CONFIG = [
  ['core.splitIndex', 'false'],
  ['add.ignoreErrors', 'false'],
  ['core.safecrlf', 'false'],
  ['advice.addEmbeddedRepo', 'false'],
].flatMap(([key, value]) => ['-c', `${key}=${value ?? ''}`]);

/** Runs git against the temporary index; any failure is EnvironmentError GIT_FAILED (exit 4). */
export async function gitIndexed(index: SubjectIndex, args: string[]): Promise<Buffer> {
  const result = await runGit([...GIT_CONFIG, ...args], { cwd: index.root, env: index.env });
  if (result.code !== 0) {
    throw new EnvironmentError(
      'GIT_FAILED',
      `git ${args[0] ?? ''} failed: ${result.stderr.trim()}`,
      {
        where: index.root,
        next: 'run "git status" in that repository to see what git objects to',
      },
    );
  }
  return result.stdout;
}

/** Absolute path of the repository's real index (per worktree); NOT_A_GIT_REPO outside git. */
async function findRealIndex(root: string): Promise<string> {
  const result = await runGit(
    ['rev-parse', '--is-inside-work-tree', '--path-format=absolute', '--git-path', 'index'],
    { cwd: root },
  ).catch(async (error: unknown) => {
    if (await stat(root).catch(() => undefined)) throw error; // git itself could not start
    throw new EnvironmentError('NOT_A_GIT_REPO', `${root} does not exist`, {
      where: root,
      next: 'pass --root <a directory inside a git repository>',
      cause: error,
    });
  });
  const [inside, path] = result.stdout.toString('utf8').split('\n');
  if (result.code !== 0 || inside !== 'true' || path === undefined || path === '') {
    throw new EnvironmentError('NOT_A_GIT_REPO', `${root} is not inside a git working tree`, {
      where: root,
      expected: 'a directory inside a git repository with a working tree',
      next: 'run "git init" there first, or pass --root <repository>',
    });
  }
  return path;
}

// Copies the real index (when there is one) and dates the copy 1 ms earlier than the original:
// git re-hashes entries modified at or after the index's own mtime ("racy git"), and an earlier
// date can only make it re-hash more, never trust a stale entry.
async function seedIndex(realIndex: string, copy: string): Promise<void> {
  const original = await stat(realIndex).catch(() => undefined);
  if (original === undefined) return;
  await copyFile(realIndex, copy);
  await utimes(copy, original.atime, new Date(Math.floor(original.mtimeMs) - 1));
}

/**
 * Builds the temporary index of the working tree minus `excludes` (globs relative to `root`),
 * writes its tree and hands both to `use`; the temporary files are removed afterwards.
 */
export async function withSubjectIndex<T>(
  root: string,
  excludes: readonly string[],
  use: (index: SubjectIndex, tree: string) => Promise<T>,
): Promise<T> {
  const realIndex = await findRealIndex(root);
  const dir = await mkdtemp(join(tmpdir(), 'proofgate-subject-'));
  try {
    const indexFile = join(dir, 'index');
    await seedIndex(realIndex, indexFile);
    const index: SubjectIndex = { root, env: { GIT_INDEX_FILE: indexFile } };
    await gitIndexed(index, ['add', '-A', '--', ':/', ...excludes.map(toExcludePathspec)]);
    if (excludes.length > 0) {
      const remove = ['rm', '--cached', '-r', '-q', '-f', '--ignore-unmatch', '--'];
      await gitIndexed(index, [...remove, ...excludes.map(toGlobPathspec)]);
    }
    const tree = (await gitIndexed(index, ['write-tree'])).toString('utf8').trim();
    return await use(index, tree);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A temporary index holding exactly `tree`, for listing paths in a tree with glob pathspecs. */
export async function withTreeIndex<T>(
  root: string,
  tree: string,
  use: (index: SubjectIndex) => Promise<T>,
): Promise<T> {
  await findRealIndex(root);
  const dir = await mkdtemp(join(tmpdir(), 'proofgate-tree-'));
  try {
    const index: SubjectIndex = { root, env: { GIT_INDEX_FILE: join(dir, 'index') } };
    await gitIndexed(index, ['read-tree', tree]);
    return await use(index);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
