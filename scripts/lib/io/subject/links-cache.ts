// The symbolic links of a subject tree, for the check that none leads outside the repository
// (bindable-bytes.ts). Which links a tree holds depends on its id alone, so the listings of the last
// trees checked are kept in the worktree's git dir (never the working tree), and a new tree's is
// derived from the latest kept one through git's diff of the two trees, which reads only the
// subtrees whose ids differ, instead of listing every entry (50k of them: a tenth of a second on
// the Stop hook's path once a file was edited). Where each link leads is still resolved on every
// check: only the listing is kept. Like the subject cache (subject-cache.ts) it is a convenience,
// not a trust anchor (references/local-trust.md): a clean clone has none, so `claim --base` in CI
// lists the tree in full.
import { diffTreeSymlinks, listTreeSymlinks, type RepositoryPaths } from '../git.ts';
import { OBJECT_ID, readStore, writeStore, type GitDirStore } from './git-dir-store.ts';

interface StoreEntry {
  tree: string;
  links: string[];
}

const STORE: GitDirStore<StoreEntry> = {
  name: 'proofgate-links-cache.json',
  format: 'proofgate-links-cache-v1',
  keep: 8,
  isEntry: (e): e is StoreEntry =>
    typeof e === 'object' &&
    e !== null &&
    typeof (e as StoreEntry).tree === 'string' &&
    OBJECT_ID.test((e as StoreEntry).tree) &&
    Array.isArray((e as StoreEntry).links) &&
    (e as StoreEntry).links.every((link) => typeof link === 'string'),
};

/**
 * The paths of the symbolic links in `tree`, from its top; undefined if git cannot list them.
 * `cached: false` lists the tree in full and leaves the store alone.
 */
export async function treeSymlinks(
  paths: RepositoryPaths,
  tree: string,
  cached: boolean,
): Promise<string[] | undefined> {
  if (!cached) return listTreeSymlinks(paths.top, tree);
  const entries = readStore(paths.gitDir, STORE);
  const known = entries.find((entry) => entry.tree === tree);
  if (known !== undefined) return known.links;
  const latest = entries[0];
  const changes =
    latest === undefined ? undefined : await diffTreeSymlinks(paths.top, latest.tree, tree);
  let links: string[] | undefined;
  if (latest !== undefined && changes !== undefined) {
    const changed = new Set(changes.changed);
    links = [...latest.links.filter((link) => !changed.has(link)), ...changes.links].sort();
  } else links = await listTreeSymlinks(paths.top, tree);
  if (links !== undefined) writeStore(paths.gitDir, STORE, [{ tree, links }, ...entries]);
  return links;
}
