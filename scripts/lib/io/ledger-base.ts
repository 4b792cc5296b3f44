// The ledger segments as they are on a base git ref, for `verify --base` (anchor-ledger.md §4):
// one `git ls-tree` and one `git cat-file --batch` for all segment blobs.
import { UsageError } from '../core/errors.ts';
import { gitText, runGit } from './git.ts';

/** Repository-relative segment path → its bytes on `ref`. */
export async function readBaseSegments(
  root: string,
  ledgerRel: string,
  ref: string,
): Promise<Map<string, Uint8Array>> {
  const resolved = ref.startsWith('-')
    ? undefined
    : await runGit(['rev-parse', '-q', '--verify', `${ref}^{commit}`], { cwd: root });
  if (resolved === undefined || resolved.code !== 0) {
    throw new UsageError('BAD_VALUE', `--base ${ref} is not a commit in this repository`, {
      where: '--base',
      expected: 'a branch, tag or commit id, e.g. origin/main',
      next: 'run "git fetch" for the base branch, then retry',
    });
  }
  const commit = resolved.stdout.toString('utf8').trim();
  const listing = await gitText(['ls-tree', '-r', '-z', '--full-tree', commit, '--', ledgerRel], {
    cwd: root,
  });
  const files = listing
    .split('\0')
    .filter((row) => row !== '')
    .map((row) => {
      const [meta = '', path = ''] = row.split('\t');
      return { oid: meta.split(' ')[2] ?? '', path };
    })
    .filter(
      (row) => row.path.endsWith('.jsonl') && !row.path.slice(ledgerRel.length + 1).includes('/'),
    );
  const segments = new Map<string, Uint8Array>();
  if (files.length === 0) return segments;
  const batch = await runGit(['cat-file', '--batch'], {
    cwd: root,
    input: files.map((f) => `${f.oid}\n`).join(''),
  });
  const out = batch.stdout;
  let at = 0;
  for (const file of files) {
    const headerEnd = out.indexOf(0x0a, at);
    const header = out.subarray(at, headerEnd).toString('utf8').split(' ');
    const size = Number(header[2]);
    if (header[1] !== 'blob' || !Number.isSafeInteger(size)) {
      throw new UsageError('BAD_VALUE', `cannot read ${file.path} on ${ref}`, { where: file.path });
    }
    segments.set(file.path, new Uint8Array(out.subarray(headerEnd + 1, headerEnd + 1 + size)));
    at = headerEnd + 1 + size + 1;
  }
  return segments;
}
