// A private index file (never the repository's real index): read a tree into it, add the paths git
// status listed, cut paths out of it, list what it holds, and write it as a tree. Behind the
// subject binding (io/subject/subject-index.ts), the inputs digests and a commit's subject tree.
import { EnvironmentError } from '../../core/errors.ts';
import { toGlobPathspec } from '../../core/shared/pathspec.ts';
import { runGit, type GitResult } from './run-git.ts';

export interface PrivateIndex {
  /** Directory git runs in; pathspecs are relative to it. */
  root: string;
  /** The index file git reads and writes instead of the real one (GIT_INDEX_FILE). */
  file: string;
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

function run(index: PrivateIndex, args: readonly string[], input?: string | Buffer) {
  return runGit([...GIT_CONFIG, ...args], {
    cwd: index.root,
    env: { GIT_INDEX_FILE: index.file },
    ...(input === undefined ? {} : { input }),
  });
}

const failed = (index: PrivateIndex, what: string, result: GitResult): EnvironmentError =>
  new EnvironmentError('GIT_FAILED', `git ${what} failed: ${result.stderr.trim()}`, {
    where: index.root,
    next: 'run "git status" in that repository to see what git objects to',
  });

/** Runs git against the private index; any failure is EnvironmentError GIT_FAILED (exit 4). */
async function indexed(index: PrivateIndex, args: readonly string[]): Promise<Buffer> {
  const result = await run(index, args);
  if (result.code !== 0) throw failed(index, args[0] ?? '', result);
  return result.stdout;
}

/** Replaces the index's content with `treeish` (a tree or commit). */
export async function readTreeInto(index: PrivateIndex, treeish: string): Promise<void> {
  await indexed(index, ['read-tree', treeish]);
}

/** Empties the index. */
export async function emptyIndex(index: PrivateIndex): Promise<void> {
  await indexed(index, ['read-tree', '--empty']);
}

/** Writes the index as tree objects and returns the top tree's id. */
export async function writeIndexTree(index: PrivateIndex): Promise<string> {
  return (await indexed(index, ['write-tree'])).toString('utf8').trim();
}

/** Drops every entry `globs` (relative to the index's root) match from the index. */
export async function removeFromIndex(
  index: PrivateIndex,
  globs: readonly string[],
): Promise<void> {
  const remove = ['rm', '--cached', '-r', '-q', '-f', '--ignore-unmatch', '--'];
  await indexed(index, [...remove, ...globs.map(toGlobPathspec)]);
}

/** The `ls-files --stage -z` records of the entries `globs` match. */
export function listStaged(index: PrivateIndex, globs: readonly string[]): Promise<Buffer> {
  return indexed(index, ['ls-files', '--stage', '-z', '--', ...globs.map(toGlobPathspec)]);
}

/** Adds `records` (in `ls-files --stage -z` format) to the index. */
export async function fillIndex(index: PrivateIndex, records: Buffer): Promise<void> {
  const result = await run(index, ['update-index', '-z', '--index-info'], records);
  if (result.code !== 0) throw failed(index, 'update-index', result);
}

/**
 * `git add -A` over exactly `paths` (top-relative, taken literally; ignored ones too): git then
 * looks at nothing else. Git's complaint when it refuses, else undefined.
 */
export async function addToIndex(
  index: PrivateIndex,
  paths: readonly string[],
): Promise<string | undefined> {
  const input = `${paths.map((path) => `:(top,literal)${path}`).join('\0')}\0`;
  // -f: the list already holds exactly the files to record (status judged what is ignored, by
  // the repository's .gitignore files alone); --pathspec-from-file: no argument-length limit.
  const args = ['add', '-A', '-f', '--pathspec-from-file=-', '--pathspec-file-nul'];
  const result = await run(index, args, input);
  return result.code === 0 ? undefined : result.stderr;
}

/**
 * Writes each file of `files` into the object store as a tree object, byte for byte (no filters);
 * the ids git gave them in order, or undefined when git refused.
 */
export async function storeTreeFiles(
  index: PrivateIndex,
  files: readonly string[],
): Promise<string[] | undefined> {
  const args = ['hash-object', '-w', '-t', 'tree', '--no-filters', '--stdin-paths'];
  const result = await run(index, args, `${files.join('\n')}\n`);
  return result.code === 0 ? result.stdout.toString('utf8').trim().split('\n') : undefined;
}

/** Writes `bytes` into the object store as a blob, byte for byte (no filters); its id. */
export async function storeBlob(index: PrivateIndex, bytes: Buffer): Promise<string> {
  const result = await run(index, ['hash-object', '-w', '--no-filters', '--stdin'], bytes);
  if (result.code !== 0) throw failed(index, 'hash-object', result);
  return result.stdout.toString('utf8').trim();
}

/**
 * The `git ls-files -s -z` listing of the entries `globs` match, and the globs that match
 * nothing (each asked on its own once the whole set fails).
 */
export async function matchStaged(
  index: PrivateIndex,
  globs: readonly string[],
): Promise<{ listing: Uint8Array; unmatched: string[] }> {
  const args = ['ls-files', '-s', '-z', '--error-unmatch', '--'];
  const ask = (pathspecs: readonly string[]): Promise<GitResult> =>
    runGit([...args, ...pathspecs], { cwd: index.root, env: { GIT_INDEX_FILE: index.file } });
  const all = await ask(globs.map(toGlobPathspec));
  if (all.code === 0) return { listing: all.stdout, unmatched: [] };
  const unmatched: string[] = [];
  for (const glob of globs) {
    const one = await ask([toGlobPathspec(glob)]);
    if (one.code !== 0) unmatched.push(glob);
  }
  // Every glob matches alone but not together: git failed for another reason, named here.
  if (unmatched.length === 0) await indexed(index, [...args, ...globs.map(toGlobPathspec)]);
  return { listing: all.stdout, unmatched };
}
