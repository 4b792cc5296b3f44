import { describe, expect, it } from 'vitest';
import type { HypothesisView } from '../../../scripts/lib/core/knowledge/decide-hypotheses.ts';
import {
  checkBudget,
  countStepsSinceEvidence,
  evaluateDone,
} from '../../../scripts/lib/core/knowledge/evaluate-done.ts';
import type { KnowledgeRecord } from '../../../scripts/lib/core/knowledge/types.ts';
import { hypothesisView } from '../../helpers/hypothesis-view.ts';

const base = hypothesisView({ risk: 300, score: 150 });
const h = (over: Partial<HypothesisView>): HypothesisView => ({ ...base, ...over });
const criteria = { highRisk: 700, maxOpenScore: 500, driftSteps: 3 };

describe('evaluateDone', () => {
  it.each([
    ['an empty board is not done', [], 0, 'continue'],
    ['low-risk open hypotheses below the ceiling are done', [h({})], 0, 'done'],
    ['an open high-risk attribute is not done', [h({ risk: 800, score: 400 })], 0, 'continue'],
    [
      'a refuted high-risk hypothesis decides the attribute',
      [h({ risk: 800, status: 'refuted' })],
      0,
      'done',
    ],
    ['an open hypothesis above the ceiling is not done', [h({ score: 501 })], 0, 'continue'],
    [
      'a probing hypothesis above the ceiling is not done',
      [h({ score: 900, status: 'probing' })],
      0,
      'continue',
    ],
    ['exactly at the ceiling is allowed', [h({ score: 500 })], 0, 'done'],
    ['drift trips the watchdog when not done', [h({ score: 900 })], 3, 'drifting'],
    ['drift below N keeps going', [h({ score: 900 })], 2, 'continue'],
  ] as const)('%s', (_, board, steps, verdict) => {
    expect(evaluateDone(board, steps, criteria).verdict).toBe(verdict);
  });

  it('names the undecided attributes and the open ids, highest score first', () => {
    const report = evaluateDone(
      [
        h({ id: 'H-1', risk: 900, attr: 'security', score: 600 }),
        h({ id: 'H-2', score: 800 }),
        h({ id: 'H-3', attr: 'performance', risk: 700, status: 'confirmed' }),
      ],
      0,
      criteria,
    );
    expect(report).toMatchObject({
      undecidedAttrs: ['security'],
      openAboveCeiling: ['H-2', 'H-1'],
    });
  });
});

describe('countStepsSinceEvidence', () => {
  const hyp = (id: string): KnowledgeRecord => ({ op: 'hypothesis', hypothesis: { ...base, id } });
  const upd = (evidence?: string[]): KnowledgeRecord => ({
    op: 'update',
    update: { id: 'H-0001', time: 't', ...(evidence ? { evidence } : {}) },
  });
  it.each([
    ['no records', [], 0],
    ['three adds', [hyp('a'), hyp('b'), hyp('c')], 3],
    ['new evidence resets', [hyp('a'), hyp('b'), upd(['e1'])], 0],
    ['re-citing old evidence is no progress', [hyp('a'), upd(['e1']), upd(['e1']), upd(['e1'])], 2],
    ['steps after evidence count again', [upd(['e1']), upd(), upd()], 2],
    [
      "the loop's own proposals are not steps",
      [
        hyp('a'),
        { op: 'hypothesis', hypothesis: { ...base, id: 'b', provenance: 'recon:file:src/x.js' } },
      ],
      1,
    ],
  ] as const)('%s', (_, records, steps) => {
    expect(countStepsSinceEvidence(records)).toBe(steps);
  });
});

describe('checkBudget', () => {
  const budget = { maxSteps: 200, maxSeconds: 7200, maxCost: 5000 };
  it.each([
    [{ steps: 0, seconds: 0, cost: 0 }, []],
    [{ steps: 199, seconds: 7199, cost: 4999 }, []],
    [{ steps: 200, seconds: 10, cost: 10 }, ['steps']],
    [{ steps: 1, seconds: 9000, cost: 5000 }, ['seconds', 'cost']],
  ])('%o → %o', (spent, exhausted) => expect(checkBudget(budget, spent)).toEqual(exhausted));

  it('a high-risk quality goal no decided hypothesis covers keeps it going and is named', () => {
    const goals = { ...criteria, goals: ['security'] };
    const decidedFunctional = [h({ risk: 800, status: 'confirmed' })];
    const open = evaluateDone(decidedFunctional, 0, goals);
    expect(open.verdict).toBe('continue');
    expect(open.undecidedAttrs).toEqual(['security']);
    // An open security hypothesis does not cover the goal; only a decided one does.
    const withOpen = [...decidedFunctional, h({ id: 'H-2', attr: 'security', score: 100 })];
    expect(evaluateDone(withOpen, 0, goals).undecidedAttrs).toEqual(['security']);
    const decided = [...decidedFunctional, h({ id: 'H-2', attr: 'security', status: 'refuted' })];
    expect(evaluateDone(decided, 0, goals).verdict).toBe('done');
    expect(evaluateDone([], 0, criteria).isBoardEmpty).toBe(true);
  });
});
