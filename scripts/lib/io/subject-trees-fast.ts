// Subject trees of many commits at once, without an index: when every exclude is a plain path
// (a directory `.proofgate/evidence/` or a file `.proofgate/INDEX.md`), a commit's subject tree is
// its tree with those entries cut out, so only the trees on the way to them are read (one
// `git cat-file --batch` per depth) and the changed trees are re-hashed here, exactly as git
// writes them. A directory left empty disappears, as it does from an index. Any other exclude (a
// glob) returns undefined and the caller falls back to the index.
import { createHash } from 'node:crypto';
import { runGit } from './git.ts';

interface TreeEntry {
  mode: string;
  /** The name's bytes as latin1 text, so that any name survives the round trip unchanged. */
  name: string;
  /** Raw bytes of "<mode> <name>\0", re-emitted as they are when the tree is re-hashed. */
  head: Buffer;
  /** Raw object id bytes. */
  id: Buffer;
}

/** One excluded path, as components; `dir/` cuts only a directory, a plain path either kind. */
export interface CutPath {
  parts: string[];
  directoryOnly: boolean;
}

/**
 * Each exclude as a path to cut, or undefined when one is a glob. Cuts what the exclude's git
 * pathspec removes from an index: `dir/` (`:(glob)dir/**`) everything under that directory, a
 * plain path (`:(glob)path`) that file or everything under that directory.
 */
export function plainPaths(excludes: readonly string[]): CutPath[] | undefined {
  const paths: CutPath[] = [];
  for (const glob of excludes) {
    if (/[*?[\]\\]/.test(glob)) return undefined;
    const directoryOnly = glob.endsWith('/');
    const parts = (directoryOnly ? glob.slice(0, -1) : glob).split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..')) return undefined;
    paths.push({ parts, directoryOnly });
  }
  return paths;
}

/** `paths` (relative to a directory `prefix` below the top level) relative to the top level. */
export function underPrefix(paths: readonly CutPath[], prefix: string): CutPath[] {
  const lead = prefix.split('/').filter((part) => part !== '');
  return paths.map((p) => ({ parts: [...lead, ...p.parts], directoryOnly: p.directoryOnly }));
}

/** The object format an object id of this length belongs to. */
export function formatOfId(id: string): 'sha1' | 'sha256' {
  return id.length === 64 ? 'sha256' : 'sha1';
}

function parseTree(bytes: Buffer, idLength: number): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const nul = bytes.indexOf(0, space);
    entries.push({
      mode: bytes.toString('latin1', at, space),
      name: bytes.toString('latin1', space + 1, nul),
      head: bytes.subarray(at, nul + 1),
      id: bytes.subarray(nul + 1, nul + 1 + idLength),
    });
    at = nul + 1 + idLength;
  }
  return entries;
}

/**
 * Reads objects by name (an id, or e.g. `<commit>^{tree}`) with one `git cat-file --batch`: for
 * each name its id and, when it is a tree, its bytes; names git cannot resolve are left out.
 */
async function readTrees(
  root: string,
  names: readonly string[],
): Promise<Map<string, { id: string; bytes: Buffer | undefined }>> {
  const found = new Map<string, { id: string; bytes: Buffer | undefined }>();
  if (names.length === 0) return found;
  const result = await runGit(['cat-file', '--batch'], {
    cwd: root,
    input: `${names.join('\n')}\n`,
  });
  const out = result.stdout;
  let at = 0;
  // git answers every input line in order: "<id> <type> <size>\n<content>\n" or "<name> missing".
  for (const name of names) {
    if (at >= out.length) break;
    const eol = out.indexOf(0x0a, at);
    const line = out.toString('latin1', at, eol);
    at = eol + 1;
    // "<name> missing" may hold spaces in the name; an object line is exactly three fields.
    const [id = '', type = '', size = '', extra] = line.split(' ');
    if (extra !== undefined || !/^[0-9a-f]+$/.test(id) || !/^[0-9]+$/.test(size)) continue;
    const end = at + Number(size);
    found.set(name, { id, bytes: type === 'tree' ? out.subarray(at, end) : undefined });
    at = end + 1;
  }
  return found;
}

