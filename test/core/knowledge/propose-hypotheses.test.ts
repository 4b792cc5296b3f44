import { describe, expect, it } from 'vitest';
import { proposeHypotheses } from '../../../scripts/lib/core/knowledge/propose-hypotheses.ts';
import type {
  ProposalControl,
  ProposalInputs,
} from '../../../scripts/lib/core/knowledge/propose-hypotheses.ts';

const base: ProposalInputs = {
  board: [],
  decisions: [],
  uncoveredFiles: [],
  controls: [],
  gaps: [],
  goals: [],
  highRisk: 700,
  unknowns: [],
  allow: [],
  self: ['node', 'proofgate.js'],
  now: new Date('2026-01-01T00:00:00.000Z'),
};

describe('proposeHypotheses', () => {
  it('proposes from each source with provenance, a probe and priors', () => {
    const { added, notProposed } = proposeHypotheses({
      ...base,
      uncoveredFiles: ['src/pricing.js'],
      controls: [
        {
          id: 'unit',
          title: 'unit tests',
          status: 'FAIL',
          flaky: false,
          needs: [],
          runnable: true,
        },
        { id: 'e2e', title: 'e2e', status: 'PASS', flaky: true, needs: [], runnable: true },
        {
          id: 'audit',
          title: 'npm audit',
          status: 'PASS',
          flaky: false,
          needs: [],
          runnable: true,
        },
        {
          id: 'build',
          title: 'perf slot',
          status: 'FAIL',
          flaky: false,
          needs: [],
          runnable: false,
        },
      ],
      gaps: [{ kind: 'missing_control', requirement: 'REQ-9', maturity: 'prototype' }],
      goals: [
        { attr: 'security', risk: 800 },
        { attr: 'performance', risk: 900 },
      ],
      unknowns: [{ question: 'How are the tests run?' }, { question: 'Who owns CI?' }],
    });
    expect(added.map((h) => [h.id, h.provenance])).toEqual([
      ['H-0001', 'recon:control:unit:fail'],
      ['H-0002', 'recon:control:e2e:flaky'],
      ['H-0003', 'recon:gap:missing_control:REQ-9'],
      ['H-0004', 'recon:goal:security'],
      ['H-0005', 'recon:unknown:tests'],
      ['H-0006', 'recon:file:src/pricing.js'],
    ]);
    expect(added[0]!.probe).toEqual({ argv: [], control: 'unit', expectStatus: 'FAIL' });
    expect(added[2]!.probe?.argv).toEqual([
      'node',
      'proofgate.js',
      'knowledge',
      'sync',
      '--dry-run',
      '--json',
    ]);
    expect(
      new RegExp(added[2]!.probe!.expectOutput!, 'u').test(
        '{\n  "kind": "missing_control",\n  "requirement": "REQ-9",\n  "maturity": "prototype"',
      ),
    ).toBe(true);
    expect(added.every((h) => h.status === 'open' && h.cost > 0)).toBe(true);
    expect(notProposed).toEqual([
      {
        source: 'goal performance',
        reason: expect.stringContaining('no runnable control names it'),
      },
      { source: 'unknown: Who owns CI?', reason: 'needs a person to answer' },
    ]);
  });

  it('never proposes twice, against a negative decision, or beyond the blast radius', () => {
    const first = proposeHypotheses({ ...base, uncoveredFiles: ['src/a.js', 'lib/b.js'] });
    const again = proposeHypotheses({
      ...base,
      board: first.added,
      uncoveredFiles: ['src/a.js', 'lib/b.js'],
    });
    expect(again.added).toEqual([]);
    const ruled = proposeHypotheses({
      ...base,
      uncoveredFiles: ['lib/b.js'],
      decisions: [
        { id: 'ND-0001', title: 't', reason: 'r', conditions: [], paths: ['lib'], time: 'x' },
      ],
      controls: [
        {
          id: 'deploy',
          title: 'd',
          status: 'FAIL',
          flaky: false,
          needs: ['production_mutation'],
          runnable: true,
        },
      ],
    });
    expect(ruled.added).toEqual([]);
    expect(ruled.notProposed.map((n) => n.source)).toEqual([
      'file lib/b.js',
      'recon:control:deploy:fail',
    ]);
    expect(ruled.notProposed[1]!.reason).toBe(
      'its probe needs production_mutation, beyond the allowed blast radius',
    );
  });
});

describe('proposeHypotheses from controls', () => {
  it('drafts a flaky control as a reliability question and a failing one as a functional one', () => {
    const control = (
      id: string,
      status: ProposalControl['status'],
      flaky: boolean,
    ): ProposalControl => ({ id, title: id, status, flaky, needs: [], runnable: true });
    const { added } = proposeHypotheses({
      ...base,
      controls: [
        control('unit', 'FAIL', false),
        control('e2e', 'FAIL', true),
        control('lint', 'PASS', false),
      ],
    });
    const drafted = (id: string, kind: string, expectStatus: string) => ({
      provenance: `recon:control:${id}:${kind}`,
      cost: 1000,
      probe: { argv: [], control: id, expectStatus },
    });
    expect(added).toMatchObject([
      {
        ...drafted('unit', 'fail', 'FAIL'),
        claim: 'unit still fails on the current code',
        attr: 'functional',
        risk: 800,
        infoGain: 500,
        oracle: 'unit FAIL',
      },
      {
        ...drafted('e2e', 'flaky', 'PASS'),
        claim: 'e2e passes reliably on the current code',
        attr: 'reliability',
        risk: 700,
        infoGain: 800,
        oracle: 'e2e PASS (run with --repeat to expose flakiness)',
      },
    ]);
    expect(added).toHaveLength(2);
  });
});
