// Per-segment chain rules, one line at a time: file name, ledger id, segment field, seq and prev
// links. The state carries what the next line needs (the previous line's hash and seq).
import { SEGMENT_NAME } from './parse-entry.ts';
import type { FindingCode, LedgerEntry } from './types.ts';

export type Report = (code: FindingCode, message: string, detail?: number) => void;

export function short(hash: string | null | undefined): string {
  return hash == null ? 'null' : `${hash.slice(0, 12)}…`;
}

export interface ChainState {
  name: string;
  /** Hash of the line before the next one; null before line 0. */
  previousHash: string | null;
  /** seq of the previous line when it was a valid entry. */
  previousSeq: number | undefined;
}

/** The state before line `start`; the line before it was verified on the base, so its seq is its index. */
export function startChain(name: string, start: number, previousHash: string | null): ChainState {
  return { name, previousHash, previousSeq: start > 0 ? start - 1 : undefined };
}

export function checkSegmentName(name: string): string | undefined {
  return SEGMENT_NAME.test(name)
    ? undefined
    : `segment file name "${name}" does not match ${String(SEGMENT_NAME)}`;
}

/** Checks line `index` (its entry, undefined when the line is not one) and advances the state. */
export function checkChainLink(
  state: ChainState,
  index: number,
  hash: string,
  entry: LedgerEntry | undefined,
  ledgerId: string,
  report: Report,
): void {
  const previousHash = state.previousHash;
  state.previousHash = hash;
  if (entry === undefined) {
    state.previousSeq = undefined;
    return;
  }
  if (entry.ledger !== ledgerId) {
    report(
      'LEDGER_MISMATCH',
      `ledger id "${entry.ledger}" is not this ledger's "${ledgerId}" (replayed from another ledger?)`,
    );
  }
  if (entry.segment !== state.name) {
    report(
      'SEGMENT_MISMATCH',
      `entry claims segment "${entry.segment}" but is in "${state.name}" (moved or renamed)`,
    );
  }
  const expectedSeq = state.previousSeq === undefined ? index : state.previousSeq + 1;
  if (entry.seq !== expectedSeq || (index === 0 && entry.seq !== 0)) {
    report(
      'SEQ_MISMATCH',
      `seq ${entry.seq} where ${index === 0 ? 0 : expectedSeq} was expected (line deleted, duplicated or moved)`,
    );
  }
  if (entry.prev !== previousHash) {
    report(
      'PREV_MISMATCH',
      `prev ${short(entry.prev)} is not the hash of the previous line (${short(previousHash)})`,
    );
  }
  state.previousSeq = entry.seq;
}
