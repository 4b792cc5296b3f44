// What a commit's tree holds under some paths (`git ls-tree`), without checking anything out.
import { treeFilesWithSizesArgs } from './first-questions.ts';
import { runGit } from './run-git.ts';

/** One entry of a listed tree. */
export interface TreeEntry {
  mode: string;
  /** `blob`, `tree` or `commit` (a submodule). */
  type: string;
  id: string;
  /** The object's size in bytes, when asked for (blobs only). */
  size: number | undefined;
  /** Relative to the top of the tree (`--full-tree`) or to the directory asked from. */
  path: string;
}

// `<mode> <type> <id>[ <size>]\t<path>`, the size padded with spaces.
function parseEntries(out: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const row of out.toString('utf8').split('\0')) {
    const tab = row.indexOf('\t');
    if (tab === -1) continue;
    const [mode = '', type = '', id = '', size] = row.slice(0, tab).split(/ +/);
    entries.push({
      mode,
      type,
      id,
      size: size === undefined ? undefined : Number(size),
      path: row.slice(tab + 1),
    });
  }
  return entries;
}

/**
 * Every file under `dir` (from the top of the tree) at `commit`, recursively, with blob sizes;
 * undefined when git cannot list it (e.g. HEAD in a repository without commits).
 */
export async function listTreeFilesWithSizes(
  root: string,
  commit: string,
  dir: string,
): Promise<TreeEntry[] | undefined> {
  const listing = await runGit(treeFilesWithSizesArgs(commit, dir), { cwd: root });
  return listing.code === 0 ? parseEntries(listing.stdout) : undefined;
}

/** Every file under `dirs` (relative to `root`) at `commit`, recursively; undefined if unlisted. */
export async function listTreeFiles(
  root: string,
  commit: string,
  dirs: readonly string[],
): Promise<TreeEntry[] | undefined> {
  const listed = await runGit(['ls-tree', '-r', '-z', commit, '--', ...dirs], { cwd: root });
  return listed.code === 0 ? parseEntries(listed.stdout) : undefined;
}

/**
 * Which of `paths` exist at `rev` (their names as ls-tree prints them), or git's complaint when it
 * cannot read `rev`.
 */
export async function listTreePaths(
  root: string,
  rev: string,
  paths: readonly string[],
): Promise<{ names: string[] } | { failed: string }> {
  const listed = await runGit(['ls-tree', '--name-only', rev, '--', ...paths], { cwd: root });
  if (listed.code === 0)
    return { names: listed.stdout.toString('utf8').split('\n').filter(Boolean) };
  return { failed: listed.stderr.trim() || `exit ${listed.code}` };
}

const LINK_MODE = Buffer.from('120000 ');

/**
 * The paths of the rows of a `git ls-tree -z` listing whose mode is 120000, read from the bytes:
 * a whole tree lists every file, and only its few links need a string.
 */
export function symlinkRows(out: Buffer): string[] {
  const paths: string[] = [];
  for (let start = 0; start < out.length;) {
    const nul = out.indexOf(0, start);
    const end = nul === -1 ? out.length : nul;
    if (out.compare(LINK_MODE, 0, LINK_MODE.length, start, start + LINK_MODE.length) === 0) {
      const tab = out.indexOf(9, start);
      if (tab !== -1 && tab < end) paths.push(out.toString('utf8', tab + 1, end));
    }
    start = end + 1;
  }
  return paths;
}

/** The paths of the symbolic links in `tree` (mode 120000), from its top; undefined if unlisted. */
export async function listTreeSymlinks(root: string, tree: string): Promise<string[] | undefined> {
  const listed = await runGit(['ls-tree', '-r', '-z', '--full-tree', tree], { cwd: root });
  if (listed.code !== 0) return undefined;
  return symlinkRows(listed.stdout);
}

/** How the symbolic links of one tree differ from another's, from git's diff of the two. */
export interface SymlinkChanges {
  /** Every path whose entry differs, was added or was removed (a link among them or not). */
  changed: string[];
  /** The changed paths that are symbolic links (mode 120000) in the second tree. */
  links: string[];
}

/**
 * The entries that differ between trees `from` and `to` (`git diff-tree -r`, which reads only the
 * subtrees whose ids differ), as the paths changed and those of them that are links in `to`;
 * undefined if git cannot compare them (an object pruned, say).
 */
export async function diffTreeSymlinks(
  root: string,
  from: string,
  to: string,
): Promise<SymlinkChanges | undefined> {
  const diffed = await runGit(['diff-tree', '-r', '-z', '--no-renames', from, to], { cwd: root });
  if (diffed.code !== 0) return undefined;
  const changes: SymlinkChanges = { changed: [], links: [] };
  // `:<old mode> <new mode> <old id> <new id> <status>\0<path>\0` per changed entry
  const fields = diffed.stdout.toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i] ?? '';
    const path = fields[i + 1] ?? '';
    if (!meta.startsWith(':')) return undefined;
    changes.changed.push(path);
    if (meta.split(' ')[1] === '120000') changes.links.push(path);
  }
  return changes;
}
