// What an intact verdict rests on, in words derived from what was checked: how many entries carry a
// signature that verified, how many seals there are, and what an unsigned chain cannot show. A
// hash chain alone proves only that nobody edited a line without rewriting every later one; whoever
// can rewrite the files can rewrite the whole chain, unless a protected ref pins an earlier state.
import type { StoredEntry } from './types.ts';

export interface VerifiedCounts {
  /** Valid entries among the checked lines. */
  entries: number;
  /** Of those, entries that carry signatures (all verified when the ledger is intact). */
  signed: number;
  seals: number;
  /**
   * Unsigned entries and grants of an authority that has a key now, written before its key entry:
   * valid, as unsigned (keys apply forward); absent when there are none.
   */
  beforeKey?: number;
}

/** The counts of `entries` themselves, when the check did not report them. */
export function countVerified(entries: readonly StoredEntry[]): VerifiedCounts {
  return {
    entries: entries.length,
    signed: entries.filter((e) => e.entry.sigs !== undefined).length,
    seals: entries.filter((e) => e.entry.kind === 'seal').length,
  };
}

export function describeVerified(counts: VerifiedCounts, base?: string): string {
  const { entries, signed, seals } = counts;
  const scope = base === undefined ? 'entries' : `entries since ${base}`;
  const signatures =
    signed === 0
      ? `0 of ${entries} ${scope} signed`
      : `${signed} of ${entries} ${scope} signed (each signature verified against a registered key)`;
  const sealed = `${seals} ${seals === 1 ? 'seal' : 'seals'}`;
  const caveat =
    signed < entries
      ? base === undefined
        ? '; a rewrite of unsigned history is detectable only against a protected ref (verify --base <protected ref>)'
        : `; history before ${base} is as trustworthy as that ref is protected`
      : '';
  const early =
    counts.beforeKey === undefined
      ? ''
      : `, ${counts.beforeKey} unsigned before their authority's key (valid, counted as unsigned)`;
  return `chain intact, ${signatures}${early}, ${sealed}${caveat}`;
}
