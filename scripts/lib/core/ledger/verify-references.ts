// References between entries while the verifier streams: merge parents and recorded heads of other
// segments, and "has this entry seen that key or seal" checks. A reference to a line not indexed yet
// (a later segment, or a trusted region not hashed yet) waits in a pending list resolved at the end.
import type { LedgerIndex } from './ledger-index.ts';
import { short } from './verify-chain.ts';
import type { Report } from './verify-chain.ts';
import type { FindingSink } from './verify-findings.ts';
import type { LocatedEntry } from './types.ts';
import type { Pending, SeenCheck } from './verify-stream-types.ts';

export class ReferenceTracker {
  private readonly index: LedgerIndex;
  private readonly pending: Pending[] = [];

  constructor(index: LedgerIndex) {
    this.index = index;
  }

  /** Merge parents must be entries of another segment; recorded heads must be in their segment. */
  checkReferences(located: LocatedEntry, report: Report): void {
    const { entry } = located;
    (entry.merge ?? []).forEach((parent, i) => {
      const at = this.index.known(parent);
      if (at === undefined) this.defer(located, i, { ref: { hash: parent, segment: undefined } });
      else if (at.segment === located.segment) report('MERGE_UNKNOWN', mergeMessage(parent), i);
    });
    let position = 1000;
    for (const [segment, head] of Object.entries(entry.storage.heads)) {
      const detail = position++;
      // The own segment's head is the prev link, which the chain rule checks.
      if (segment === located.segment) {
        if (head !== entry.prev) {
          report('HEAD_UNKNOWN', 'recorded head of its own segment is not its prev', detail);
        }
        continue;
      }
      if (this.index.isNewestIn(head, segment)) continue;
      // A segment still to come has nothing indexed: wait for the end without a lookup.
      const at = this.index.hasBegun(segment) ? this.index.known(head) : undefined;
      if (at === undefined) this.defer(located, detail, { ref: { hash: head, segment } });
      else if (at.segment !== segment) report('HEAD_UNKNOWN', headMessage(head, segment), detail);
    }
  }

  /** Runs seen checks in order: reports the first that holds, defers from the first undecidable. */
  checkSeen(located: LocatedEntry, checks: SeenCheck[], report: Report): void {
    for (let i = 0; i < checks.length; i++) {
      const check = checks[i]!;
      const seen = this.hasSeen(located.segment, located.index, check, false);
      if (seen === true) return report(check.code, check.message);
      if (seen === undefined) return this.defer(located, 0, { seen: checks.slice(i) });
    }
  }

  /** Resolves every pending reference and seen check against the complete index. */
  finish(sink: FindingSink): void {
    for (const item of this.pending) {
      const report: Report = (code, message, detail = 0) =>
        sink.add({ file: item.file, line: item.line, code, message }, detail);
      if (item.ref !== undefined) {
        const { hash, segment } = item.ref;
        const at = this.index.locate(hash, segment);
        if (segment === undefined) {
          if (at === undefined || at.segment === item.viewerSegment) {
            report('MERGE_UNKNOWN', mergeMessage(hash), item.detail);
          }
        } else if (at === undefined || at.segment !== segment) {
          report('HEAD_UNKNOWN', headMessage(hash, segment), item.detail);
        }
      }
      const index = item.line - 1;
      const seen = item.seen?.find((c) => this.hasSeen(item.viewerSegment, index, c, true));
      if (seen !== undefined) report(seen.code, seen.message);
    }
    this.pending.length = 0;
  }

  private defer(located: LocatedEntry, detail: number, what: Partial<Pending>): void {
    this.pending.push({
      file: located.file,
      line: located.index + 1,
      viewerSegment: located.segment,
      detail,
      ...what,
    });
  }

  /** Whether the viewer has seen the target; undefined when its head is not indexed yet. */
  private hasSeen(
    segment: string,
    index: number,
    check: SeenCheck,
    isFinal: boolean,
  ): boolean | undefined {
    if (segment === check.segment) return index > check.index;
    if (check.head === undefined) return false;
    const at = isFinal
      ? this.index.locate(check.head, check.segment)
      : this.index.known(check.head);
    if (at === undefined) return isFinal ? false : undefined;
    return at.segment === check.segment && at.index >= check.index;
  }
}

function mergeMessage(parent: string): string {
  return `merge parent ${short(parent)} is not an entry of another segment`;
}

function headMessage(head: string, segment: string): string {
  return `recorded head ${short(head)} of segment ${segment} is not in that segment (segment deleted, truncated or not committed)`;
}
