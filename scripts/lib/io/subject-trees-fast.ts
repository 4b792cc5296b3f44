// Subject trees of many commits at once, without an index: when every exclude is a plain directory
// (`.proofgate/evidence/`), a commit's subject tree is its tree with those directories cut out, so
// only the trees on the way to them are read (one `git cat-file --batch` per depth) and the changed
// trees are re-hashed here, exactly as git writes them. A directory left empty disappears, as it
// does from an index. Any other exclude (a glob, a declared output file) returns undefined and
// the caller falls back to the index.
import { createHash } from 'node:crypto';
import { runGit } from './git.ts';

interface TreeEntry {
  mode: string;
  name: string;
  /** Raw object id bytes. */
  id: Buffer;
}

/** Path components of each excluded directory, or undefined when one is not a plain directory. */
export function plainDirectories(excludes: readonly string[]): string[][] | undefined {
  const dirs: string[][] = [];
  for (const glob of excludes) {
    if (!glob.endsWith('/') || /[*?[\]\\]/.test(glob)) return undefined;
    const parts = glob.slice(0, -1).split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..')) return undefined;
    dirs.push(parts);
  }
  return dirs;
}

function parseTree(bytes: Buffer, idLength: number): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const nul = bytes.indexOf(0, space);
    entries.push({
      mode: bytes.toString('latin1', at, space),
      name: bytes.toString('utf8', space + 1, nul),
      id: bytes.subarray(nul + 1, nul + 1 + idLength),
    });
    at = nul + 1 + idLength;
  }
  return entries;
}

/** Reads tree objects by id with one `git cat-file --batch`; ids git lacks are left out. */
async function readTrees(root: string, ids: readonly string[], into: Map<string, Buffer>) {
  const wanted = ids.filter((id) => !into.has(id));
  if (wanted.length === 0) return;
  const result = await runGit(['cat-file', '--batch'], {
    cwd: root,
    input: `${wanted.join('\n')}\n`,
  });
  const out = result.stdout;
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(0x0a, at);
    const [id = '', type = '', size = ''] = out.toString('latin1', at, eol).split(' ');
    at = eol + 1;
    if (type === 'missing' || size === '') continue;
    const end = at + Number(size);
    if (type === 'tree') into.set(id, out.subarray(at, end));
    at = end + 1;
  }
}

/**
 * Commit id → subject tree id for `commits` (with their root trees), cutting `dirs` out; undefined
 * when a tree on the way cannot be read.
 */
export async function cutDirectories(
  root: string,
  commits: readonly { commit: string; tree: string }[],
  dirs: readonly string[][],
  objectFormat: 'sha1' | 'sha256',
): Promise<Map<string, string> | undefined> {
  const idLength = objectFormat === 'sha1' ? 20 : 32;
  const trees = new Map<string, Buffer>();
  let frontier = [...new Set(commits.map((c) => c.tree))].map((id) => ({ id, paths: dirs }));
  while (frontier.length > 0) {
    await readTrees(root, [...new Set(frontier.map((f) => f.id))], trees);
    const next: { id: string; paths: readonly string[][] }[] = [];
    for (const { id, paths } of frontier) {
      const bytes = trees.get(id);
      if (bytes === undefined) return undefined;
      for (const e of parseTree(bytes, idLength)) {
        const deeper = paths.filter((p) => p[0] === e.name && p.length > 1);
        if (deeper.length > 0 && e.mode === '40000')
          next.push({ id: e.id.toString('hex'), paths: deeper.map((p) => p.slice(1)) });
      }
    }
    frontier = next;
  }
  const hashTree = (content: Buffer): string =>
    createHash(objectFormat).update(`tree ${content.length}\0`).update(content).digest('hex');
  /** The tree `id` with `paths` cut out; undefined when nothing is left. */
  const cut = (id: string, paths: readonly string[][]): string | undefined => {
    if (paths.length === 0) return id;
    const kept: Buffer[] = [];
    let changed = false;
    for (const e of parseTree(trees.get(id)!, idLength)) {
      const here = paths.filter((p) => p[0] === e.name);
      const isTree = e.mode === '40000';
      if (isTree && here.some((p) => p.length === 1)) {
        changed = true;
        continue;
      }
      let entryId = e.id;
      if (isTree && here.length > 0) {
        const inner = cut(
          e.id.toString('hex'),
          here.map((p) => p.slice(1)),
        );
        if (inner === undefined) {
          changed = true;
          continue;
        }
        if (inner !== e.id.toString('hex')) {
          changed = true;
          entryId = Buffer.from(inner, 'hex');
        }
      }
      kept.push(Buffer.from(`${e.mode} ${e.name}\0`, 'utf8'), entryId);
    }
    if (!changed) return id;
    return kept.length === 0 ? undefined : hashTree(Buffer.concat(kept));
  };
  return new Map(
    commits.map(({ commit, tree }) => [commit, cut(tree, dirs) ?? hashTree(Buffer.alloc(0))]),
  );
}
