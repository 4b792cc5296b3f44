import { describe, expect, it } from 'vitest';
import {
  controlItem,
  controlItemsFromStatuses,
  cutRanked,
  gapItem,
  hypothesisItems,
  rankNext,
} from '../../../scripts/lib/core/knowledge/rank-next.ts';
import type { NextItem } from '../../../scripts/lib/core/knowledge/rank-next.ts';
import { hypothesisView } from '../../helpers/hypothesis-view.ts';

const items = (n: number): NextItem[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'gap' as const,
    id: `G-${String(i).padStart(2, '0')}`,
    reason: 'r',
    infoGain: 1000,
    risk: 1000 - i * 10,
    cost: 1000,
  }));

describe('rankNext', () => {
  it('orders by priority with no exploration share', () => {
    const ranked = rankNext(
      [
        controlItem('C-todo', 'TODO'),
        controlItem('C-fail', 'FAIL'),
        gapItem('REQ-1', 'no control'),
        controlItem('C-stale', 'STALE'),
      ],
      { explorationShare: 0, seed: 's' },
    );
    expect(ranked.map((r) => [r.id, r.score])).toEqual([
      ['C-stale', 1120],
      ['C-fail', 700],
      ['REQ-1', 640],
      ['C-todo', 315],
    ]);
    expect(ranked.every((r) => !r.isExploration)).toBe(true);
  });

  it('gives a fixed share of slots to exploration, spread down the list, never the top slot', () => {
    // 30 % of 20 slots: positions 3, 6, 9, 13, 16 and 19 (the 21st item is left for the last slot).
    const ranked = rankNext(items(21), { explorationShare: 3000, seed: 'task-42' });
    expect(ranked).toHaveLength(21);
    expect(new Set(ranked.map((r) => r.id)).size).toBe(21);
    expect(ranked.flatMap((r, i) => (r.isExploration ? [i] : []))).toEqual([3, 6, 9, 13, 16, 19]);
    expect(ranked[0]).toMatchObject({ id: 'G-00', isExploration: false });
    expect(ranked.slice(0, 3).every((r) => !r.isExploration)).toBe(true);
  });

  it('is deterministic per seed and differs across seeds', () => {
    const a = rankNext(items(30), { explorationShare: 3000, seed: 'x' }).map((r) => r.id);
    expect(rankNext(items(30), { explorationShare: 3000, seed: 'x' }).map((r) => r.id)).toEqual(a);
    expect(rankNext(items(30), { explorationShare: 3000, seed: 'y' }).map((r) => r.id)).not.toEqual(
      a,
    );
  });

  it('an exploration pick comes from below the current top', () => {
    const ranked = rankNext(items(10), { explorationShare: 10000, seed: 'all' });
    // Every slot explores except the last, where only one item is left.
    expect(ranked[0]!.id).not.toBe('G-00');
  });

  it('takes only open and probing hypotheses', () => {
    const board = (['open', 'probing', 'confirmed', 'refuted'] as const).map((status, i) =>
      hypothesisView({ id: `H-${i}`, status }),
    );
    expect(hypothesisItems(board).map((h) => h.id)).toEqual(['H-0', 'H-1']);
  });

  it('turns gate statuses into items, leaving out PASS and NOT_APPLICABLE', () => {
    const statuses = (['PASS', 'FAIL', 'NOT_APPLICABLE', 'STALE'] as const).map((status, i) => ({
      control: `C-${i}`,
      status,
    }));
    const items = controlItemsFromStatuses(statuses, (id) => (id === 'C-1' ? 900 : undefined));
    expect(items.map((i) => [i.id, i.reason, i.risk])).toEqual([
      ['C-1', 'control FAIL', 900],
      ['C-3', 'control STALE', 700],
    ]);
  });
});

describe('cutRanked: the list a person reads', () => {
  // Found on a real repository: a TODO control (0.315) printed above blocking gaps (0.72),
  // because the exploration pick kept its slot in the printed order.
  const found = [
    gapItem('REQ-1', 'missing_control', 900),
    gapItem('REQ-2', 'missing_control', 900),
    gapItem('REQ-3', 'missing_control', 900),
    gapItem('REQ-4', 'missing_control', 900),
    gapItem('REQ-5', 'missing_control', 900),
    controlItem('ENG.BUILD', 'TODO'),
  ];

  it('never prints a lower score above a higher one, whatever the seed and share', () => {
    for (const seed of ['next', 'a', 'b', 'c', 'd', 'e']) {
      for (const share of [0, 3000, 5000, 10000]) {
        const ranked = rankNext(found, { explorationShare: share, seed });
        for (const top of [1, 4, 6, 10]) {
          const scores = cutRanked(ranked, top).map((r) => r.score);
          expect(scores).toEqual([...scores].sort((a, b) => b - a));
        }
      }
    }
  });

  it('keeps the exploration pick in the cut list, marked, at its score', () => {
    const ranked = rankNext(found, { explorationShare: 3000, seed: 'next' });
    // The fourth pick is an exploration slot: without the cut it sits above higher scores.
    expect(ranked[3]!.isExploration).toBe(true);
    const cut = cutRanked(ranked, 4);
    expect(cut).toHaveLength(4);
    expect(cut.filter((r) => r.isExploration)).toHaveLength(1);
    expect(new Set(cut.map((r) => r.id))).toEqual(new Set(ranked.slice(0, 4).map((r) => r.id)));
  });

  it('the default share on the found list ranks 0.72 gaps above the 0.315 control', () => {
    const cut = cutRanked(rankNext(found, { explorationShare: 3000, seed: 'next' }), 10);
    expect(cut.map((r) => r.score)).toEqual([720, 720, 720, 720, 720, 315]);
  });
});
