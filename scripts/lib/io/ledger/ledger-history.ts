// Append-only along every commit (references/verify.md): proving that today's ledger extends the
// base is not enough, because a FAIL recorded, committed and then deleted in a later commit leaves
// no trace in the final bytes. For each commit between the base and HEAD, and each of its parents
// (a merge has several), every segment the parent holds must still exist in the commit and its
// bytes there must be a byte prefix of the commit's. Four git calls whatever the range: the
// commits with their parents, the ledger paths each commit changed (blob ids only), the sizes of
// the parents' blobs and the bytes of the commits' blobs (a fifth reads the parents' bytes of a
// rewrite, to name where it starts); only segments a commit touched are read, each blob once.
import type { LedgerFinding } from '../../core/ledger/types.ts';
import { blobSizes, commitParents, gitObjectId, readObjects, stepChanges } from '../git.ts';
import { knownHead } from '../repo/verdict-memo.ts';

/** One parent → commit step that changed a segment. */
interface SegmentChange {
  commit: string;
  parent: string;
  file: string;
  status: string;
  before: string;
  after: string;
}

const NEXT =
  'run the git command by hand to see why; the ledger history cannot be proven without it';

/** The segment changes of each step (one diff-tree for all of them). */
async function segmentChanges(
  root: string,
  ledgerRel: string,
  steps: readonly [string, string][],
): Promise<SegmentChange[]> {
  const changes: SegmentChange[] = [];
  for (const { step, path: file, status, before, after } of await stepChanges(
    root,
    steps,
    ledgerRel,
    NEXT,
  )) {
    const [commit, parent] = steps[step] ?? ['', ''];
    const isSegment = file.endsWith('.jsonl') && !file.slice(ledgerRel.length + 1).includes('/');
    if (isSegment) changes.push({ commit, parent, file, status, before, after });
  }
  return changes;
}

/** The bytes of each blob (`git cat-file --batch`, one call). */
async function readBlobs(root: string, oids: ReadonlySet<string>): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  for (const [oid, { type, bytes }] of await readObjects(root, [...oids]))
    if (type === 'blob') blobs.set(oid, bytes);
  return blobs;
}

/** 1-based line and byte of the first byte where `after` stops extending `before`. */
function firstDifference(before: Buffer, after: Buffer): { byte: number; line: number } {
  let byte = 0;
  let line = 1;
  while (byte < before.length && byte < after.length && before[byte] === after[byte]) {
    if (before[byte] === 10) line += 1;
    byte += 1;
  }
  return { byte, line };
}

/**
 * Findings where a commit in `base..HEAD` deleted, shortened or rewrote a segment its parent
 * held, naming the commit; `label` names the base in messages (e.g. "origin/main").
 */
export async function checkLedgerHistory(
  root: string,
  ledgerRel: string,
  base: string,
  label: string,
): Promise<LedgerFinding[]> {
  // No commit lies between the base and HEAD when HEAD is the base (the probe saw which it is).
  if (knownHead(root) === base) return [];
  const steps = await commitParents(root, base, NEXT);
  if (steps.length === 0) return [];
  const changes = (await segmentChanges(root, ledgerRel, steps)).filter((c) => c.status !== 'A');
  const modified = changes.filter((c) => c.status !== 'D');
  // The parent's bytes are a prefix of the commit's when the commit's first <parent size> bytes,
  // hashed as a git blob, give the parent's own blob id: only the commit's side is read (and
  // the parent's size), so a long segment is not held twice. The parent's bytes are read only
  // to name where a rewrite starts.
  const [sizes, read] = await Promise.all([
    blobSizes(root, new Set(modified.map((c) => c.before)), NEXT),
    readBlobs(root, new Set(modified.map((c) => c.after))),
  ]);
  const extended = (change: SegmentChange): boolean => {
    const size = sizes.get(change.before);
    const after = read.get(change.after);
    if (size === undefined || after === undefined || after.length < size) return false;
    const format = change.before.length === 64 ? 'sha256' : 'sha1';
    return gitObjectId('blob', after.subarray(0, size), format) === change.before;
  };
  const rewritten = modified.filter((c) => !extended(c));
  const befores = await readBlobs(root, new Set(rewritten.map((c) => c.before)));
  const blobs = new Map([...read, ...befores]);
  const findings: LedgerFinding[] = [];
  for (const change of changes) {
    const where = `commit ${change.commit.slice(0, 7)} (parent ${change.parent.slice(0, 7)}, after ${label})`;
    if (change.status === 'D') {
      findings.push({
        file: change.file,
        line: 0,
        code: 'SEGMENT_DELETED',
        message: `segment deleted by ${where}: a committed segment may only grow`,
      });
      continue;
    }
    if (!rewritten.includes(change)) continue;
    const before = blobs.get(change.before);
    const after = blobs.get(change.after);
    const diff =
      before === undefined || after === undefined
        ? { byte: 0, line: 1 }
        : firstDifference(before, after);
    const what = after !== undefined && diff.byte === after.length ? 'truncated' : 'changed';
    findings.push({
      file: change.file,
      line: diff.line,
      code: 'HISTORY_REWRITTEN',
      message: `segment ${what} at byte ${diff.byte} by ${where}: the parent's bytes are not a prefix of the commit's (lines removed or rewritten in history)`,
    });
  }
  return findings;
}
