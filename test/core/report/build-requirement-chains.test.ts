import { describe, expect, test } from 'vitest';
import { computeStatuses } from '../../../scripts/lib/core/gate/status/compute-status.ts';
import { buildRequirementChains } from '../../../scripts/lib/core/report/build-requirement-chains.ts';
import { command, createFakeGateIO, makeControl } from '../../helpers/fake-gate-io.ts';

describe('traceability chains for the report', () => {
  test('requirements reach controls directly or through risks; gaps and unlinked controls show', async () => {
    const io = createFakeGateIO([
      makeControl('C.direct', command(['pass']), { requirements: ['REQ-1'], risks: ['R-1'] }),
      makeControl('C.viaRisk', command(['pass']), { risks: ['R-1'] }),
      makeControl('C.slot', { type: 'slot', hint: 'no test yet' }, { requirements: ['REQ-2'] }),
      makeControl('C.alone', command(['pass'])),
    ]);
    const controls = io.plane.registry.controls;
    const statuses = computeStatuses({
      controls,
      subjects: await io.computeSubjects(io.plane, controls),
      entries: [],
      now: new Date(),
    });
    const t = buildRequirementChains(io.plane.registry, [], statuses, 'engineering_ready');
    expect(t.chains.map((c) => [c.requirement, c.risks, c.controls.map((x) => x.id)])).toEqual([
      ['REQ-1', ['R-1'], ['C.direct', 'C.viaRisk']],
      ['REQ-2', [], ['C.slot']],
    ]);
    expect(t.chains[1]!.gaps.map((g) => g.kind)).toEqual(['missing_risk', 'missing_verification']);
    expect(t.chains[0]!.controls[0]).toEqual({ id: 'C.direct', status: 'TODO' });
    expect(t.unlinked).toEqual(['C.alone']);
    expect(t.blocking.length).toBeGreaterThan(0);
  });
});
