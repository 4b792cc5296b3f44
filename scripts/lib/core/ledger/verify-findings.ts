// Findings of a streaming verify: every finding is counted, only the first `cap` in file, line and
// rule order are kept, so a ledger of a million bad lines costs bounded memory.
import type { FindingCode, LedgerFinding } from './types.ts';

/** Default number of findings kept (the rest are counted). */
export const DEFAULT_FINDINGS_CAP = 1000;

/**
 * Where each rule runs in the verifier's order; findings on one line are listed in this order,
 * whatever order the streaming checks produced them in (a pending reference resolves late).
 */
const RULE_RANK: Record<FindingCode, number> = {
  SEGMENT_DELETED: 0,
  HISTORY_REWRITTEN: 0,
  LINE_TOO_LONG: 1,
  NOT_CANONICAL: 1,
  BAD_ENTRY: 1,
  TORN_LINE: 1,
  BAD_SEGMENT_NAME: 2,
  LEDGER_MISMATCH: 2,
  SEGMENT_MISMATCH: 2,
  SEQ_MISMATCH: 2,
  PREV_MISMATCH: 2,
  LINE_EDITED: 2,
  MERGE_UNKNOWN: 3,
  HEAD_UNKNOWN: 3,
  DUPLICATE_ENTRY: 4,
  AUTHORITY_UNKNOWN: 5,
  KEY_ENTRY_INVALID: 5,
  KEY_UNREGISTERED: 5,
  SIGNATURE_INVALID: 5,
  UNSIGNED_AFTER_KEY: 6,
  UNSIGNED_KEYED: 6,
  GRANT_UNSIGNED: 6,
  GRANT_SIGNATURE_INVALID: 6,
  SEGMENT_UNPLACED: 3,
  TIME_IN_FUTURE: 7,
  OBJECT_MISSING: 7,
  OBJECT_CORRUPT: 7,
  SEAL_INVALID: 8,
  APPEND_AFTER_SEAL: 9,
  CHECKPOINT_INVALID: 8,
  // Trust-file findings (flows/trust-check.ts) never pass through the sink; ranked first anyway.
  TRUST_LEDGER_MISMATCH: 0,
  AUTHORITY_NOT_TRUSTED: 0,
  AUTHORITY_REMOVED: 0,
  AUTHORITY_CHANGED: 0,
  KEY_NOT_TRUSTED: 0,
  KEY_REMOVED: 0,
  HEAD_MISSING: 0,
  RULES_CHANGED: 0,
  // The running gate (flows/ledger/verify-flow.ts), appended after the ledger's own findings.
  TOOL_MODIFIED: 0,
};

interface Ranked {
  finding: LedgerFinding;
  rank: number;
  order: number;
}

function compare(a: Ranked, b: Ranked): number {
  if (a.finding.file !== b.finding.file) return a.finding.file < b.finding.file ? -1 : 1;
  return a.finding.line - b.finding.line || a.rank - b.rank || a.order - b.order;
}

export class FindingSink {
  /** Every finding reported, kept or not. */
  count = 0;
  private kept: Ranked[] = [];
  private readonly cap: number;

  constructor(cap = DEFAULT_FINDINGS_CAP) {
    this.cap = Math.max(1, cap);
  }

  /** `detail` orders findings of one rule on one line (e.g. the position of a head or signature). */
  add(finding: LedgerFinding, detail = 0): void {
    this.count += 1;
    this.kept.push({ finding, rank: RULE_RANK[finding.code] * 1e6 + detail, order: this.count });
    if (this.kept.length >= 2 * this.cap) this.trim();
  }

  private trim(): void {
    this.kept.sort(compare);
    this.kept.length = Math.min(this.kept.length, this.cap);
  }

  /** The kept findings, sorted by file, line and rule. */
  list(): LedgerFinding[] {
    this.trim();
    return this.kept.map((r) => r.finding);
  }
}
