import { describe, expect, test } from 'vitest';
import { runPool } from '../../../scripts/lib/flows/run/run-pool.ts';

describe('runPool', () => {
  test('an exclusive item never runs beside another; results keep input order', async () => {
    const items = ['a', 'BUILD', 'b', 'c', 'E2E', 'd'];
    let running = 0;
    const overlaps: string[] = [];
    const order: string[] = [];
    const results = await runPool(
      items,
      4,
      async (item) => {
        running += 1;
        if (item === item.toUpperCase() && running > 1) overlaps.push(item);
        order.push(item);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (item === item.toUpperCase() && running > 1) overlaps.push(item);
        running -= 1;
        return item.toLowerCase();
      },
      (item) => item === item.toUpperCase(),
    );
    expect(overlaps).toEqual([]);
    expect(results).toEqual(['a', 'build', 'b', 'c', 'e2e', 'd']);
    expect(order.slice(-2)).toEqual(['BUILD', 'E2E']);
  });

  test('without exclusive items the shared items do run side by side', async () => {
    let running = 0;
    let most = 0;
    await runPool(['a', 'b', 'c'], 3, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    });
    expect(most).toBe(3);
  });
});
