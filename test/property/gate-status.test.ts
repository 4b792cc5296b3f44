// computeStatuses against an oracle written from the rules in references/statuses.md, over random
// ledgers mixing bindings, stages, statuses and disputes.
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { computeStatuses } from '../../scripts/lib/core/gate/status/compute-status.ts';
import { digestJson } from '../../scripts/lib/core/hash.ts';
import type { StoredEntry, SubjectBinding } from '../../scripts/lib/core/ledger/types.ts';
import { command, makeControl } from '../helpers/fake-gate-io.ts';

const control = makeControl('T.unit', command(['pass']));
const current: SubjectBinding = {
  tree: 'a'.repeat(40),
  manifest: 'm'.repeat(64),
  registry: 'r'.repeat(64),
  control: digestJson(control),
};
const other: SubjectBinding = { ...current, tree: 'b'.repeat(40) };
const hex = (n: number) => n.toString(16).padStart(64, '0');

const result = fc.record({
  isCurrent: fc.boolean(),
  stage: fc.constantFrom('self' as const, 'cross' as const),
  status: fc.constantFrom('PASS' as const, 'FAIL' as const),
  isDisputed: fc.boolean(),
});
type Result = typeof result extends fc.Arbitrary<infer T> ? T : never;

function toEntry(r: Result, i: number): StoredEntry {
  const body =
    r.stage === 'self'
      ? {
          control: control.id,
          stage: 'self',
          status: r.status,
          execution: 'command',
          exit_code: r.status === 'PASS' ? 0 : 1,
          duration_ms: 5,
          timed_out: false,
          truncated: false,
          authorizations: [],
        }
      : {
          control: control.id,
          stage: 'cross',
          reviewed: hex(0),
          reviewed_status: 'PASS',
          status: r.status,
          agreement: r.isDisputed ? 'disputed' : 'agree',
          differences: r.isDisputed ? ['status'] : [],
        };
  return {
    entry: {
      v: 1,
      kind: r.stage === 'self' ? 'run' : 'audit',
      ledger: 'l',
      segment: 's',
      seq: i,
      prev: null,
      time: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      actor: { label: 'a', authority: 'x', context: 'c' },
      subject: r.isCurrent ? current : other,
      storage: { heads: {}, objects: [] },
      body,
    },
    hash: hex(i + 1),
    file: 'f',
    line: i + 1,
  };
}

function oracle(results: Result[], stage: 'self' | 'cross') {
  const all = results.filter((r) => r.stage === stage);
  const matching = all.filter((r) => r.isCurrent);
  const isFlaky =
    matching.some((r) => r.status === 'PASS') && matching.some((r) => r.status === 'FAIL');
  if (stage === 'cross' && matching.some((r) => r.isDisputed))
    return { status: 'DISPUTED', isFlaky };
  const last = matching.at(-1);
  // PASS and FAIL on the current binding: FLAKY, whichever came last, until three passes recorded
  // after the last FAIL (the default policies.flaky.passes_to_clear) clear it.
  const lastFail = matching.findLastIndex((r) => r.status === 'FAIL');
  const passes = matching.slice(lastFail + 1).filter((r) => r.status === 'PASS').length;
  const cleared = isFlaky && last?.status === 'PASS' && passes >= 3;
  if (last !== undefined) return { status: isFlaky && !cleared ? 'FLAKY' : last.status, isFlaky };
  return { status: all.length > 0 ? 'STALE' : 'TODO', isFlaky };
}

test.prop([fc.array(result, { maxLength: 40 })], { seed: 4242, numRuns: 300 })(
  'statuses follow the latest-matching, dispute and flaky rules',
  (results) => {
    const [status] = computeStatuses({
      controls: [control],
      subjects: new Map([[control.id, current]]),
      entries: results.map(toEntry),
      now: new Date('2026-02-01T00:00:00Z'),
    });
    const self = oracle(results, 'self');
    const cross = oracle(results, 'cross');
    expect(status!.stages.self.status).toBe(self.status);
    expect(status!.stages.self.flaky).toBe(self.isFlaky);
    expect(status!.stages.cross.status).toBe(cross.status);
    expect(status!.status).toBe(cross.status === 'DISPUTED' ? 'DISPUTED' : self.status);
    expect(status!.flaky).toBe(self.isFlaky || cross.isFlaky);
  },
);
