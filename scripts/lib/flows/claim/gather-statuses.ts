// The gather step of every verdict: the current status of each claimed control under the deciding
// rules, with the ledger it was read from and the subject bindings it was compared with.
import type { World } from '../../core/world/world.ts';
import { LedgerOrder } from '../../core/ledger/ledger-order.ts';
import type { Context } from '../../core/context.ts';
import type { StoredEntry, SubjectBinding } from '../../core/ledger/types.ts';
import { efficacyStatus, type EfficacyVerdict } from '../../core/efficacy/efficacy-status.ts';
import type { Maturity } from '../../core/plane/types.ts';
import {
  computeStatuses,
  CONTROL_STATUSES,
  type ControlStatus,
  type ControlStatusValue,
} from '../../core/gate/status/compute-status.ts';
import { controlsFor, redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { withFailureOutputs } from '../run/failure-output.ts';
import { withStaleCauses } from './stale-causes.ts';
import { withAttestationCauses } from './attest-stale.ts';
import type { Uncommitted } from '../../core/gate/claim/uncommitted.ts';
import { precheckVerdict } from './verdict-precheck.ts';
import { findUnprovenStops, type UnprovenStop } from '../../core/hook/hook-notes.ts';
import { withSignedDecisions } from '../../core/gate/claim/owner-decisions.ts';
import { judgeTool, toolPolicyOf, type ToolBinding } from '../../core/gate/claim/tool-trust.ts';
import { withToolStale } from '../../core/gate/claim/tool-stale.ts';
import { withArtifactCauses } from './artifact-stale.ts';
import { readInstructionFindings } from '../hook/instruction-state.ts';
import {
  staleByInstructions,
  withInstructionStale,
  type InstructionFindings,
} from '../../core/gate/claim/instruction-drift.ts';

export interface GatheredStatuses {
  /** Every reported control is PASS or NOT_APPLICABLE. */
  ok: boolean;
  target: Maturity;
  statuses: ControlStatus[];
  counts: Record<ControlStatusValue, number>;
  /** Per control: whether planted defects were shown to make it fail (proofgate efficacy). */
  efficacy: { control: string; status: EfficacyVerdict }[];
  /** Stops the hook let through without proof that no later granted claim covers (warnings). */
  unprovenStops: UnprovenStop[];
  subjects: Map<string, SubjectBinding>;
  entries: StoredEntry[];
  /** The ledger order of `entries` the statuses were decided in (views of them reuse it). */
  order: LedgerOrder;
  /** Files the bindings judged that no commit holds (when the world can tell). */
  uncommitted?: Uncommitted;
  /** The gate's own binding and trust state (when the world can tell). */
  tool?: ToolBinding;
  /** Instruction sources whose text drifted since mapping, and ones found after init. */
  instructions?: InstructionFindings;
}

/**
 * The gather step for a set of controls. `rules` is the plane whose
 * manifest and controls decide (the base's under `claim --base`); the ledger, the evidence and the
 * subject bindings always come from `plane`, the working tree the results were recorded in.
 */
export async function gatherStatuses(
  plane: Plane,
  ids: readonly string[],
  ctx: Context,
  io: World,
  rules: Plane = plane,
): Promise<GatheredStatuses> {
  const target = rules.manifest.profile.target_maturity;
  const controls = controlsFor(rules, ids);
  // The subject's policy digest (scope, evidence policy) is the deciding rules', so a result
  // recorded under a scope or evidence policy that only the change has does not match.
  const bound = rules === plane ? plane : { ...plane, manifest: rules.manifest };
  // The gate's identity hashes its whole bundle: scheduled before the git calls below so it runs
  // while they do, and awaited before any status is computed (a failed read fails the verdict).
  const identityPending = io.readToolIdentity?.(plane);
  identityPending?.catch(() => undefined); // an earlier throw must not leave it unhandled
  const [subjects, entries] = await Promise.all([
    io.computeSubjects(bound, controls),
    io.readEntries(plane),
  ]);
  // Read now: the status the binding was computed from is handed to the stale causes below.
  const uncommitted = await io.readUncommitted?.(bound);
  const history = await io.readAttestationHistory?.(plane, entries);
  const order = new LedgerOrder(entries);
  const identity = await identityPending;
  const tool = identity === undefined ? undefined : judgeTool(identity, rules.manifest, entries);
  // A not-applicable decision in a keyed owner's name counts only when the owner signed it.
  const signed = withSignedDecisions(
    computeStatuses({
      controls,
      subjects,
      entries,
      order,
      now: ctx.clock.now(),
      ...(history === undefined ? {} : { history }),
      manifest: rules.manifest,
      maturity: target,
      authorities: rules.manifest.authorities,
    }),
    controls,
    rules.manifest,
    entries,
  );
  // A result another proofgate wrote counts only as the upgrade policy says; a modified one never.
  const instructions = await readInstructionFindings(plane, rules.manifest, io);
  const computed = withInstructionStale(
    await withArtifactCauses(
      plane,
      tool === undefined
        ? signed
        : withToolStale(signed, controls, entries, tool, toolPolicyOf(rules.manifest)),
      entries,
      io,
    ),
    staleByInstructions(rules.manifest, instructions),
  );
  // No verdict is computed from a ledger or evidence that is not intact (exit 3 instead).
  await precheckVerdict(plane, computed, entries, io);
  const statuses = await withFailureOutputs(
    plane,
    await withAttestationCauses(
      plane,
      await withStaleCauses(plane, computed, entries, io),
      entries,
      subjects,
      io,
    ),
    entries,
    io,
    redactionRulesFor(plane, ctx.env),
  );
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
  const unprovenStops = findUnprovenStops(entries, order);
  return {
    ...{ ok, target, statuses, counts, efficacy, unprovenStops, subjects, entries, order },
    ...(uncommitted === undefined ? {} : { uncommitted }),
    ...(tool === undefined ? {} : { tool }),
    instructions,
  };
}
