import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  applyObservation,
  decayConfidence,
  initialState,
} from '../../scripts/lib/core/knowledge/damping.ts';
import { rankNext } from '../../scripts/lib/core/knowledge/rank-next.ts';
import { retrieveCases } from '../../scripts/lib/core/knowledge/retrieve-cases.ts';
import type {
  CaseEntry,
  CaseObservation,
  StructuralFeatures,
} from '../../scripts/lib/core/knowledge/types.ts';

const seed = 20261130;
const confirmation = fc.constantFrom('user' as const, 'auto' as const, 'single' as const);
const T0 = '2026-01-01T00:00:00.000Z';
const entry: CaseEntry = {
  id: 'CB-1',
  features: { kind: 'k', architecture: 'a', attr: 'q', stack: [], constraints: [] },
  applicability: 'x',
  strategy: 's',
  adaptation: [],
  outcome: 'o',
  negative: [],
  provenance: { project: 'p0', environment: 'e0', confirmation: 'auto' },
  confidence: 4500,
  halfLifeDays: 180,
  time: T0,
};
const obs = (
  result: CaseObservation['result'],
  who: CaseObservation['confirmation'],
  project: string,
): CaseObservation => ({
  id: 'CB-1',
  result,
  project,
  environment: 'e',
  confirmation: who,
  time: T0,
});

describe('damping properties', () => {
  test.prop([fc.integer({ min: 0, max: 9500 }), confirmation, confirmation], { seed })(
    'a success followed by a counterexample never ends above the start',
    (start, up, down) => {
      const s0 = { ...initialState(entry), confidence: start };
      const s1 = applyObservation(s0, obs('success', up, 'p1'), 180);
      const s2 = applyObservation(s1, obs('counterexample', down, 'p2'), 180);
      expect(s2.confidence).toBeLessThanOrEqual(start);
      if (start > 0) expect(s2.confidence).toBeLessThan(start);
    },
  );

  test.prop(
    [
      fc.integer({ min: 0, max: 9500 }),
      fc.integer({ min: 0, max: 2000 }),
      fc.integer({ min: 0, max: 2000 }),
      fc.integer({ min: 1, max: 3650 }),
    ],
    { seed },
  )('decay never grows and composes up to rounding', (c, d1, d2, halfLife) => {
    const day = (n: number): Date => new Date(Date.parse(T0) + n * 86_400_000);
    const once = decayConfidence(c, day(0), day(d1 + d2), halfLife);
    const twice = decayConfidence(
      decayConfidence(c, day(0), day(d1), halfLife),
      day(d1),
      day(d1 + d2),
      halfLife,
    );
    expect(once).toBeLessThanOrEqual(c);
    expect(decayConfidence(c, day(0), day(d1 + d2 + 1), halfLife)).toBeLessThanOrEqual(once);
    expect(Math.abs(once - twice)).toBeLessThanOrEqual(1);
  });
});

const word = fc.string({ minLength: 0, maxLength: 12 });
const features = fc.record({
  kind: fc.constantFrom('web-api', 'cli', 'lib'),
  architecture: fc.constantFrom('service', 'monolith'),
  attr: fc.constantFrom('functional', 'security'),
  stack: fc.uniqueArray(fc.constantFrom('ts', 'go', 'py', 'express'), { maxLength: 3 }),
  constraints: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { maxLength: 2 }),
});

describe('retrieval properties', () => {
  test.prop(
    [fc.array(fc.tuple(features, word, word), { minLength: 1, maxLength: 8 }), features, word],
    { seed },
  )(
    'free text and project names never change the order',
    (rows, target: StructuralFeatures, noise) => {
      const build = (text: (i: number) => string) =>
        rows.map(([f, a, b], i) => ({
          confidence: 5000,
          entry: {
            ...entry,
            id: `CB-${i}`,
            features: f,
            applicability: text(i) + a,
            strategy: b,
            provenance: { ...entry.provenance, project: text(i) },
          },
        }));
      const plain = retrieveCases(
        build(() => ''),
        target,
      ).map((r) => r.entry.id);
      const noisy = retrieveCases(
        build((i) => `${noise}${target.kind}${i}`),
        target,
      ).map((r) => r.entry.id);
      expect(noisy).toEqual(plain);
    },
  );
});

describe('rankNext properties', () => {
  test.prop(
    [
      fc.array(
        fc.record({
          risk: fc.nat(1000),
          infoGain: fc.nat(1000),
          cost: fc.integer({ min: 1, max: 5000 }),
        }),
        { maxLength: 40 },
      ),
      fc.integer({ min: 0, max: 10000 }),
      word,
    ],
    { seed },
  )('returns a permutation of its input, the same for the same seed', (raw, share, s) => {
    const items = raw.map((r, i) => ({ ...r, kind: 'gap' as const, id: `G-${i}`, reason: 'r' }));
    const a = rankNext(items, { explorationShare: share, seed: s });
    expect(a.map((r) => r.id).sort()).toEqual(items.map((r) => r.id).sort());
    expect(rankNext(items, { explorationShare: share, seed: s })).toEqual(a);
    if (share === 0)
      for (let i = 1; i < a.length; i++)
        expect(a[i - 1]!.score).toBeGreaterThanOrEqual(a[i]!.score);
  });
});
