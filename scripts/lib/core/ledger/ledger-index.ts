// Where each entry hash lives, built while the verifier streams the checked lines. Trusted regions
// (lines already verified on a base ref) are not read up front: they are hashed on demand, from
// their end backwards, because recorded heads almost always point at recent lines.
import type { EntryLocation } from './types.ts';

/** The lines of a trusted region, last line first; `hash` is undefined for a line that cannot be an entry. */
export type TrustedLines = Iterator<{ index: number; hash: string | undefined }>;

export interface TrustedRegions {
  /** Called at most once per segment, and only for a segment whose checked region starts after 0. */
  backwards(segment: string): TrustedLines;
}

export class LedgerIndex {
  private readonly where = new Map<string, EntryLocation>();
  /** Segments whose lines have started streaming (the others have nothing indexed yet). */
  private readonly begun = new Set<string>();
  /** Segment → hash of its newest first-seen entry (what recorded heads usually name). */
  private readonly newest = new Map<string, string>();
  /** Segment → its trusted lines not hashed yet. */
  private readonly pending = new Map<string, TrustedLines>();
  private readonly trusted: TrustedRegions | undefined;

  constructor(trusted?: TrustedRegions) {
    this.trusted = trusted;
  }

  /** Registers a segment whose first checked line is `start`; earlier lines are trusted. */
  addTrustedRegion(segment: string, start: number): void {
    this.begun.add(segment);
    if (start > 0 && this.trusted !== undefined) {
      this.pending.set(segment, this.trusted.backwards(segment));
    }
  }

  /** Records a checked entry; returns the first location when the same hash is already known. */
  add(hash: string, at: EntryLocation): EntryLocation | undefined {
    const first = this.where.get(hash);
    if (first !== undefined) return first;
    this.where.set(hash, at);
    this.newest.set(at.segment, hash);
    return undefined;
  }

  /**
   * True when `hash` is the newest entry indexed in `segment`: the same answer as
   * `known(hash)?.segment === segment` for the common case, without a lookup in the whole index.
   */
  isNewestIn(hash: string, segment: string): boolean {
    return this.newest.get(segment) === hash;
  }

  /** False while `segment` has not started streaming: none of its entries can be known yet. */
  hasBegun(segment: string): boolean {
    return this.begun.has(segment);
  }

  /** Where `hash` is so far, without reading trusted regions. */
  known(hash: string): EntryLocation | undefined {
    return this.where.get(hash);
  }

  /** Where `hash` is; with `segment`, only that segment's trusted region is searched. */
  locate(hash: string, segment?: string): EntryLocation | undefined {
    const found = this.where.get(hash);
    if (found !== undefined) return found;
    if (segment !== undefined) return this.scan(segment, hash);
    for (const name of [...this.pending.keys()]) {
      const at = this.scan(name, hash);
      if (at !== undefined) return at;
    }
    return undefined;
  }

  /** True when `segment` has trusted lines that were not hashed yet. */
  hasUnscanned(segment: string): boolean {
    return this.pending.has(segment);
  }

  private scan(segment: string, hash: string): EntryLocation | undefined {
    const lines = this.pending.get(segment);
    if (lines === undefined) return undefined;
    for (let next = lines.next(); next.done !== true; next = lines.next()) {
      const { index, hash: lineHash } = next.value;
      if (lineHash === undefined) continue;
      if (!this.where.has(lineHash)) this.where.set(lineHash, { segment, index });
      if (lineHash === hash) return this.where.get(hash);
    }
    this.pending.delete(segment);
    return undefined;
  }
}
