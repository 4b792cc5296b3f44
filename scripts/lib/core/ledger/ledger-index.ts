// Where each entry hash lives, and the "has seen" relation of the entry DAG: an entry has seen
// every earlier line of its own segment and, through storage.heads, the prefixes it recorded.
import { sha256Hex } from '../hash.ts';
import type { ParsedLedger, ParsedSegment } from './parse-ledger.ts';
import type { EntryLocation, LocatedEntry } from './types.ts';

export interface LedgerIndex {
  locate(hash: string): EntryLocation | undefined;
  hasSeen(viewer: LocatedEntry, target: EntryLocation): boolean;
  /** Hashes that occur on more than one line, with their locations. */
  duplicates: { first: EntryLocation; again: EntryLocation; file: string }[];
}

/** Indexes the checked regions at once and the unchecked (base) regions on the first miss. */
export function indexLedger(parsed: ParsedLedger): LedgerIndex {
  const where = new Map<string, EntryLocation>();
  const duplicates: LedgerIndex['duplicates'] = [];
  const add = (hash: string, at: EntryLocation, file: string): void => {
    const first = where.get(hash);
    if (first === undefined) where.set(hash, at);
    else duplicates.push({ first, again: at, file });
  };
  const pending: ParsedSegment[] = [];
  for (const segment of parsed.segments) {
    const name = segment.snapshot.name;
    segment.hashes.forEach((hash, i) =>
      add(hash, { segment: name, index: segment.start + i }, segment.snapshot.file),
    );
    if (segment.start > 0) pending.push(segment);
  }
  const locate = (hash: string): EntryLocation | undefined => {
    const found = where.get(hash);
    if (found !== undefined || pending.length === 0) return found;
    for (const segment of pending.splice(0)) {
      const { lines, name } = segment.snapshot;
      for (let i = 0; i < segment.start; i++)
        where.set(sha256Hex(lines[i]!), { segment: name, index: i });
    }
    return where.get(hash);
  };
  const hasSeen = (viewer: LocatedEntry, target: EntryLocation): boolean => {
    if (viewer.segment === target.segment) return viewer.index > target.index;
    const head = viewer.entry.storage.heads[target.segment];
    const seen = head === undefined ? undefined : locate(head);
    return seen !== undefined && seen.segment === target.segment && seen.index >= target.index;
  };
  return { locate, hasSeen, duplicates };
}

/** Every valid entry of the checked regions with its location. */
export function locatedEntries(parsed: ParsedLedger): LocatedEntry[] {
  const out: LocatedEntry[] = [];
  for (const segment of parsed.segments) {
    segment.entries.forEach((entry, i) => {
      if (entry === undefined) return;
      out.push({
        entry,
        segment: segment.snapshot.name,
        index: segment.start + i,
        file: segment.snapshot.file,
        hash: segment.hashes[i]!,
      });
    });
  }
  return out;
}
