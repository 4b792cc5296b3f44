// Results the current gate no longer accepts: written by a modified proofgate, or by a version the
// upgrade policy says stales them (core/gate/tool-trust.ts). Each such stage becomes STALE with the
// command that records it again; every view reads statuses after this step (gather-statuses.ts).
import type { AuditStage, StoredEntry } from '../../ledger/types.ts';
import { AUDIT_STAGES } from '../../ledger/types.ts';
import type { Control } from '../../plane/types.ts';
import type { ControlStatus } from '../status/compute-status.ts';
import type { StageStatus } from '../status/stage-status.ts';
import {
  formatAttestCommand,
  formatAuditCommand,
  formatEvaluateCommand,
} from '../../next/next-command.ts';
import { isAttestOnly } from '../select/select-controls.ts';
import { requiredAuthorizations } from '../authority/check-authorization.ts';
import {
  readToolRecord,
  toolStaleReason,
  type ToolBinding,
  type ToolPolicy,
} from './tool-trust.ts';

const DECIDED = new Set(['PASS', 'FAIL', 'BLOCKED']);

export function withToolStale(
  statuses: readonly ControlStatus[],
  controls: readonly Control[],
  entries: readonly StoredEntry[],
  tool: ToolBinding,
  policy: ToolPolicy,
): ControlStatus[] {
  const byHash = new Map(entries.map((e) => [e.hash, e]));
  const byId = new Map(controls.map((c) => [c.id, c]));
  return statuses.map((status) => {
    let changed = false;
    const stages = { ...status.stages };
    for (const stage of AUDIT_STAGES) {
      const decided = stages[stage];
      if (decided.entry === undefined || !DECIDED.has(decided.status)) continue;
      const stored = byHash.get(decided.entry);
      if (stored === undefined) continue;
      const why = toolStaleReason(readToolRecord(stored.entry.body), tool, policy);
      if (why === undefined) continue;
      const control = byId.get(status.control);
      stages[stage] = {
        ...decided,
        status: 'STALE',
        reason: why,
        ...(control === undefined ? {} : { next: nextOf(control, stage) }),
      } satisfies StageStatus;
      changed = true;
    }
    if (!changed) return status;
    const disputed = AUDIT_STAGES.map((s) => stages[s]).find((s) => s.status === 'DISPUTED');
    const headline = disputed ?? stages.self;
    return { ...status, stages, status: headline.status, reason: headline.reason };
  });
}

function nextOf(control: Control, stage: AuditStage): string {
  if (stage !== 'self') return formatAuditCommand(control.id, stage);
  if (isAttestOnly(control.execution)) return formatAttestCommand(control.id);
  return formatEvaluateCommand({
    control: control.id,
    authorize: requiredAuthorizations(control.execution),
  });
}
