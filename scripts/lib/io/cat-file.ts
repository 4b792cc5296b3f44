// Several git objects read by name with one `git cat-file --batch` (one process instead of one
// `rev-parse` or `show` each): a name is anything git resolves, e.g. `<rev>^{commit}` or
// `<rev>:<path>`. Names git cannot resolve (missing, ambiguous) are left out of the answer.
import { runGit } from './git.ts';

export interface CatObject {
  id: string;
  type: string;
  bytes: Buffer;
}

/** The objects `names` resolve to, by name; throws only when git cannot be started. */
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