/**
 * Every tree `cutPaths` reads under `root`: the root itself and the tree at each directory on the
 * way to a cut path (`<root>:<dir>`), so one `git cat-file --batch` reads them all.
 */
function treeNames(root: string, paths: readonly CutPath[]): string[] {
  const names = new Set([root]);
  for (const { parts } of paths)
    for (let depth = 1; depth < parts.length; depth++)
      names.add(`${root}:${parts.slice(0, depth).join('/')}`);
  return [...names];
}

export interface CutTrees {
  /** Commit (or the name the caller gave) → its subject tree id. */
  trees: Map<string, string>;
  /** The tree objects made by the cut (id → bytes), which the object store may not hold yet. */
  created: Map<string, Buffer>;
}

/**
 * Commit id → subject tree id for `commits` (with their root trees: an id, or a name such as
 * `<commit>^{tree}`), cutting `paths` out; undefined when a tree on the way cannot be read.
 */
export async function cutPaths(
  root: string,
  commits: readonly { commit: string; tree: string }[],
  excluded: readonly CutPath[],
  objectFormat: 'sha1' | 'sha256',
): Promise<CutTrees | undefined> {
  const idLength = objectFormat === 'sha1' ? 20 : 32;
  const roots = [...new Set(commits.map((c) => c.tree))];
  const read = await readTrees(
    root,
    roots.flatMap((r) => treeNames(r, excluded)),
  );
  const trees = new Map<string, Buffer>();
  for (const { id, bytes } of read.values()) if (bytes !== undefined) trees.set(id, bytes);
  // Names are compared as the latin1 text of their UTF-8 bytes, as parseTree reads them.
  const paths = excluded.map((p) => ({
    parts: p.parts.map((part) => Buffer.from(part, 'utf8').toString('latin1')),
    directoryOnly: p.directoryOnly,
  }));
  const created = new Map<string, Buffer>();
  const hashTree = (content: Buffer): string => {
    const id = createHash(objectFormat)
      .update(`tree ${content.length}\0`)
      .update(content)
      .digest('hex');
    created.set(id, content);
    return id;
  };
  const unreadable = new Error('a tree on the way was not read');
  /** The tree `id` with `cuts` cut out; undefined when nothing is left. */
  const cut = (id: string, cuts: readonly CutPath[]): string | undefined => {
    if (cuts.length === 0) return id;
    const bytes = trees.get(id);
    if (bytes === undefined) throw unreadable;
    const kept: Buffer[] = [];
    let changed = false;
    for (const e of parseTree(bytes, idLength)) {
      const here = cuts.filter((p) => p.parts[0] === e.name);
      const isTree = e.mode === '40000';
      if (here.some((p) => p.parts.length === 1 && (isTree || !p.directoryOnly))) {
        changed = true;
        continue;
      }
      let entryId = e.id;
      const deeper = here.filter((p) => p.parts.length > 1);
      if (isTree && deeper.length > 0) {
        const before = e.id.toString('hex');
        const after = cut(before, deeper.map(inner));
        if (after === undefined) {
          changed = true;
          continue;
        }
        if (after !== before) {
          changed = true;
          entryId = Buffer.from(after, 'hex');
        }
      }
      kept.push(e.head, entryId);
    }
    if (!changed) return id;
    return kept.length === 0 ? undefined : hashTree(Buffer.concat(kept));
  };
  try {
    const subjects = new Map(
      commits.map(({ commit, tree }) => {
        const id = read.get(tree)?.id;
        if (id === undefined) throw unreadable;
        return [commit, cut(id, paths) ?? hashTree(Buffer.alloc(0))];
      }),
    );
    return { trees: subjects, created };
  } catch (error) {
    if (error === unreadable) return undefined;
    throw error;
  }
}

function inner(path: CutPath): CutPath {
  return { parts: path.parts.slice(1), directoryOnly: path.directoryOnly };
}
