// The picture uses the room it has: with few code versions its cells are large enough to read and
// hover; with many they shrink to the least size, and the drawing stays within its bound (at most
// 60 rows and 41 columns, about 1200 px wide before the page scales it to the box).
import { describe, expect, test } from 'vitest';
import { LedgerOrder } from '../../../scripts/lib/core/ledger/ledger-order.ts';
import {
  buildStatusPicture,
  MAX_BUCKETS,
  MAX_ROWS,
  MAX_TREES,
} from '../../../scripts/lib/core/report/status-picture.ts';
import { renderPicture } from '../../../scripts/lib/render/report/picture.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { createTestContext } from '../../helpers/context.ts';
import { command, createFakeGateIO, makeControl, runAllBy } from '../../helpers/fake-gate-io.ts';
import { developer } from '../../helpers/report-fixture.ts';

const day = (n: number): string => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();

/** `controls` controls evaluated on `trees` code versions, one a day. */
async function drawn(trees: number, controls: number): Promise<string> {
  const ids = Array.from({ length: controls }, (_, i) => `c${i}`);
  const io = createFakeGateIO(ids.map((id) => makeControl(id, command(['check']))));
  for (let n = 0; n < trees; n++) {
    io.tree = n.toString(16).padStart(40, '0');
    await evaluateRun(runAllBy(developer), createTestContext({ now: day(n) }), io);
  }
  const entries = await io.readEntries(io.plane);
  const now = ids.map((control) => ({ control, status: 'PASS', reason: 'exit 0' }));
  return renderPicture(buildStatusPicture(entries, new LedgerOrder(entries), now, new Map()), true);
}

/** The svg's size and every cell rectangle's size. */
function sizes(html: string): { width: number; height: number; cells: Set<string> } {
  const svg = /<svg id="status-picture"[^>]* width="(\d+)" height="(\d+)"/.exec(html)!;
  const cells = new Set(
    [
      ...html.matchAll(
        /<g class="pc"[^>]*>.*?<rect x="[\d.]+" y="[\d.]+" width="(\d+)" height="(\d+)"/g,
      ),
    ].map((m) => `${m[1]}x${m[2]}`),
  );
  return { width: Number(svg[1]), height: Number(svg[2]), cells };
}

describe('the picture sizes its cells to the room it has', () => {
  test('two code versions: large cells, across the box', async () => {
    const { width, cells } = sizes(await drawn(2, 3));
    expect([...cells]).toHaveLength(1);
    const [w, h] = [...cells][0]!.split('x').map(Number) as [number, number];
    expect(w).toBeGreaterThanOrEqual(60);
    expect(h).toBeGreaterThanOrEqual(24);
    expect(width).toBe(1160);
  });

  test('a full picture keeps the least cell and its bound', async () => {
    const html = await drawn(MAX_TREES + MAX_BUCKETS * 3, 2);
    const { width, cells } = sizes(html);
    expect(html).toMatch(new RegExp(`data-columns="${MAX_TREES + MAX_BUCKETS + 1}"`));
    expect([...cells]).toEqual(['22x16']);
    expect(width).toBeLessThanOrEqual(1200);
  }, 30_000);

  test('many controls keep the least height, so the picture stays a screen or two', async () => {
    const { height, cells } = sizes(await drawn(1, MAX_ROWS + 3));
    const [, h] = [...cells][0]!.split('x').map(Number) as [number, number];
    expect(h).toBe(16);
    expect(height).toBeLessThanOrEqual(MAX_ROWS * 18 + 100);
  });
});
