import { describe, expect, it } from 'vitest';
import { seedPriors } from '../../../scripts/lib/core/knowledge/seed-priors.ts';
import type { CaseEntry } from '../../../scripts/lib/core/knowledge/types.ts';

const model = {
  target: { kind: 'web-api' },
  architecture: { shape: 'service' },
  stack: { lang: ['typescript'], frameworks: [] },
  constraints: { env: 'test-only' },
  qualityGoals: [{ attr: 'functional', risk: 0.8 }],
};

const caseOf = (id: string, attr: string): CaseEntry => ({
  id,
  features: {
    kind: 'web-api',
    architecture: 'service',
    stack: ['typescript'],
    attr,
    constraints: ['env:test-only'],
  },
  applicability: 'services',
  strategy: `${attr} probes`,
  adaptation: [],
  outcome: 'found defects',
  negative: [],
  provenance: { project: 'other', environment: 'ci', confirmation: 'user' },
  confidence: 6000,
  halfLifeDays: 180,
  time: '2026-01-01T00:00:00.000Z',
});

describe('seedPriors', () => {
  it('never seeds a case of another quality attribute, however close the rest of its structure', () => {
    const now = new Date('2026-01-02T00:00:00.000Z');
    const cases = [
      { entry: caseOf('CB-0001', 'security'), confidence: 9000 },
      { entry: caseOf('CB-0002', 'functional'), confidence: 6000 },
    ];
    const seeded = seedPriors(model, cases, [], now);
    expect(seeded.map((h) => [h.provenance, h.attr])).toEqual([['prior:CB-0002', 'functional']]);
  });

  it('seeds from the fields the model names: a model without stack or constraints still matches', () => {
    const bare = { target: { kind: 'web-api' }, qualityGoals: [{ attr: 'functional', risk: 0.5 }] };
    const seeded = seedPriors(
      bare,
      [{ entry: caseOf('CB-0001', 'functional'), confidence: 6000 }],
      [],
      new Date('2026-01-02T00:00:00.000Z'),
    );
    expect(seeded.map((h) => h.provenance)).toEqual(['prior:CB-0001']);
  });
});
