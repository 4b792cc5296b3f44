import { describe, expect, it } from 'vitest';
import {
  INITIAL,
  LOWER,
  MAX_CONFIDENCE,
  RAISE,
  applyObservation,
  currentConfidence,
  decayConfidence,
  initialState,
} from '../../../scripts/lib/core/knowledge/damping.ts';
import type {
  CaseEntry,
  CaseObservation,
  Confirmation,
} from '../../../scripts/lib/core/knowledge/types.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const day = (n: number): Date => new Date(Date.parse(T0) + n * 86_400_000);

const entry: CaseEntry = {
  id: 'CB-0001',
  features: {
    kind: 'web-api',
    architecture: 'service',
    stack: [],
    attr: 'functional',
    constraints: [],
  },
  applicability: 'REST writes without schema validation',
  strategy: 's',
  adaptation: [],
  outcome: 'o',
  negative: [],
  provenance: { project: 'shop', environment: 'staging', confirmation: 'auto' },
  confidence: 5000,
  halfLifeDays: 180,
  time: T0,
};
const obs = (over: Partial<CaseObservation>): CaseObservation => ({
  id: 'CB-0001',
  result: 'success',
  project: 'billing',
  environment: 'ci',
  confirmation: 'auto',
  time: T0,
  ...over,
});

describe('half-life decay (injected clock)', () => {
  it.each([
    [8000, 0, 8000],
    [8000, 180, 4000], // one half-life halves
    [8000, 360, 2000], // two quarter
    [8000, 540, 1000],
    [8000, 90, 5657], // 8000 / √2
    [8000, 1, 7969],
    [1, 180, 1], // 0.5 rounds half up to a whole basis point
    [0, 365, 0],
  ])('%i bp after %i days → %i bp', (start, days, expected) => {
    expect(decayConfidence(start, day(0), day(days), 180)).toBe(expected);
  });

  it('never grows when the clock runs backwards', () => {
    expect(decayConfidence(6000, day(10), day(0), 180)).toBe(6000);
  });

  it('decays the current confidence of an unvalidated case', () => {
    expect(currentConfidence(entry, [], day(0)).current).toBe(5000);
    expect(currentConfidence(entry, [], day(180)).current).toBe(2500);
  });
});

describe('corroboration and counterexamples', () => {
  it('rises only on independent corroboration (a new project or environment)', () => {
    const start = initialState(entry);
    const sameContext = applyObservation(
      start,
      obs({ project: 'shop', environment: 'staging' }),
      180,
    );
    expect(sameContext.confidence).toBe(5000);
    const otherEnv = applyObservation(start, obs({ project: 'shop', environment: 'prod' }), 180);
    expect(otherEnv.confidence).toBe(5000 + RAISE.auto);
    const twice = applyObservation(otherEnv, obs({ project: 'shop', environment: 'prod' }), 180);
    expect(twice.confidence).toBe(otherEnv.confidence);
  });

  it.each(['user', 'auto', 'single'] as const)(
    'one %s counterexample outweighs any one success',
    (who) => {
      for (const start of [3000, 5000, 8000]) {
        const state = { ...initialState(entry), confidence: start };
        const down =
          start -
          applyObservation(state, obs({ result: 'counterexample', confirmation: who }), 180)
            .confidence;
        for (const up of ['user', 'auto', 'single'] as Confirmation[]) {
          const rise = applyObservation(state, obs({ confirmation: up }), 180).confidence - start;
          expect(down).toBeGreaterThan(rise);
        }
      }
      expect(Math.min(...Object.values(LOWER))).toBeGreaterThan(Math.max(...Object.values(RAISE)));
    },
  );

  it('a success then a counterexample ends below where it started', () => {
    const after = currentConfidence(
      entry,
      [
        obs({ time: day(1).toISOString() }),
        obs({ result: 'counterexample', project: 'x', time: day(2).toISOString() }),
      ],
      day(2),
    );
    expect(after.current).toBeLessThan(currentConfidence(entry, [], day(2)).current);
  });

  it('weights user-confirmed > auto-confirmed > single observation', () => {
    expect(INITIAL.user).toBeGreaterThan(INITIAL.auto);
    expect(INITIAL.auto).toBeGreaterThan(INITIAL.single);
    const rise = (c: Confirmation): number =>
      applyObservation(initialState(entry), obs({ confirmation: c }), 180).confidence;
    expect(rise('user')).toBeGreaterThan(rise('auto'));
    expect(rise('auto')).toBeGreaterThan(rise('single'));
  });

  it('never reaches certainty and never goes below zero', () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      obs({ project: `p${i}`, confirmation: 'user' }),
    );
    expect(currentConfidence(entry, many, day(0)).current).toBe(MAX_CONFIDENCE);
    const bad = Array.from({ length: 5 }, () =>
      obs({ result: 'counterexample', confirmation: 'user' }),
    );
    expect(currentConfidence(entry, bad, day(0)).current).toBe(0);
  });

  it('applies decay before each observation, in time order whatever the file order', () => {
    const later = obs({ project: 'p2', time: day(180).toISOString() });
    const earlier = obs({ project: 'p1', time: day(0).toISOString() });
    const a = currentConfidence(entry, [later, earlier], day(180)).current;
    // 5000 + 1000 at day 0 → 3000 at day 180, + 1000 = 4000.
    expect(a).toBe(4000);
  });
});
