import { describe, expect, it } from 'vitest';
import { assessReadiness } from '../../../scripts/lib/core/knowledge/assess-readiness.ts';
import type {
  ReadinessControl,
  ReadinessInput,
} from '../../../scripts/lib/core/knowledge/assess-readiness.ts';
import { buildHandoff } from '../../../scripts/lib/core/knowledge/build-handoff.ts';

const c = (
  id: string,
  status: ReadinessControl['status'],
  requiredFrom: ReadinessControl['requiredFrom'] = 'prototype',
): ReadinessControl => ({ id, status, requiredFrom });
const base: ReadinessInput = { targetMaturity: 'production_ready', controls: [], gaps: [] };
const ready = (input: ReadinessInput) =>
  Object.fromEntries(assessReadiness(input).map((r) => [r.scope, r.isReady]));

describe('assessReadiness', () => {
  it('a task can be complete while a debt control stays FAIL, and the project is still not ready', () => {
    const input = {
      ...base,
      controls: [c('C-task', 'PASS'), c('C-debt', 'FAIL')],
      task: { id: 'T-1', controls: ['C-task'] },
    };
    expect(ready(input)).toEqual({ task: true, merge: false, release: false });
    expect(assessReadiness(input)[1]!.blockers).toEqual([
      { kind: 'control', id: 'C-debt', status: 'FAIL' },
    ]);
  });

  it.each(['FAIL', 'BLOCKED', 'TODO', 'DISPUTED', 'STALE'] as const)(
    '%s blocks; only PASS and NOT_APPLICABLE satisfy',
    (status) => {
      expect(
        ready({ ...base, controls: [c('C-1', status)], task: { id: 'T', controls: ['C-1'] } }),
      ).toEqual({ task: false, merge: false, release: false });
      expect(ready({ ...base, controls: [c('C-1', 'NOT_APPLICABLE'), c('C-2', 'PASS')] })).toEqual({
        merge: true,
        release: true,
      });
    },
  );

  it('controls due above the target maturity do not block, below they do', () => {
    expect(ready({ ...base, controls: [c('C-1', 'TODO', 'commercial_ready')] })).toEqual({
      merge: true,
      release: true,
    });
    expect(ready({ ...base, controls: [c('C-1', 'TODO', 'production_ready')] })).toEqual({
      merge: false,
      release: false,
    });
  });

  it('a traceability gap blocks at its maturity and not below', () => {
    const gaps = [
      {
        kind: 'missing_control' as const,
        requirement: 'REQ-1',
        maturity: 'production_ready' as const,
      },
    ];
    expect(ready({ ...base, gaps })).toEqual({ merge: false, release: false });
    expect(ready({ ...base, gaps, targetMaturity: 'engineering_ready' })).toEqual({
      merge: true,
      release: true,
    });
  });

  it('an unknown task control and missing audit stages block their scope', () => {
    const result = assessReadiness({
      ...base,
      task: { id: 'T', controls: ['C-ghost'] },
      missingStages: { release: ['release_authority'] },
    });
    expect(result.map((r) => [r.scope, r.blockers.map((b) => b.kind)])).toEqual([
      ['task', ['unknown_control']],
      ['merge', []],
      ['release', ['audit']],
    ]);
  });
});

describe('buildHandoff', () => {
  const input = {
    task: 'T-1',
    controls: [{ id: 'C-1', status: 'FAIL' as const }],
    readiness: assessReadiness({ ...base, controls: [c('C-1', 'FAIL')] }),
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
