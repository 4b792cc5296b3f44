// Ledger order: which entry a writer had seen when it wrote another. Within a segment a line comes
// after every earlier line; across segments an entry comes after everything its recorded heads and
// merge parents reach (a writer records the head of every segment it sees), and after everything
// those reach in turn. Entries neither of which reaches the other are unordered: two clones or
// branches that never saw each other's work. The writer's `time` plays no part.
//
// Each entry gets a vector of "seen up to" line indexes per other segment, shared between
// consecutive lines until a head moves past what the segment had already seen.
import type { StoredEntry } from './types.ts';

type Seen = ReadonlyMap<string, number>;

interface Position {
  segment: string;
  /** Position in the segment's list of entries read. */
  index: number;
  /** The line index in the segment file: what seen vectors and ranks count. */
  line: number;
  /** Its rank, once asked: views sort the same entries more than once. */
  rank: number | undefined;
}

const EMPTY: Seen = new Map();

interface FoundHead {
  hash: string;
  at: Position | undefined;
}

export class LedgerOrder {
  private readonly where = new Map<string, Position>();
  private readonly bySegment = new Map<string, StoredEntry[]>();
  private readonly seen = new Map<string, Seen[]>();
  private readonly weights = new WeakMap<Seen, number>();
  /** Per segment: the position last found for each head name, with the hash it was found for. */
  private readonly headsSeen = new Map<string, Map<string, FoundHead>>();

  private pending: readonly StoredEntry[] | undefined;
  private readonly sorted = new WeakMap<readonly object[], readonly object[]>();

  /** Nothing is computed until the first question: a verdict without results never asks one. */
  constructor(entries: readonly StoredEntry[]) {
    this.pending = [...entries];
  }

  private build(): void {
    const entries = this.pending;
    if (entries === undefined) return;
    this.pending = undefined;
    for (const stored of entries) {
      const list = this.bySegment.get(stored.entry.segment) ?? [];
      list.push(stored);
      this.bySegment.set(stored.entry.segment, list);
    }
    for (const [segment, list] of this.bySegment) {
      list.sort((a, b) => a.line - b.line);
      list.forEach((stored, index) => {
        if (!this.where.has(stored.hash))
          this.where.set(stored.hash, { segment, index, line: stored.line - 1, rank: undefined });
      });
      this.seen.set(segment, []);
    }
    for (const segment of this.bySegment.keys()) this.fill(segment);
  }

  /** True when the writer of `later` had seen `earlier` (directly or through other segments). */
  isBefore(earlier: string, later: string): boolean {
    this.build();
    const a = this.where.get(earlier);
    const b = this.where.get(later);
    if (a === undefined || b === undefined || earlier === later) return false;
    if (a.segment === b.segment) return a.index < b.index;
    return (this.seenAt(b).get(a.segment) ?? -1) >= a.line;
  }

  /**
   * A number that grows along ledger order (if `a` is before `b`, rank(a) < rank(b)); sorting by
   * it lists every entry after all it descends from. Unknown hashes rank first.
   */
  rank(hash: string): number {
    this.build();
    const at = this.where.get(hash);
    if (at === undefined) return -1;
    if (at.rank !== undefined) return at.rank;
    const seen = this.seenAt(at);
    let weight = this.weights.get(seen);
    if (weight === undefined) {
      weight = 0;
      for (const [segment, index] of seen) if (segment !== at.segment) weight += index + 1;
      this.weights.set(seen, weight);
    }
    at.rank = weight + at.line + 1;
    return at.rank;
  }

  /**
   * `items` sorted along ledger order (every item after all the items its writer had seen);
   * unordered ones keep the order they came in. A fresh array each time; the order of the same
   * array is computed once (the views of one report sort the whole ledger more than once).
   */
  sort<T extends { hash: string }>(items: readonly T[]): T[] {
    const known = this.sorted.get(items) as T[] | undefined;
    if (known !== undefined && known.length === items.length) return [...known];
    const sorted = items
      .map((item, index) => ({ item, index, rank: this.rank(item.hash) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map((x) => x.item);
    this.sorted.set(items, sorted);
    return [...sorted];
  }

  private seenAt(at: Position): Seen {
    return this.seen.get(at.segment)?.[at.index] ?? EMPTY;
  }

  /**
   * Computes the seen vectors of a segment in line order. A reference into a segment not filled
   * that far yet is filled first, up to that line (an explicit stack of targets, so no recursion).
   * A reference into a segment whose own fill is waiting further down the stack can only come from
   * lines forged out of order (a hash cycle); it adds no order (verify reports those lines).
   */
  private fill(start: string): void {
    const list = this.bySegment.get(start)!;
    const stack: Pick<Position, 'segment' | 'index'>[] = [
      { segment: start, index: list.length - 1 },
    ];
    const onStack = new Set<string>([start]);
    while (stack.length > 0) {
      const target = stack.at(-1)!;
      const done = this.seen.get(target.segment)!;
      if (done.length > target.index) {
        stack.pop();
        onStack.delete(target.segment);
        continue;
      }
      const stored = this.bySegment.get(target.segment)![done.length]!;
      const refs = this.references(stored, target.segment);
      const waiting = refs.find(
        (r) => !onStack.has(r.segment) && this.seen.get(r.segment)!.length <= r.index,
      );
      if (waiting !== undefined) {
        stack.push(waiting);
        onStack.add(waiting.segment);
        continue;
      }
      done.push(this.merge(done.at(-1) ?? EMPTY, refs));
    }
  }

  /** Positions in other segments that an entry's recorded heads and merge parents name. */
  private references(stored: StoredEntry, own: string): Position[] {
    const refs: Position[] = [];
    const add = (at: Position | undefined): void => {
      if (at !== undefined && at.segment !== own) refs.push(at);
    };
    // A segment's lines mostly repeat the heads the line before recorded: the position found for
    // the same hash under the same segment name is reused instead of looked up again.
    let known = this.headsSeen.get(own);
    if (known === undefined) this.headsSeen.set(own, (known = new Map<string, FoundHead>()));
    const heads = stored.entry.storage.heads;
    for (const name in heads) {
      const hash = heads[name]!;
      const last = known.get(name);
      if (last !== undefined && last.hash === hash) add(last.at);
      else {
        const at = this.where.get(hash);
        known.set(name, { hash, at });
        add(at);
      }
    }
    for (const parent of stored.entry.merge ?? []) add(this.where.get(parent));
    return refs;
  }

  private merge(previous: Seen, refs: readonly Position[]): Seen {
    let next: Map<string, number> | undefined;
    for (const ref of refs) {
      const current = next ?? previous;
      if ((current.get(ref.segment) ?? -1) >= ref.line) continue;
      const filled = this.seen.get(ref.segment)!;
      // Not filled only for a reference that forms a cycle: it adds no order.
      if (filled.length <= ref.index) continue;
      next ??= new Map(previous);
      for (const [segment, index] of filled[ref.index]!) {
        if ((next.get(segment) ?? -1) < index) next.set(segment, index);
      }
      next.set(ref.segment, ref.line);
    }
    return next ?? previous;
  }
}
