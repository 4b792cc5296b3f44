// Append-only proof against a base git ref (references/ledger-format.md): every segment on the base must
// still exist, and its base bytes must be a byte prefix of its current bytes. The prefix is proven
// by hashing the current file's first `size` bytes as a git blob and comparing with the base blob
// id, so the base content never has to leave git; only a mismatch needs the base bytes, to locate
// the first changed line. Pure.
import { createHash } from 'node:crypto';
import type { LedgerFinding, LedgerSnapshot } from './types.ts';

export interface BaseSegment {
  /** git blob id on the base. */
  oid: string;
  /** Blob size in bytes. */
  size: number;
  /** The base bytes; needed only for segments whose prefix does not match. */
  bytes?: Uint8Array;
}

export interface BaseComparison {
  findings: LedgerFinding[];
  /** Segment name → first line index not covered by the base (the region to check). */
  start: Map<string, number>;
}

/** git's object id of a blob with `bytes`: sha1 or sha256 of `blob <size>\0<bytes>`. */
export function gitBlobId(bytes: Uint8Array, objectFormat: 'sha1' | 'sha256'): string {
  return createHash(objectFormat).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

function countLines(bytes: Uint8Array, end: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(0x0a); at !== -1 && at < end; at = buffer.indexOf(0x0a, at + 1)) {
    count += 1;
  }
  return count;
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i += 1;
  return i;
}

/** Files whose base blob is not a prefix of the current file (their base bytes are needed). */
export function changedOnBase(
  snapshot: LedgerSnapshot,
  base: ReadonlyMap<string, BaseSegment>,
  objectFormat: 'sha1' | 'sha256',
): string[] {
  const current = new Map(snapshot.segments.map((s) => [s.file, s]));
  return [...base].flatMap(([file, before]) => {
    const now = current.get(file);
    if (now === undefined) return [];
    const isPrefix =
      now.bytes.length >= before.size &&
      gitBlobId(now.bytes.subarray(0, before.size), objectFormat) === before.oid;
    return isPrefix ? [] : [file];
  });
}

/** `base` maps each segment file on the base ref (repository-relative path) to its blob. */
export function compareWithBase(
  snapshot: LedgerSnapshot,
  base: ReadonlyMap<string, BaseSegment>,
  changed: readonly string[],
  ref: string,
): BaseComparison {
  const findings: LedgerFinding[] = [];
  const start = new Map<string, number>();
  const current = new Map(snapshot.segments.map((s) => [s.file, s]));
  for (const [file, before] of [...base].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const now = current.get(file);
    if (now === undefined) {
      const message = `segment on ${ref} is missing now (deleted or renamed)`;
      findings.push({ file, line: 0, code: 'SEGMENT_DELETED', message });
      continue;
    }
    if (changed.includes(file)) {
      const same = before.bytes === undefined ? 0 : firstDifference(before.bytes, now.bytes);
      const line = before.bytes === undefined ? 1 : countLines(before.bytes, same) + 1;
      const what = same === now.bytes.length ? 'truncated' : 'changed';
      const message = `segment ${what} at byte ${same}: the bytes on ${ref} are not a prefix of the current file`;
      findings.push({ file, line, code: 'HISTORY_REWRITTEN', message });
      start.set(now.name, 0);
      continue;
    }
    // A torn tail on the base is not trusted: checking restarts at its last complete line.
    start.set(now.name, countLines(now.bytes, before.size));
  }
  return { findings, start };
}
