// Where each entry hash lives, and the "has seen" relation of the entry DAG: an entry has seen
// every earlier line of its own segment and, through storage.heads, the prefixes it recorded.
import { sha256Hex } from '../hash.ts';
import type { ParsedLedger, ParsedSegment } from './parse-ledger.ts';
import type { EntryLocation, LocatedEntry } from './types.ts';

export interface LedgerIndex {
  /** Where `hash` is; with `segment`, only that segment is searched (much cheaper on a base). */
  locate(hash: string, segment?: string): EntryLocation | undefined;
  hasSeen(viewer: LocatedEntry, target: EntryLocation): boolean;
  /** Hashes that occur on more than one line, with their locations. */
  duplicates: { first: EntryLocation; again: EntryLocation; file: string }[];
}

/**
 * Indexes the checked regions at once. Unchecked (base) regions are hashed on demand, from their
 * end backwards, because recorded heads almost always point at recent lines.
 */
export function indexLedger(parsed: ParsedLedger): LedgerIndex {
  const where = new Map<string, EntryLocation>();
  const duplicates: LedgerIndex['duplicates'] = [];
  const add = (hash: string, at: EntryLocation, file: string): void => {
    const first = where.get(hash);
    if (first === undefined) where.set(hash, at);
    else duplicates.push({ first, again: at, file });
  };
  /** Segment → how many of its unchecked lines (counted from line 0) are not hashed yet. */
  const pending = new Map<string, { segment: ParsedSegment; left: number }>();
  for (const segment of parsed.segments) {
    const name = segment.snapshot.name;
    segment.hashes.forEach((hash, i) =>
      add(hash, { segment: name, index: segment.start + i }, segment.snapshot.file),
    );
    if (segment.start > 0) pending.set(name, { segment, left: segment.start });
  }
  const scan = (name: string, hash: string): EntryLocation | undefined => {
    const todo = pending.get(name);
    if (todo === undefined) return undefined;
    const { lines } = todo.segment.snapshot;
    while (todo.left > 0) {
      todo.left -= 1;
      const lineHash = sha256Hex(lines[todo.left]!);
      if (!where.has(lineHash)) where.set(lineHash, { segment: name, index: todo.left });
      if (lineHash === hash) return where.get(hash);
    }
    pending.delete(name);
    return undefined;
  };
  const locate = (hash: string, segment?: string): EntryLocation | undefined => {
    const found = where.get(hash);
    if (found !== undefined) return found;
    if (segment !== undefined) return scan(segment, hash);
    for (const name of [...pending.keys()]) {
      const at = scan(name, hash);
      if (at !== undefined) return at;
    }
    return undefined;
  };
  const hasSeen = (viewer: LocatedEntry, target: EntryLocation): boolean => {
    if (viewer.segment === target.segment) return viewer.index > target.index;
    const head = viewer.entry.storage.heads[target.segment];
    const seen = head === undefined ? undefined : locate(head, target.segment);
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
