// The temporary index behind a subject tree. It is a copy of the repository's real index, so git's
// stat cache makes `git add -A` re-hash only files that changed (and when git status has already
// named them, `git add` is given exactly those paths); the real index and the working tree are
// never written. Each call owns a private temporary directory, so any number of processes can
// compute at once without contending for index.lock.
import { lstatSync } from 'node:fs';
import { copyFile, mkdtemp, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';
import {
  addToIndex,
  clearIndexFlags,
  emptyIndex,
  fillIndex,
  findRepositoryPaths,
  listStaged,
  type PrivateIndex,
  readTreeInto,
  removeFromIndex,
  type RepositoryPaths,
  storeTreeFiles,
  writeIndexTree,
} from '../git.ts';
import { cutPaths, formatOfId, isCutPath, plainPaths, underPrefix } from './subject-trees-fast.ts';

/** A temporary index: the directory git runs in (pathspecs are relative to it) and the file. */
export type SubjectIndex = PrivateIndex;

// Copies the real index (when there is one) and dates the copy 1 ms earlier than the original:
// git re-hashes entries modified at or after the index's own mtime ("racy git"), and an earlier
// date can only make it re-hash more, never trust a stale entry.
async function seedIndex(realIndex: string, copy: string): Promise<void> {
  const original = await stat(realIndex).catch(() => undefined);
  if (original === undefined) return;
  await copyFile(realIndex, copy);
  await utimes(copy, original.atime, new Date(Math.floor(original.mtimeMs) - 1));
}

/** What git status found: the paths to add and the index flags to clear first. */
export interface ListedChanges {
  dirty: readonly string[];
  untracked: readonly string[];
  flagged: readonly string[];
}

// `git add -A` over exactly the listed paths (git then looks at nothing else). An untracked file
// removed since status listed it is dropped and the add tried once more.
async function addChanges(
  index: SubjectIndex,
  top: string,
  listed: readonly string[],
  untracked: readonly string[],
): Promise<void> {
  if (listed.length === 0) return;
  const first = await addToIndex(index, listed);
  if (first === undefined) return;
  const isNew = new Set(untracked);
  const left = listed.filter(
    (path) => !isNew.has(path) || lstatSync(join(top, path), { throwIfNoEntry: false }),
  );
  const second = left.length === 0 ? first : await addToIndex(index, left);
  if (left.length > 0 && second === undefined) return;
  throw new EnvironmentError('GIT_FAILED', `git add failed: ${(second ?? '').trim()}`, {
    where: index.root,
    next: 'run "git status" in that repository to see what git objects to',
  });
}

// Keeps only the entries `includes` match: their `ls-files --stage` listing becomes a fresh index
// (`update-index --index-info` reads exactly that format). Removing the other entries one by one
// (`git rm --cached`) costs time quadratic in their number; this costs one pass.
async function keepOnly(index: SubjectIndex, includes: readonly string[]): Promise<void> {
  const kept = await listStaged(index, includes);
  const scoped: SubjectIndex = { root: index.root, file: `${index.file}.scoped` };
  if (kept.length === 0) await emptyIndex(scoped);
  else await fillIndex(scoped, kept);
  await rename(scoped.file, index.file);
}

export interface PreparedIndex {
  /** Clears the flagged entries, adds the changes git status listed and writes the tree. */
  writeTree(changes: ListedChanges): Promise<string>;
  /**
   * The subject tree when git status found the working tree and the index both equal to commit
   * `head`: that commit's tree with the excludes cut out, without the index. Undefined when the
   * excludes cannot be cut that way (a glob, an include list) or a tree cannot be read.
   */
  cleanTree(head: string): Promise<string | undefined>;
  /** Removes the temporary index; always call it, also when the tree was never written. */
  dispose(): Promise<void>;
}

async function removeExcluded(index: SubjectIndex, excludes: readonly string[]): Promise<void> {
  if (excludes.length === 0) return;
  await removeFromIndex(index, excludes);
}

// Writes the trees a cut made into the object store, as write-tree would have, so the subject
// tree can be read into an index or checked out; false when git does not store the same ids.
async function storeTrees(index: SubjectIndex, trees: ReadonlyMap<string, Buffer>) {
  if (trees.size === 0) return true;
  // Beside the temporary index, in its private directory: never in the working tree.
  const dir = dirname(index.file);
  const files = [...trees.values()].map((_bytes, i) => join(dir, `tree-${i}`));
  await Promise.all([...trees.values()].map((bytes, i) => writeFile(files[i]!, bytes)));
  const stored = await storeTreeFiles(index, files);
  return stored !== undefined && stored.join(' ') === [...trees.keys()].join(' ');
}

/**
 * The temporary index of the working tree minus `excludes` (globs relative to `root`): a copy of
 * the real index, made when a tree is first written from it. With `early`, the copy starts now
 * (it needs nothing from git status, so it runs while status does): for a caller that will write
 * a tree. A caller that may find the tree in the subject cache leaves it off, as copying a large
 * index (4.3 MB for 50k files) and deleting it again held a cache hit back 14-19 ms, measured.
 * When every exclude is a plain path (and no include list narrows the tree), the excluded
 * entries stay in the copy and are cut out of the written tree object instead (`cutPaths`, the
 * same cut `git rm --cached` makes, without rewriting a whole index), and the add skips them;
 * otherwise they are removed from the copy after the add. Both record the same tree.
 */
export function prepareSubjectIndex(
  root: string,
  paths: RepositoryPaths,
  excludes: readonly string[],
  includes: readonly string[] | undefined,
  early: boolean,
): PreparedIndex {
  let dir: string | undefined;
  const plain = includes === undefined ? plainPaths(excludes) : undefined;
  // The excludes are relative to `root`; the written tree is the whole repository's.
  const cuts = plain && underPrefix(plain, relative(paths.top, root).split(sep).join('/'));
  let started: Promise<SubjectIndex> | undefined;
  const ready = (): Promise<SubjectIndex> => {
    started ??= (async (): Promise<SubjectIndex> => {
      dir = await mkdtemp(join(tmpdir(), 'proofgate-subject-'));
      const file = join(dir, 'index');
      await seedIndex(paths.indexFile, file);
      return { root, file };
    })();
    started.catch(() => undefined); // observed by writeTree, cleanTree or dispose
    return started;
  };
  if (early) void ready();
  return {
    async writeTree(changes) {
      const index = await ready();
      if (!(await clearIndexFlags(paths.top, index.file, changes.flagged)))
        throw new EnvironmentError('GIT_FAILED', 'git update-index could not clear index flags', {
          where: root,
          next: 'run "git ls-files -v" in that repository to see its flagged entries',
        });
      // Excluded paths the tree cut would drop are not even hashed; with glob excludes the add takes
      // everything and they are removed from the index after it. The add is given no exclude
      // pathspecs: git 2.39 silently adds nothing for a single literal path in a new directory
      // when an exclude pathspec accompanies it, and refuses the whole add when an exclude
      // pathspec names an ignored directory.
      const listed =
        cuts === undefined ? changes.dirty : changes.dirty.filter((p) => !isCutPath(p, cuts));
      await addChanges(index, paths.top, listed, changes.untracked);
      if (cuts === undefined) await removeExcluded(index, excludes);
      if (includes !== undefined) await keepOnly(index, includes);
      if (cuts === undefined || cuts.length === 0) return writeIndexTree(index);
      // An excluded entry can keep the whole tree from being written (an unmerged ledger
      // segment) or a tree on the way can fail to read: then remove the entries after all.
      const whole = await writeIndexTree(index).catch(() => undefined);
      if (whole !== undefined) {
        const cut = await cutPaths(root, [{ commit: whole, tree: whole }], cuts, formatOfId(whole));
        const tree = cut?.trees.get(whole);
        if (tree !== undefined && (await storeTrees(index, cut!.created))) return tree;
      }
      await removeExcluded(index, excludes);
      return writeIndexTree(index);
    },
    async cleanTree(head) {
      if (cuts === undefined) return undefined;
      const tree = `${head}^{tree}`;
      const cut = await cutPaths(root, [{ commit: head, tree }], cuts, formatOfId(head));
      const subject = cut?.trees.get(head);
      if (subject === undefined) return undefined;
      return (await storeTrees(await ready(), cut!.created)) ? subject : undefined;
    },
    async dispose() {
      await started?.catch(() => undefined);
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Reads `commit` into `index` and writes its subject tree (minus `excludes`, within `includes`). */
export async function commitSubjectOf(
  index: SubjectIndex,
  commit: string,
  excludes: readonly string[],
  includes: readonly string[] | undefined,
): Promise<string> {
  await readTreeInto(index, commit);
  if (excludes.length > 0) await removeFromIndex(index, excludes);
  if (includes !== undefined) await keepOnly(index, includes);
  return writeIndexTree(index);
}

/** A temporary index holding exactly `tree`, for listing paths in a tree with glob pathspecs. */
export async function withTreeIndex<T>(
  root: string,
  tree: string,
  use: (index: SubjectIndex) => Promise<T>,
): Promise<T> {
  await findRepositoryPaths(root);
  const dir = await mkdtemp(join(tmpdir(), 'proofgate-tree-'));
  try {
    const index: SubjectIndex = { root, file: join(dir, 'index') };
    await readTreeInto(index, tree);
    return await use(index);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
