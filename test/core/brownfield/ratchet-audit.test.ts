import { describe, expect, test } from 'vitest';
import type { RunDetails } from '../../../scripts/lib/core/gate/entries/bodies.ts';
import { compareResults } from '../../../scripts/lib/core/gate/run/compare-results.ts';
import { parseRunBody } from '../../../scripts/lib/core/gate/entries/parse-body.ts';
import {
  describeRatchet,
  parseBaselineBody,
} from '../../../scripts/lib/core/gate/entries/ratchet-details.ts';

const run = (ratchet: RunDetails['ratchet']): RunDetails => ({
  execution: 'command',
  exit_code: 1,
  duration_ms: 5,
  timed_out: false,
  truncated: false,
  authorizations: [],
  ...(ratchet === undefined ? {} : { ratchet }),
});
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('ratchet results in audits and bodies', () => {
  test('an audit whose fingerprint set differs disputes, even with the same status and exit code', () => {
    const reviewed = { status: 'FAIL' as const, run: run({ fingerprints: A, count: 3 }) };
    expect(
      compareResults(reviewed, { status: 'FAIL', run: run({ fingerprints: A, count: 3 }) }),
    ).toEqual({
      agreement: 'agree',
      differences: [],
    });
    expect(
      compareResults(reviewed, { status: 'FAIL', run: run({ fingerprints: B, count: 3 }) }),
    ).toEqual({
      agreement: 'disputed',
      differences: ['violations: reviewed 3, audit 3 (fingerprint sets differ)'],
    });
  });

  test('a run body with a malformed ratchet never counts as a result', () => {
    const body = {
      control: 'Q',
      stage: 'self',
      status: 'FAIL',
      execution: 'command',
      duration_ms: 1,
      timed_out: false,
      truncated: false,
      authorizations: [],
    };
    expect(parseRunBody({ ...body, ratchet: { fingerprints: A, count: 2 } })?.ratchet).toEqual({
      fingerprints: A,
      count: 2,
    });
    expect(parseRunBody({ ...body, ratchet: { problem: 'x' } })?.ratchet).toEqual({ problem: 'x' });
    expect(parseRunBody({ ...body, ratchet: { count: 2 } })).toBeUndefined();
    expect(
      parseRunBody({ ...body, ratchet: { fingerprints: A, count: 2, problem: 'x' } }),
    ).toBeUndefined();
    expect(parseRunBody({ ...body, ratchet: { fingerprints: A, count: -1 } })).toBeUndefined();
    expect(
      parseRunBody({ ...body, ratchet: { fingerprints: A, count: 2, extra: 1 } }),
    ).toBeUndefined();
  });

  test('baseline bodies are parsed strictly', () => {
    const ok = { type: 'baseline', control: 'Q', fingerprints_object: A, count: 5, run: B };
    expect(parseBaselineBody(ok)).toEqual(ok);
    expect(parseBaselineBody({ ...ok, count: 5.5 })).toBeUndefined();
    expect(parseBaselineBody({ ...ok, extra: 'x' })).toBeUndefined();
    expect(parseBaselineBody({ ...ok, type: 'campaign' })).toBeUndefined();
  });

  test('reasons name the open debt', () => {
    expect(
      describeRatchet({
        fingerprints: A,
        count: 3,
        baseline: B,
        baseline_count: 5,
        new: 0,
        fixed: 2,
      }),
    ).toBe('open debt: 3 violations (baseline 5: 2 fixed, 0 new)');
    expect(describeRatchet({ fingerprints: A, count: 3 })).toBe(
      'open debt: 3 violations (no baseline recorded)',
    );
    expect(describeRatchet({ problem: 'x' })).toBe('unreadable ratchet output: x');
  });
});
