// The ledger segments as they are on a base git ref, for `verify --base` (references/ledger-format.md):
// blob ids and sizes from one `git ls-tree -l`; contents only for blobs that fail the prefix test.
import { UsageError } from '../core/errors.ts';
import { changedOnBase, compareWithBase } from '../core/ledger/compare-base.ts';
import type { BaseComparison, BaseSegment } from '../core/ledger/compare-base.ts';
import type { LedgerSnapshot } from '../core/ledger/types.ts';
import { gitText, runGit } from './git.ts';

interface BaseLedger {
  commit: string;
  objectFormat: 'sha1' | 'sha256';
  /** Repository-relative segment path → blob id and size. */
  segments: Map<string, BaseSegment>;
}

async function readBaseLedger(root: string, ledgerRel: string, ref: string): Promise<BaseLedger> {
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
  const format = (await gitText(['rev-parse', '--show-object-format'], { cwd: root })).trim();
  const listing = await gitText(
    ['ls-tree', '-r', '-l', '-z', '--full-tree', commit, '--', ledgerRel],
    { cwd: root },
  );
  const segments = new Map<string, BaseSegment>();
  for (const row of listing.split('\0')) {
    const tab = row.indexOf('\t');
    const path = row.slice(tab + 1);
    const [, type, oid = '', size = ''] = row.slice(0, tab).split(/ +/);
    const isSegment = path.endsWith('.jsonl') && !path.slice(ledgerRel.length + 1).includes('/');
    if (tab === -1 || type !== 'blob' || !isSegment) continue;
    segments.set(path, { oid, size: Number(size) });
  }
  return { commit, objectFormat: format === 'sha256' ? 'sha256' : 'sha1', segments };
}

/** Adds the base bytes of `files` (segments that failed the prefix test) to `base`. */
async function readBaseBytes(
  root: string,
  base: BaseLedger,
  files: readonly string[],
): Promise<void> {
  for (const file of files) {
    const segment = base.segments.get(file);
    if (segment === undefined) continue;
    const blob = await runGit(['cat-file', 'blob', segment.oid], { cwd: root });
    if (blob.code === 0) segment.bytes = new Uint8Array(blob.stdout);
  }
}

/** Gathers the base ref's segments (contents only where needed) and compares them with `snapshot`. */
export async function compareWithBaseRef(
  root: string,
  ledgerRel: string,
  snapshot: LedgerSnapshot,
  ref: string,
): Promise<BaseComparison> {
  const base = await readBaseLedger(root, ledgerRel, ref);
  const changed = changedOnBase(snapshot, base.segments, base.objectFormat);
  await readBaseBytes(root, base, changed);
  return compareWithBase(snapshot, base.segments, changed, ref);
}
