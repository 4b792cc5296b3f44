// Ledger order from recorded heads: what a writer had seen, never what its clock said.
import { describe, expect, it } from 'vitest';
import { LedgerOrder } from '../../../scripts/lib/core/ledger/ledger-order.ts';
import type { LedgerEntry, StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';

/** A stored entry at `segment` line `line` whose heads name other entries by their hash. */
function at(
  hash: string,
  segment: string,
  line: number,
  heads: Record<string, string> = {},
  time = '2026-01-01T00:00:00.000Z',
): StoredEntry {
  const entry = {
    segment,
    seq: line - 1,
    time,
    storage: { heads, objects: [] },
  } as unknown as LedgerEntry;
  return { entry, hash, file: `${segment}.jsonl`, line };
}

describe('LedgerOrder', () => {
  it('orders a segment by line, whatever the times say', () => {
    const order = new LedgerOrder([
      at('b', 's', 2, {}, '2000-01-01T00:00:00.000Z'),
      at('a', 's', 1, {}, '2099-01-01T00:00:00.000Z'),
    ]);
    expect(order.isBefore('a', 'b')).toBe(true);
    expect(order.isBefore('b', 'a')).toBe(false);
    expect(order.rank('a')).toBeLessThan(order.rank('b'));
  });

  it('a recorded head puts the entry after that line and every line before it', () => {
    const order = new LedgerOrder([
      at('r0', 'root', 1),
      at('r1', 'root', 2),
      at('r2', 'root', 3),
      at('x0', 'x', 1, { root: 'r1' }),
    ]);
    expect(order.isBefore('r0', 'x0')).toBe(true);
    expect(order.isBefore('r1', 'x0')).toBe(true);
    expect(order.isBefore('r2', 'x0')).toBe(false);
    expect(order.isBefore('x0', 'r2')).toBe(false);
  });

  it('order passes through a third segment even when the last writer never saw the first', () => {
    // y saw x's line 1, which had seen root's line 2: y comes after root's line 2.
    const order = new LedgerOrder([
      at('y0', 'y', 1, { x: 'x0' }),
      at('x0', 'x', 1, { root: 'r1' }),
      at('r0', 'root', 1),
      at('r1', 'root', 2),
    ]);
    expect(order.isBefore('r1', 'y0')).toBe(true);
    expect(order.isBefore('r0', 'y0')).toBe(true);
    expect(order.rank('r1')).toBeLessThan(order.rank('x0'));
    expect(order.rank('x0')).toBeLessThan(order.rank('y0'));
  });

  it('two branches that never saw each other are unordered both ways; a merge orders both', () => {
    const order = new LedgerOrder([
      at('r0', 'root', 1),
      at('a0', 'a', 1, { root: 'r0' }),
      at('b0', 'b', 1, { root: 'r0' }),
      at('m0', 'main', 1, { root: 'r0', a: 'a0', b: 'b0' }),
    ]);
    expect(order.isBefore('a0', 'b0')).toBe(false);
    expect(order.isBefore('b0', 'a0')).toBe(false);
    expect(order.isBefore('a0', 'm0')).toBe(true);
    expect(order.isBefore('b0', 'm0')).toBe(true);
  });

  it('merge parents order like heads', () => {
    const a = at('a0', 'a', 1);
    const b = at('b0', 'b', 1);
    b.entry.merge = ['a0'];
    const order = new LedgerOrder([a, b]);
    expect(order.isBefore('a0', 'b0')).toBe(true);
  });

  it('unknown heads and forged cycles add no order and never hang', () => {
    // x's line 1 claims to have seen y's line 2, and y's line 1 claims x's line 2: only lines
    // written out of order (a hash cycle) can say that.
    const order = new LedgerOrder([
      at('x0', 'x', 1, { y: 'y1', z: 'nowhere' }),
      at('x1', 'x', 2),
      at('y0', 'y', 1, { x: 'x1' }),
      at('y1', 'y', 2),
    ]);
    expect(order.isBefore('x0', 'x1')).toBe(true);
    expect(order.isBefore('y0', 'y1')).toBe(true);
    const pairs = [order.isBefore('x1', 'y0'), order.isBefore('y1', 'x0')];
    expect(pairs.filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(order.isBefore('nowhere', 'x0')).toBe(false);
    expect(order.rank('nowhere')).toBe(-1);
  });

  it('handles many segments chained one after another without deep recursion', () => {
    const entries: StoredEntry[] = [at('s0-0', 's0', 1)];
    for (let i = 1; i < 2_000; i++)
      entries.push(at(`s${i}-0`, `s${i}`, 1, { [`s${i - 1}`]: `s${i - 1}-0` }));
    const order = new LedgerOrder(entries.reverse());
    expect(order.isBefore('s0-0', 's1999-0')).toBe(true);
    expect(order.isBefore('s1999-0', 's0-0')).toBe(false);
  });

  it('answers from the entries it was given, even when the caller changes its array afterwards', () => {
    // The order is computed on the first question, not in the constructor.
    const entries = [at('a', 's', 1), at('b', 's', 2)];
    const order = new LedgerOrder(entries);
    entries.reverse();
    entries.push(at('c', 's', 3));
    expect(order.isBefore('a', 'b')).toBe(true);
    expect(order.rank('c')).toBe(-1);
  });

  it('a head repeated line after line, then moved, orders each line by its own heads', () => {
    const order = new LedgerOrder([
      at('r0', 'root', 1),
      at('r1', 'root', 2),
      at('r2', 'root', 3),
      at('x0', 'x', 1, { root: 'r0' }),
      at('x1', 'x', 2, { root: 'r0', x: 'x0' }),
      at('x2', 'x', 3, { root: 'r2', x: 'x1' }),
      at('x3', 'x', 4, { root: 'r2', x: 'x2' }),
    ]);
    expect(order.isBefore('r0', 'x1')).toBe(true);
    expect(order.isBefore('r1', 'x1')).toBe(false);
    expect(order.isBefore('r1', 'x2')).toBe(true);
    expect(order.isBefore('r2', 'x3')).toBe(true);
    expect(order.isBefore('x1', 'r2')).toBe(false);
  });

  it('sorts along ledger order, each array once, and hands out a fresh copy every time', () => {
    const entries = [at('x0', 'x', 1, { root: 'r1' }), at('r0', 'root', 1), at('r1', 'root', 2)];
    const order = new LedgerOrder(entries);
    const first = order.sort(entries);
    expect(first.map((e) => e.hash)).toEqual(['r0', 'r1', 'x0']);
    // A caller reversing its copy (the timeline lists latest first) changes nobody else's.
    first.reverse();
    const second = order.sort(entries);
    expect(second).not.toBe(first);
    expect(second.map((e) => e.hash)).toEqual(['r0', 'r1', 'x0']);
    // Unordered items keep the order they came in; another array is sorted on its own.
    expect(order.sort([{ hash: 'x0' }, { hash: 'r0' }]).map((e) => e.hash)).toEqual(['r0', 'x0']);
    expect(order.sort([{ hash: 'b' }, { hash: 'a' }]).map((e) => e.hash)).toEqual(['b', 'a']);
  });
});
