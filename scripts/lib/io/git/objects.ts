// Git objects by name or id: their bytes, sizes and presence, read with as few processes as the
// question allows (one `git cat-file --batch` for any number of names), and the id git would give
// some bytes, computed in process.
import { createHash } from 'node:crypto';
import { gitOutput, runGit } from './run-git.ts';

export type ObjectFormat = 'sha1' | 'sha256';

/** The git object id of `bytes` as an object of `type`, computed in process (no hash-object). */
export function gitObjectId(
  type: 'blob' | 'tree',
  bytes: Uint8Array,
  format: ObjectFormat = 'sha1',
): string {
  return createHash(format).update(`${type} ${bytes.length}\0`).update(bytes).digest('hex');
}

export interface CatObject {
  id: string;
  type: string;
  bytes: Buffer;
}

/**
 * The objects `names` resolve to, by name, with one `git cat-file --batch` (one process instead of
 * one `rev-parse` or `show` each): a name is anything git resolves, e.g. `<rev>^{commit}` or
 * `<rev>:<path>`. Names git cannot resolve (missing, ambiguous) are left out of the answer; throws
 * only when git cannot be started.
 */
export async function readObjects(
  root: string,
  names: readonly string[],
): Promise<Map<string, CatObject>> {
  const found = new Map<string, CatObject>();
  // A name on several lines would shift every answer after it: such a name is never asked.
  const asked = names.filter((n) => n !== '' && !/[\n\r]/.test(n));
  if (asked.length === 0) return found;
  const result = await runGit(['cat-file', '--batch'], {
    cwd: root,
    input: `${asked.join('\n')}\n`,
  });
  if (result.code !== 0) return found;
  const out = result.stdout;
  let at = 0;
  // git answers every line in order: "<id> <type> <size>\n<content>\n", or "<name> missing".
  for (const name of asked) {
    const eol = out.indexOf(0x0a, at);
    if (eol === -1) break;
    const [id = '', type = '', size = '', extra] = out.toString('latin1', at, eol).split(' ');
    at = eol + 1;
    if (extra !== undefined || !/^[0-9a-f]{40,64}$/.test(id) || !/^[0-9]+$/.test(size)) continue;
    const end = at + Number(size);
    found.set(name, { id, type, bytes: out.subarray(at, end) });
    at = end + 1;
  }
  return found;
}

/**
 * The size of each blob among `ids` (`git cat-file --batch-check`, one call); a missing one or
 * another type is left out. A failing git is GIT_FAILED with `next`.
 */
export async function blobSizes(
  root: string,
  ids: ReadonlySet<string>,
  next: string,
): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (ids.size === 0) return sizes;
  const input = `${[...ids].join('\n')}\n`;
  const out = await gitOutput(['cat-file', '--batch-check'], { cwd: root, input }, next);
  for (const line of out.toString('utf8').split('\n')) {
    const [id = '', type = '', size = ''] = line.split(' ');
    if (type === 'blob' && /^[0-9]+$/.test(size)) sizes.set(id, Number(size));
  }
  return sizes;
}

/** The bytes of blob `id`, or undefined when git cannot read it. */
export async function readBlob(root: string, id: string): Promise<Buffer | undefined> {
  const blob = await runGit(['cat-file', 'blob', id], { cwd: root });
  return blob.code === 0 ? blob.stdout : undefined;
}

/** The size in bytes of the object `name` names (e.g. `HEAD:<path>`), or undefined. */
export async function objectSize(root: string, name: string): Promise<number | undefined> {
  const blob = await runGit(['cat-file', '-s', name], { cwd: root });
  return blob.code === 0 ? Number(blob.stdout.toString('utf8').trim()) : undefined;
}

/** Whether `object` (a commit or tree id) is in the object store. */
export async function objectExists(root: string, object: string): Promise<boolean> {
  return (await runGit(['cat-file', '-e', object], { cwd: root })).code === 0;
}
