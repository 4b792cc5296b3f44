// The status-over-time picture's data: bounded columns (the latest trees individually, older ones
// bucketed by day with their worst result), bounded rows, and statuses by the entries of each code.
import { describe, expect, test } from 'vitest';
import { LedgerOrder } from '../../../scripts/lib/core/ledger/ledger-order.ts';
import {
  buildStatusPicture,
  MAX_BUCKETS,
  MAX_ROWS,
  MAX_TREES,
} from '../../../scripts/lib/core/report/status-picture.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { createTestContext } from '../../helpers/context.ts';
import {
  command,
  createFakeGateIO,
  makeControl,
  output,
  runAllBy,
} from '../../helpers/fake-gate-io.ts';
import { developer } from '../../helpers/report-fixture.ts';

const day = (n: number): string => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
const treeOf = (n: number): string => n.toString(16).padStart(40, '0');

/** `trees` code versions, two a day; control `c` fails on tree `failOn` only. */
async function history(trees: number, failOn: number) {
  const io = createFakeGateIO([makeControl('c', command(['check']))]);
  let current = 0;
  io.script = () => (current === failOn ? output('boom\n', 1) : output('ok\n'));
  for (let n = 0; n < trees; n++) {
    current = n;
    io.tree = treeOf(n);
    const ctx = createTestContext({ now: day(Math.floor(n / 2)) });
    await evaluateRun(runAllBy(developer), ctx, io);
  }
  const entries = await io.readEntries(io.plane);
  return { entries, order: new LedgerOrder(entries) };
}

const now = [{ control: 'c', status: 'PASS', reason: 'exit 0' }];

describe('buildStatusPicture', () => {
  test('100 code versions: the latest 30 are columns, the 70 older bucketed by day, worst shown', async () => {
    const { entries, order } = await history(100, 3);
    const picture = buildStatusPicture(entries, order, now, new Map());
    expect(picture.trees).toBe(100);
    expect(picture.bucketedTrees).toBe(100 - MAX_TREES);
    const kinds = picture.columns.map((c) => c.kind);
    const buckets = kinds.filter((k) => k === 'bucket').length;
    expect(buckets).toBeGreaterThan(0);
    expect(buckets).toBeLessThanOrEqual(MAX_BUCKETS);
    expect(kinds.filter((k) => k === 'tree')).toHaveLength(MAX_TREES);
    expect(kinds.at(-1)).toBe('now');
    // The latest tree columns name their trees, in ledger order.
    expect(picture.columns.filter((c) => c.kind === 'tree').map((c) => c.key)).toEqual(
      Array.from({ length: MAX_TREES }, (_, i) => treeOf(100 - MAX_TREES + i)),
    );
    // 35 days of older code in buckets of 4 days: the first holds trees 0..7, one FAIL among them.
    expect(picture.columns[0]).toMatchObject({ key: 'day:2026-01-01..2026-01-04' });
    const row = picture.cells[0]!;
    expect(row[0]).toMatchObject({ status: 'FAIL' });
    expect(row[0]!.title).toMatch(/^FAIL: 8 result\(s\) on this code \(7 PASS, 1 FAIL\)/);
    expect(row.slice(1, -1).every((c) => c.status === 'PASS')).toBe(true);
    expect(row.at(-1)).toMatchObject({ status: 'PASS', title: 'PASS: exit 0' });
  });

  test('a FAIL on one of the latest trees is that column, not its neighbours', async () => {
    const { entries, order } = await history(10, 6);
    const picture = buildStatusPicture(entries, order, now, new Map([[treeOf(6), 'f'.repeat(40)]]));
    expect(picture.bucketedTrees).toBe(0);
    expect(picture.cells[0]!.map((c) => c.status)).toEqual([
      ...Array<string>(6).fill('PASS'),
      'FAIL',
      'PASS',
      'PASS',
      'PASS',
      'PASS',
    ]);
    // A column is labelled with its commit when the gather step found one.
    expect(picture.columns[6]).toMatchObject({ label: 'fffffff' });
    expect(picture.cells[0]![6]!.entry).toBe(entries[6]!.hash);
  });

  test(`at most ${MAX_ROWS} controls are drawn; the rest are counted`, () => {
    const current = Array.from({ length: MAX_ROWS + 5 }, (_, i) => ({
      control: `c${i}`,
      status: 'TODO',
      reason: 'no run yet',
    }));
    const picture = buildStatusPicture([], new LedgerOrder([]), current, new Map());
    expect(picture.controls).toHaveLength(MAX_ROWS);
    expect(picture.hiddenControls).toBe(5);
    expect(picture.columns.map((c) => c.kind)).toEqual(['now']);
  });
});
