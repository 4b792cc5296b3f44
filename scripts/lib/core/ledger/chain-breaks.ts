// Chain findings that need the whole ledger before they are final. A twin line (two writers that
// both believed they held the lock appended one seq with one prev) has its SEQ/PREV findings held
// until the end, when a `verify --repair` note naming it may have acknowledged the fork. SEQ and
// PREV findings are also kept (bounded) to name the edited line behind a broken link. Pure.
import { locateEdits } from './locate-edit.ts';
import type { LedgerFinding } from './types.ts';

/** Chain breaks kept for naming edited lines; a ledger with more is broken beyond that anyway. */
const MAX_TRACKED_BREAKS = 100_000;

interface HeldFinding {
  finding: LedgerFinding;
  detail: number;
}

export class ChainBreaks {
  /** Chain findings of twin lines, keyed `file:line:hash`. */
  private readonly held = new Map<string, HeldFinding[]>();
  private readonly acknowledged = new Set<string>();
  private readonly tracked: LedgerFinding[] = [];
  /** File → its last checked line (1-based). */
  private readonly lastLines = new Map<string, number>();

  /** A chain finding of the twin line `key`, reported at the end unless acknowledged. */
  hold(key: string, finding: LedgerFinding, detail: number): void {
    const list = this.held.get(key) ?? [];
    list.push({ finding, detail });
    this.held.set(key, list);
  }

  /** A repair note acknowledged the fork `key`. */
  acknowledge(key: string): void {
    this.acknowledged.add(key);
  }

  /** Keeps SEQ and PREV findings (bounded) for editedLines(). */
  track(finding: LedgerFinding): void {
    const chain = finding.code === 'SEQ_MISMATCH' || finding.code === 'PREV_MISMATCH';
    if (chain && this.tracked.length < MAX_TRACKED_BREAKS) this.tracked.push(finding);
  }

  segmentEnded(file: string, lastLine: number): void {
    this.lastLines.set(file, lastLine);
  }

  /** The held findings of forks no note acknowledged. */
  *unacknowledged(): Iterable<HeldFinding> {
    for (const [key, list] of this.held) if (!this.acknowledged.has(key)) yield* list;
  }

  /** LINE_EDITED findings naming the line behind each broken link, where the pattern tells. */
  editedLines(): LedgerFinding[] {
    return locateEdits(this.tracked, this.lastLines);
  }
}
