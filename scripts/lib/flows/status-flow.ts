// status: every control required at the target maturity with its current status, why, since
// when and who. Reads only; never appends.
import { LedgerOrder } from '../core/ledger/ledger-order.ts';
import type { Context } from '../core/context.ts';
import type { StoredEntry, SubjectBinding } from '../core/ledger/types.ts';
import { efficacyStatus, type EfficacyVerdict } from '../core/efficacy/efficacy-status.ts';
import type { Maturity } from '../core/plane/types.ts';
import {
  computeStatuses,
  CONTROL_STATUSES,
  type ControlStatus,
  type ControlStatusValue,
} from '../core/gate/compute-status.ts';
import { selectRequired } from '../core/gate/select-controls.ts';
import type { GateIO } from '../core/ports.ts';
import { pickControls } from '../core/gate/select-for-flow.ts';
import type { Plane } from '../core/plane/plane.ts';
import { precheckVerdict } from './verdict-precheck.ts';

export interface StatusFlowOptions {
  root: string;
  /** Restrict to these control ids (any maturity); empty means every control required at target. */
  controls: readonly string[];
}

export interface StatusFlowResult {
  /** Every reported control is PASS or NOT_APPLICABLE. */
  ok: boolean;
  target: Maturity;
  statuses: ControlStatus[];
  counts: Record<ControlStatusValue, number>;
  /** Per control: whether planted defects were shown to make it fail (proofgate efficacy). */
  efficacy: { control: string; status: EfficacyVerdict }[];
}

export async function statusFlow(
  options: StatusFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<StatusFlowResult> {
  const plane = await io.loadPlane(options.root);
  const {
    subjects: _subjects,
    entries: _entries,
    ...result
  } = await gatherStatuses(plane, options.controls, ctx, io);
  return result;
}

/** Shared with claimFlow: the gather step for a set of controls. */
export async function gatherStatuses(
  plane: Plane,
  ids: readonly string[],
  ctx: Context,
  io: GateIO,
): Promise<StatusFlowResult & { subjects: Map<string, SubjectBinding>; entries: StoredEntry[] }> {
  const target = plane.manifest.profile.target_maturity;
  const controls =
    ids.length > 0
      ? pickControls(plane.registry, ids)
      : selectRequired(plane.registry.controls, target);
  const [subjects, entries] = await Promise.all([
    io.computeSubjects(plane, controls),
    io.readEntries(plane),
  ]);
  const history = await io.readAttestationHistory?.(plane, entries);
  const order = new LedgerOrder(entries);
  const statuses = computeStatuses({
    controls,
    subjects,
    entries,
    order,
    now: ctx.clock.now(),
    ...(history === undefined ? {} : { history }),
    manifest: plane.manifest,
    maturity: target,
    authorities: plane.manifest.authorities,
  });
  // No verdict is computed from a ledger or evidence that is not intact (exit 3 instead).
  await precheckVerdict(plane, statuses, entries, io);
  const counts = Object.fromEntries(CONTROL_STATUSES.map((s) => [s, 0])) as Record<
    ControlStatusValue,
    number
  >;
  for (const s of statuses) counts[s.status] += 1;
  const ok = statuses.every((s) => s.status === 'PASS' || s.status === 'NOT_APPLICABLE');
  const efficacy = controls.map((c) => ({
    control: c.id,
    status: efficacyStatus(entries, c.id, subjects.get(c.id)?.control, order).status,
  }));
  return { ok, target, statuses, counts, efficacy, subjects, entries };
}
