// Two rules that stop a writer from slipping unsigned history past a registered key.
// Keyed means signed, and keys apply forward: once the manifest registers a key for an authority,
// an unsigned entry by that authority (or an unsigned grant it gave, inside another's entry) counts,
// as unsigned, only when one of the authority's key entries was written after it (the key entry's
// recorded heads reach it); otherwise it is UNSIGNED_KEYED (GRANT_UNSIGNED), wherever it sits.
// Placed segments: every segment's first entry must name where it starts (a recorded head of another
// segment); only the ledger's first segment starts from nothing (the root init records, or the first
// segment of a ledger older than roots), so a second such segment is SEGMENT_UNPLACED. Both rules are decided at the end of a pass, when every checked line is indexed.
import type { LedgerIndex } from './ledger-index.ts';
import { ROOT_SEGMENT } from './ledger-root.ts';
import type { LedgerFinding, LocatedEntry } from './types.ts';

interface Candidate {
  file: string;
  line: number;
  segment: string;
  index: number;
  authority: string;
  /** Recorded heads of the unsigned entry (to tell whether it has seen a key entry). */
  heads: Record<string, string>;
  /** An unsigned grant by `authority` inside the entry: what is wrong with it, if no key follows. */
  grant?: string;
}

interface Start {
  file: string;
  segment: string;
}

export class KeyedRules {
  private readonly keyed: ReadonlySet<string>;
  private readonly keyEntries: ReadonlyMap<string, readonly LocatedEntry[]>;
  private readonly candidates: Candidate[] = [];
  private readonly unplaced: Start[] = [];
  private trustedSegments = 0;
  /** Unsigned entries and grants written before a key entry of their authority (valid). */
  beforeKey = 0;
  /** Files a base comparison found rewritten: they existed on the base, so they are not new. */
  private readonly rewritten = new Set<string>();

  /** `keyed`: authorities with a key in the manifest; `keyEntries`: their key entries in the ledger. */
  constructor(
    keyed: ReadonlySet<string>,
    keyEntries: ReadonlyMap<string, readonly LocatedEntry[]>,
  ) {
    this.keyed = keyed;
    this.keyEntries = keyEntries;
  }

  /** A segment whose lines before `start` are trusted (verified on a base ref). */
  trustedRegion(start: number): void {
    if (start > 0) this.trustedSegments += 1;
  }

  /** A finding from the base comparison. */
  baseFinding(finding: LedgerFinding): void {
    if (finding.code === 'HISTORY_REWRITTEN') this.rewritten.add(finding.file);
  }

  /** Every checked entry; only unsigned entries of keyed authorities and segment starts are kept. */
  consider(located: LocatedEntry): void {
    const { entry } = located;
    if (located.index === 0 && Object.keys(entry.storage.heads).length === 0) {
      this.unplaced.push({ file: located.file, segment: located.segment });
    }
    if (entry.sigs !== undefined || !this.keyed.has(entry.actor.authority)) return;
    this.candidates.push({
      file: located.file,
      line: located.index + 1,
      segment: located.segment,
      index: located.index,
      authority: entry.actor.authority,
      heads: entry.storage.heads,
    });
  }

  /**
   * An unsigned grant by `by`, which has a key in the manifest, inside the entry at `located`.
   * Keys apply forward: it stays valid, as an unsigned grant, when a key entry of `by` was written
   * after the entry; otherwise it is GRANT_UNSIGNED (`problem` says why).
   */
  unsignedGrant(located: LocatedEntry, by: string, problem: string): void {
    this.candidates.push({
      file: located.file,
      line: located.index + 1,
      segment: located.segment,
      index: located.index,
      authority: by,
      heads: located.entry.storage.heads,
      grant: problem,
    });
  }

  finish(index: LedgerIndex): LedgerFinding[] {
    const findings: LedgerFinding[] = [];
    const reach = (head: string | undefined, segment: string): number | undefined => {
      if (head === undefined) return undefined;
      const at = index.locate(head, segment);
      return at?.segment === segment ? at.index : undefined;
    };
    for (const c of this.candidates) {
      const keys = this.keyEntries.get(c.authority) ?? [];
      const precededByKey = keys.some((key) =>
        key.segment === c.segment
          ? key.index > c.index
          : (reach(key.entry.storage.heads[c.segment], c.segment) ?? -1) >= c.index,
      );
      if (precededByKey) {
        this.beforeKey += 1;
        continue;
      }
      if (c.grant !== undefined) {
        const message = `${c.grant} (no key entry of ${c.authority} was written after this entry)`;
        findings.push({ file: c.file, line: c.line, code: 'GRANT_UNSIGNED', message });
        continue;
      }
      // An entry that has seen a key entry is UNSIGNED_AFTER_KEY, reported by the stream.
      const sawKey = keys.some((key) =>
        key.segment === c.segment
          ? c.index > key.index
          : (reach(c.heads[key.segment], key.segment) ?? -1) >= key.index,
      );
      if (sawKey) continue;
      findings.push({
        file: c.file,
        line: c.line,
        code: 'UNSIGNED_KEYED',
        message: `unsigned entry by ${c.authority}, which has a key registered in the manifest: it must be signed by that key (no key entry of ${c.authority} was written after it)`,
      });
    }
    // Under a base, a segment absent from the base that starts from nothing cannot be the first one.
    const fresh = this.unplaced.filter((s) => !this.rewritten.has(s.file));
    const foreign = this.trustedSegments > 0 ? fresh : this.unplaced.slice(1);
    if (foreign.length > 0) {
      const names = this.unplaced.map((s) => s.segment).join(', ');
      for (const start of this.trustedSegments === 0 ? this.unplaced : foreign) {
        findings.push({
          file: start.file,
          line: 1,
          code: 'SEGMENT_UNPLACED',
          message: `segment ${start.segment} starts with no recorded head of any other segment, but only the ledger's first segment may (the root that init records, ${ROOT_SEGMENT}.jsonl, or in a ledger older than the root its first segment; segments starting from nothing: ${names}); a writer always records the heads it saw, so this segment was written by hand or its writer started before the root was committed`,
        });
      }
    }
    return findings;
  }
}
