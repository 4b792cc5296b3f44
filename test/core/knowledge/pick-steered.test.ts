import { describe, expect, it } from 'vitest';
import type { HypothesisView } from '../../../scripts/lib/core/knowledge/decide-hypotheses.ts';
import { pickSteered } from '../../../scripts/lib/core/knowledge/explore-step.ts';
import { hypothesisView } from '../../helpers/hypothesis-view.ts';

const h = (id: string, score: number): HypothesisView =>
  hypothesisView({ id, claim: id, probe: { argv: ['true'], expectExit: 0 }, score });
const board = [h('H-0001', 900), h('H-0002', 800), h('H-0003', 700), h('H-0004', 100)];
const steer = { share: 3000, step: 0, seed: 'abc', isDrifting: false };

describe('pickSteered', () => {
  it('takes the top except on the exploration slots the share spreads over the run', () => {
    const picks = Array.from({ length: 10 }, (_, step) =>
      pickSteered(board, new Set(), { ...steer, step }),
    );
    expect(picks.map((p) => p.isExploration)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      true,
      false,
      false,
      true,
    ]);
    for (const p of picks.filter((x) => x.isExploration)) expect(p.pick!.id).not.toBe('H-0001');
    expect(picks.filter((x) => !x.isExploration).every((p) => p.pick!.id === 'H-0001')).toBe(true);
    // Reproducible: the same seed and step give the same pick.
    expect(pickSteered(board, new Set(), { ...steer, step: 3 })).toEqual(picks[3]);
  });

  it('a tripped drift watchdog forces an exploration pick; one candidate is simply taken', () => {
    const drifting = pickSteered(board, new Set(), { ...steer, share: 0, isDrifting: true });
    expect(drifting.isExploration).toBe(true);
    expect(drifting.pick!.id).not.toBe('H-0001');
    const alone = pickSteered([h('H-0009', 1)], new Set(), { ...steer, isDrifting: true });
    expect(alone).toEqual({
      pick: expect.objectContaining({ id: 'H-0009' }),
      isExploration: false,
    });
    expect(pickSteered(board, new Set(['H-0001']), { ...steer, share: 0 }).pick!.id).toBe('H-0002');
  });
});
