// Subject trees of many commits at once, without an index: when every exclude is a path whose
// segments are plain names or one-segment globs (a directory `.proofgate/docs/`, a file
// `.proofgate/INDEX.md`, the ledger's `.proofgate/evidence/ledger/*.jsonl`), a commit's subject
// tree is its tree with those entries cut out, so only the trees on the way to them are read (one
// `git cat-file --batch` for the plain part, one more per globbed directory level) and the changed
// trees are re-hashed here, exactly as git writes them. A directory left empty disappears, as it
// does from an index. Any other exclude (`**`, a glob spanning directories) returns undefined and
// the caller falls back to the index.
import { createHash } from 'node:crypto';
import { readObjects } from '../git.ts';

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

const GLOB = /[*?[\]]/;

/**
 * Each exclude as a path to cut, or undefined when one cannot be cut segment by segment. Cuts what
 * the exclude's git pathspec removes from an index: `dir/` (`:(glob)dir/**`) everything under that
 * directory, a plain path (`:(glob)path`) that file or everything under that directory, and a
 * path whose last segments are globs (`dir/*.jsonl`) the files whose every segment matches (a
 * glob never matches a leading directory: `*` does not cross a `/`).
 */
export function plainPaths(excludes: readonly string[]): CutPath[] | undefined {
  const paths: CutPath[] = [];
  for (const glob of excludes) {
    if (/\\/.test(glob)) return undefined;
    const directoryOnly = glob.endsWith('/');
    const parts = (directoryOnly ? glob.slice(0, -1) : glob).split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('**')))
      return undefined;
    if (directoryOnly && GLOB.test(parts.at(-1) ?? '')) return undefined;
    paths.push({ parts, directoryOnly });
  }
  return paths;
}

const matchers = new Map<string, (name: string) => boolean>();

// git's wildmatch on one segment, byte for byte (names are compared as latin1 text of their bytes):
// `*` any run, `?` one byte, `[...]` a class (`[!...]` or `[^...]` negated).
function segmentMatcher(part: string): (name: string) => boolean {
  let matcher = matchers.get(part);
  if (matcher !== undefined) return matcher;
  if (!GLOB.test(part)) matcher = (name) => name === part;
  else {
    let source = '';
    for (let i = 0; i < part.length; i++) {
      const c = part[i]!;
      const close = c === '[' ? part.indexOf(']', i + 2) : -1;
      if (c === '*') source += '[\\s\\S]*';
      else if (c === '?') source += '[\\s\\S]';
      else if (close !== -1) {
        const body = part.slice(i + 1, close).replace(/^[!^]/, '^');
        source += `[${body.replace(/[\\\]]/g, '\\$&')}]`;
        i = close;
      } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
    const pattern = new RegExp(`^${source}$`);
    matcher = (name) => pattern.test(name);
  }
  matchers.set(part, matcher);
  return matcher;
}

/** Whether `path` (top-relative, `/`-separated) is cut by one of `paths`. */
export function isCutPath(path: string, paths: readonly CutPath[]): boolean {
  const names = path.split('/');
  return paths.some(({ parts, directoryOnly }) => {
    if (names.length < parts.length) return false;
    if (!parts.every((part, i) => segmentMatcher(part)(names[i]!))) return false;
    const last = parts.at(-1) ?? '';
    // a glob's last segment names files only; `dir/` only a directory's content; a plain path both
    if (GLOB.test(last)) return names.length === parts.length;
    return directoryOnly ? names.length > parts.length : true;
  });
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
  for (const [name, { id, type, bytes }] of await readObjects(root, names))
    found.set(name, { id, bytes: type === 'tree' ? bytes : undefined });
  return found;
}

/**
 * Every tree `cutPaths` reads under `root`: the root itself and the tree at each directory on the
 * way to a cut path (`<root>:<dir>`), so one `git cat-file --batch` reads them all.
 */
function treeNames(root: string, paths: readonly CutPath[]): string[] {
  const names = new Set([root]);
  for (const { parts } of paths) {
    const plain = parts.findIndex((part) => GLOB.test(part));
    const depth = Math.min(parts.length - 1, plain === -1 ? parts.length : plain);
    for (let d = 1; d <= depth; d++) names.add(`${root}:${parts.slice(0, d).join('/')}`);
  }
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
  const load = (found: typeof read): void => {
    for (const { id, bytes } of found.values()) if (bytes !== undefined) trees.set(id, bytes);
  };
  load(read);
  // Names are compared as the latin1 text of their UTF-8 bytes, as parseTree reads them.
  const paths = excluded.map((p) => ({
    parts: p.parts.map((part) => Buffer.from(part, 'utf8').toString('latin1')),
    directoryOnly: p.directoryOnly,
  }));
  let created = new Map<string, Buffer>();
  const missing = new Set<string>();
  const hashTree = (content: Buffer): string => {
    const id = createHash(objectFormat)
      .update(`tree ${content.length}\0`)
      .update(content)
      .digest('hex');
    created.set(id, content);
    return id;
  };
  /** The tree `id` with `cuts` cut out; undefined when nothing is left. */
  const cut = (id: string, cuts: readonly CutPath[]): string | undefined => {
    if (cuts.length === 0) return id;
    const bytes = trees.get(id);
    if (bytes === undefined) {
      // below a globbed directory: read with the next batch, then cut again
      missing.add(id);
      return id;
    }
    const kept: Buffer[] = [];
    let changed = false;
    for (const e of parseTree(bytes, idLength)) {
      const here = cuts.filter((p) => segmentMatcher(p.parts[0]!)(e.name));
      const isTree = e.mode === '40000';
      const cutHere = here.some(
        (p) =>
          p.parts.length === 1 && (GLOB.test(p.parts[0]!) ? !isTree : isTree || !p.directoryOnly),
      );
      if (cutHere) {
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
  for (;;) {
    missing.clear();
    created = new Map();
    const subjects = new Map<string, string>();
    for (const { commit, tree } of commits) {
      const id = read.get(tree)?.id;
      if (id === undefined) return undefined;
      subjects.set(commit, cut(id, paths) ?? hashTree(Buffer.alloc(0)));
    }
    if (missing.size === 0) return { trees: subjects, created };
    const more = await readTrees(root, [...missing]);
    if ([...missing].some((id) => more.get(id)?.bytes === undefined)) return undefined;
    load(more);
  }
}

function inner(path: CutPath): CutPath {
  return { parts: path.parts.slice(1), directoryOnly: path.directoryOnly };
}
