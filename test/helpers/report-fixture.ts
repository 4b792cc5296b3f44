// Report fixtures over the in-memory GateIO: the same flows a user runs (evaluate, audit, claim),
// then the report model and statusFlow's JSON computed from the same ledger.
import type { Actor } from '../../scripts/lib/core/ledger/types.ts';
import { buildReport, type ReportInput } from '../../scripts/lib/core/report/build-report.ts';
import type { EvidenceObject } from '../../scripts/lib/core/report/collect-trace-findings.ts';
import { auditFlow } from '../../scripts/lib/flows/audit/audit-flow.ts';
import { evaluateRun } from '../../scripts/lib/flows/run/evaluate-flow.ts';
import { statusFlow } from '../../scripts/lib/flows/views/status-flow.ts';
import { createTestContext } from './context.ts';
import { crossAuditBy, runAllBy, type FakeGateIO } from './fake-gate-io.ts';

export const developer: Actor = {
  label: 'agent-1',
  authority: 'virtual:developer',
  context: 'session-1',
};
export const quality: Actor = {
  label: 'reviewer',
  authority: 'virtual:quality',
  context: 'session-2',
};
export const NOW = '2026-03-01T12:00:00.000Z';

export const ctx = () => createTestContext({ now: NOW });

export async function selfRun(io: FakeGateIO, controls: string[] = []): Promise<void> {
  await evaluateRun({ ...runAllBy(developer), controls }, ctx(), io);
}

export async function crossAudit(io: FakeGateIO, controls: string[] = []): Promise<void> {
  await auditFlow(crossAuditBy(quality, { controls }), ctx(), io);
}

export async function reportInputOf(io: FakeGateIO, maxEntries = 200): Promise<ReportInput> {
  const subjects = await io.computeSubjects(io.plane, io.plane.registry.controls);
  const objects = new Map<string, EvidenceObject>(io.store);
  return {
    manifest: io.plane.manifest,
    registry: io.plane.registry,
    subjects,
    entries: await io.readEntries(io.plane),
    findings: [],
    checkedLines: io.stored.length,
    segments: 1,
    objects,
    requirementFiles: [],
    now: new Date(NOW),
    maxEntries,
  };
}

/** The report model and `status --json`'s statuses, from the same fake ledger. */
export async function modelAndStatus(io: FakeGateIO) {
  const model = buildReport(await reportInputOf(io));
  const status = await statusFlow({ root: '/', controls: [] }, ctx(), io);
  return { model, status };
}
