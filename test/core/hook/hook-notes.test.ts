import { describe, expect, test } from 'vitest';
import {
  countChain,
  findUnprovenStops,
  type HookNoteBody,
} from '../../../scripts/lib/core/hook/hook-notes.ts';
import { LedgerOrder } from '../../../scripts/lib/core/ledger/ledger-order.ts';
import type { JsonObject, StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';

/** One writer's segment: ledger order is line order. */
function ledger(bodies: { kind?: 'note' | 'claim'; body: object }[]): StoredEntry[] {
  return bodies.map(({ kind = 'note', body }, i) => ({
    hash: `h${i}`.padEnd(64, '0'),
    file: 'l.jsonl',
    line: i + 1,
    entry: {
      v: 1,
      kind,
      ledger: 'lg',
      segment: 'seg',
      seq: i,
      prev: i === 0 ? null : `h${i - 1}`.padEnd(64, '0'),
      time: `2026-01-01T00:00:0${i % 10}.000Z`,
      actor: { label: 'a', authority: 'virtual:developer', context: 'c' },
      subject: { tree: 't', manifest: 'm', registry: 'r' },
      storage: { heads: {}, objects: [] },
      body: body as JsonObject,
    },
  }));
}

const block = (over: Partial<HookNoteBody> = {}): { body: HookNoteBody } => ({
  body: {
    type: 'hook-block',
    session: 's',
    event: 'Stop',
    active: true,
    subject: 'x',
    controls: ['unit'],
    blockers: ['unit [self] TODO'],
    ...over,
  },
});
const key = { session: 's', event: 'Stop' as const, subject: 'x' };
const count = (entries: StoredEntry[]) => countChain(entries, new LedgerOrder(entries), key);

describe('countChain', () => {
  test('counts the trailing blocks back to the one that started the chain', () => {
    expect(count(ledger([block({ active: false }), block(), block()]))).toBe(3);
    expect(count(ledger([block(), block({ active: false }), block()]))).toBe(2);
  });

  test('stops at an unproven stop, at another subject, and ignores other sessions and events', () => {
    const entries = ledger([
      block({ active: false }),
      block({ type: 'unproven-stop' }),
      block({ subject: 'other' }),
      block(),
      block({ session: 'someone else' }),
      block({ event: 'SubagentStop' }),
      block(),
    ]);
    expect(count(entries)).toBe(2);
    expect(count(ledger([]))).toBe(0);
  });
});

describe('findUnprovenStops', () => {
  const stop = block({ type: 'unproven-stop', controls: ['unit', 'lint'], blocks: 5 });
  const claim = (body: object) => ({ kind: 'claim' as const, body });

  test('an unproven stop is open until a later granted claim covers its controls', () => {
    const open = ledger([stop, claim({ scope: 'task', controls: ['unit'] })]);
    const found = findUnprovenStops(open, new LedgerOrder(open));
    expect(found).toHaveLength(1);
    expect(found[0]!.warning).toMatch(
      /^unproven stop at 2026-01-01T00:00:00.000Z in session s \(Stop, entry h0[0-9]{10}\): unit \[self\] TODO$/,
    );
    const covered = ledger([stop, claim({ scope: 'task', controls: ['lint', 'unit'] })]);
    expect(findUnprovenStops(covered, new LedgerOrder(covered))).toEqual([]);
    const project = ledger([stop, claim({ scope: 'project', controls: [] })]);
    expect(findUnprovenStops(project, new LedgerOrder(project))).toEqual([]);
  });

  test('a claim before the unproven stop does not cover it', () => {
    const entries = ledger([claim({ scope: 'project', controls: [] }), stop]);
    expect(findUnprovenStops(entries, new LedgerOrder(entries))).toHaveLength(1);
  });
});
