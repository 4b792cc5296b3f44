import { describe, expect, it } from 'vitest';
import {
  CLAIM_SCOPE_OF,
  toScopeReadiness,
} from '../../../scripts/lib/core/knowledge/assess-readiness.ts';
import { buildHandoff } from '../../../scripts/lib/core/knowledge/build-handoff.ts';
import type { ClaimDecision } from '../../../scripts/lib/core/gate/claim/decide-claim.ts';

const refused: ClaimDecision = {
  granted: false,
  verdict: 'REFUSED [project] 1 blockers',
  scope: 'project',
  target: 'prototype',
  stages: ['self'],
  blockers: [{ control: 'C-1', stage: 'self', status: 'FAIL', reason: 'exit 1' }],
};

describe('toScopeReadiness', () => {
  it('each readiness scope previews one claim scope', () => {
    expect(CLAIM_SCOPE_OF).toEqual({ task: 'task', merge: 'project', release: 'release' });
  });

  it('shows the claim decision as it is: refusal, verdict line and blockers unchanged', () => {
    expect(toScopeReadiness('merge', refused)).toEqual({
      scope: 'merge',
      claimScope: 'project',
      isReady: false,
      verdict: refused.verdict,
      blockers: refused.blockers,
    });
  });

  it('is ready exactly when the claim would be granted', () => {
    const granted = { ...refused, granted: true, blockers: [], verdict: 'COMPLETED [release]' };
    expect(toScopeReadiness('release', { ...granted, scope: 'release' }).isReady).toBe(true);
    // Even with no blockers listed, a refused decision is never shown as ready.
    expect(toScopeReadiness('merge', { ...refused, blockers: [] }).isReady).toBe(false);
  });
});

describe('buildHandoff', () => {
  const input = {
    task: 'T-1',
    controls: [{ id: 'C-1', status: 'FAIL' as const }],
    readiness: [toScopeReadiness('merge', refused)],
    decisions: [],
    facts: [],
    hypotheses: [],
    notes: { context: 'flaky on CI runners' },
  };
  it('carries machine state and notes side by side', () => {
    const { payload, summary } = buildHandoff(input);
    expect(payload).toMatchObject({
      task: 'T-1',
      controls: [{ id: 'C-1', status: 'FAIL' }],
      notes: { context: 'flaky on CI runners' },
    });
    expect(summary).toMatch(/^task T-1: 1 controls not PASS \(C-1 FAIL\)\nmerge: not ready/);
  });
  it.each(['status', 'readiness', 'C-1', 'c-1'])('refuses a note that would redefine %s', (key) => {
    expect(() => buildHandoff({ ...input, notes: { [key]: 'PASS' } })).toThrow(
      /cannot redefine machine fields/,
    );
  });
});
