// Per-segment chain rules: file name, ledger id, segment field, seq and prev links, then the
// cross-segment references (merge parents and recorded heads) and duplicate lines.
import type { LedgerIndex } from './ledger-index.ts';
import type { ParsedSegment } from './parse-ledger.ts';
import { SEGMENT_NAME } from './parse-entry.ts';
import type { LedgerFinding, LocatedEntry } from './types.ts';

function short(hash: string | null | undefined): string {
  return hash == null ? 'null' : `${hash.slice(0, 12)}…`;
}

export function verifySegmentChain(segment: ParsedSegment, ledgerId: string): LedgerFinding[] {
  const findings: LedgerFinding[] = [];
  const { name, file } = segment.snapshot;
  const push = (index: number, code: LedgerFinding['code'], message: string): void =>
    void findings.push({ file, line: index + 1, code, message });
  if (!SEGMENT_NAME.test(name)) {
    findings.push({
      file,
      line: 0,
      code: 'BAD_SEGMENT_NAME',
      message: `segment file name "${name}" does not match ${String(SEGMENT_NAME)}`,
    });
  }
  // The line before the checked region was verified on the base; its seq is its index.
  let previousSeq: number | undefined = segment.start > 0 ? segment.start - 1 : undefined;
  segment.entries.forEach((entry, i) => {
    const index = segment.start + i;
    const previousHash = i === 0 ? segment.previousHash : segment.hashes[i - 1]!;
    if (entry === undefined) {
      previousSeq = undefined;
      return;
    }
    if (entry.ledger !== ledgerId) {
      push(
        index,
        'LEDGER_MISMATCH',
        `ledger id "${entry.ledger}" is not this ledger's "${ledgerId}" (replayed from another ledger?)`,
      );
    }
    if (entry.segment !== name) {
      push(
        index,
        'SEGMENT_MISMATCH',
        `entry claims segment "${entry.segment}" but is in "${name}" (moved or renamed)`,
      );
    }
    const expectedSeq = previousSeq === undefined ? index : previousSeq + 1;
    if (entry.seq !== expectedSeq || (index === 0 && entry.seq !== 0)) {
      push(
        index,
        'SEQ_MISMATCH',
        `seq ${entry.seq} where ${index === 0 ? 0 : expectedSeq} was expected (line deleted, duplicated or moved)`,
      );
    }
    if (entry.prev !== previousHash) {
      push(
        index,
        'PREV_MISMATCH',
        `prev ${short(entry.prev)} is not the hash of the previous line (${short(previousHash)})`,
      );
    }
    previousSeq = entry.seq;
  });
  return findings;
}

export function verifyReferences(
  entries: readonly LocatedEntry[],
  index: LedgerIndex,
): LedgerFinding[] {
  const findings: LedgerFinding[] = [];
  for (const located of entries) {
    const { entry, file } = located;
    const line = located.index + 1;
    for (const parent of entry.merge ?? []) {
      const at = index.locate(parent);
      if (at === undefined || at.segment === located.segment) {
        findings.push({
          file,
          line,
          code: 'MERGE_UNKNOWN',
          message: `merge parent ${short(parent)} is not an entry of another segment`,
        });
      }
    }
    for (const [segment, head] of Object.entries(entry.storage.heads)) {
      // The own segment's head is the prev link, which the chain rule checks.
      if (segment === located.segment) {
        if (head !== entry.prev) {
          findings.push({
            file,
            line,
            code: 'HEAD_UNKNOWN',
            message: 'recorded head of its own segment is not its prev',
          });
        }
        continue;
      }
      const at = index.locate(head, segment);
      if (at === undefined || at.segment !== segment) {
        findings.push({
          file,
          line,
          code: 'HEAD_UNKNOWN',
          message: `recorded head ${short(head)} of segment ${segment} is not in that segment (segment deleted, truncated or not committed)`,
        });
      }
    }
  }
  for (const dup of index.duplicates) {
    findings.push({
      file: dup.file,
      line: dup.again.index + 1,
      code: 'DUPLICATE_ENTRY',
      message: `line repeats ${dup.first.segment} line ${dup.first.index + 1} byte for byte`,
    });
  }
  return findings;
}
