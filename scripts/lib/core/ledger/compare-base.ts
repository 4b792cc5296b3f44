// Append-only proof against a base git ref (anchor-ledger.md §4): every segment on the base must
// still exist, and its base bytes must be a byte prefix of its current bytes. Pure.
import type { LedgerFinding, LedgerSnapshot } from './types.ts';

export interface BaseComparison {
  findings: LedgerFinding[];
  /** Segment name → first line index not covered by the base (the region to check). */
  start: Map<string, number>;
}

function countLines(bytes: Uint8Array, end: number): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1))
    count += 1;
  return count;
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  const left = Buffer.from(a.buffer, a.byteOffset, n);
  const right = Buffer.from(b.buffer, b.byteOffset, n);
  if (left.equals(right)) return n;
  let i = 0;
  while (left[i] === right[i]) i += 1;
  return i;
}

/** `base` maps each segment file on the base ref (repository-relative path) to its bytes. */
export function compareWithBase(
  snapshot: LedgerSnapshot,
  base: ReadonlyMap<string, Uint8Array>,
  ref: string,
): BaseComparison {
  const findings: LedgerFinding[] = [];
  const start = new Map<string, number>();
  const current = new Map(snapshot.segments.map((s) => [s.file, s]));
  for (const [file, before] of [...base].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const now = current.get(file);
    if (now === undefined) {
      findings.push({
        file,
        line: 0,
        code: 'SEGMENT_DELETED',
        message: `segment on ${ref} is missing now (deleted or renamed)`,
      });
      continue;
    }
    const same = firstDifference(before, now.bytes);
    if (same < before.length) {
      const line = countLines(before, same) + 1;
      const what = same === now.bytes.length ? 'truncated' : 'changed';
      findings.push({
        file,
        line,
        code: 'HISTORY_REWRITTEN',
        message: `segment ${what} at byte ${same}: the bytes on ${ref} are not a prefix of the current file`,
      });
      start.set(now.name, 0);
      continue;
    }
    // A torn tail on the base is not trusted: checking restarts at its last complete line.
    start.set(now.name, countLines(before, before.length));
  }
  return { findings, start };
}
