// status: every control required at the target maturity with its current status, why, since
// when and who. Reads only; never appends.
import { LedgerOrder } from '../core/ledger/ledger-order.ts';
import type { Context } from '../core/context.ts';
import type { StoredEntry, SubjectBinding } from '../core/ledger/types.ts';
import { efficacyStatus, type EfficacyVerdict } from '../core/efficacy/efficacy-status.ts';
import type { ClaimScope, Maturity } from '../core/plane/types.ts';
import { refuseTaskOutsideCampaign } from '../core/brownfield/refuse-outside-campaign.ts';
import { decideVerdict } from '../core/gate/decide-verdict.ts';
import {
  computeStatuses,
  CONTROL_STATUSES,
  type ControlStatus,
  type ControlStatusValue,
} from '../core/gate/compute-status.ts';
import type { GateIO } from '../core/ports.ts';
import { controlsFor, redactionRulesFor } from '../core/gate/select-for-flow.ts';
import type { Plane } from '../core/plane/plane.ts';
import { withFailureOutputs } from './failure-output.ts';
import { withStaleCauses } from './stale-causes.ts';
import { withAttestationCauses } from './attest-stale.ts';
import { precheckVerdict } from './verdict-precheck.ts';
import { findUnprovenStops, type UnprovenStop } from '../core/hook/hook-notes.ts';
import type { TrustSource } from './trust-check.ts';
import { withSignedDecisions } from '../core/gate/owner-decisions.ts';
import type { BaseRules, RulesReport } from '../core/gate/base-rules.ts';
import type { ClaimDecision } from '../core/gate/decide-claim.ts';
import { digestJson } from '../core/hash.ts';
import type { Uncommitted } from '../core/gate/uncommitted.ts';
import { gateByBase, rulesFor } from './claim-rules.ts';
import { readEntriesOnce, scopeTask } from './claim-scope.ts';

export interface StatusFlowOptions {
  root: string;
  /** Restrict to these control ids (any maturity); empty means every control required at target. */
  controls: readonly string[];
  /**
   * The rules `claim` would decide with (the upstream branch's): the claim view uses them, so it
   * never says a claim holds that `claim` refuses. `null`: there is no base (own rules, said so).
   */
  rulesAtBase?: BaseRules | null;
}

export interface StatusFlowResult {
  /** Every reported control is PASS or NOT_APPLICABLE. */
  ok: boolean;
  target: Maturity;
  statuses: ControlStatus[];
  counts: Record<ControlStatusValue, number>;
  /** Per control: whether planted defects were shown to make it fail (proofgate efficacy). */
  efficacy: { control: string; status: EfficacyVerdict }[];
  /**
   * What `claim` would answer now over the same controls (a project claim, or a task claim of
   * the `--control` list): statuses alone are not what is open.
   */
  claimNow?: {
    scope: ClaimScope;
    granted: boolean;
    verdict: string;
    blockers: number;
    /** Where the claim view's rules came from, when the caller read them. */
    rules?: RulesReport;
  };
  /** Stops the hook let through without proof that no later granted claim covers (warnings). */
  unprovenStops: UnprovenStop[];
  /** Where the keys came from (a --trust file or the repository's manifest). */
  trust?: TrustSource;
}

export async function statusFlow(
  options: StatusFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<StatusFlowResult> {
  const plane = await io.loadPlane(options.root);
  const gathered = await gatherStatuses(plane, options.controls, ctx, io);
  const { subjects: _subjects, entries: _entries, uncommitted: _uncommitted, ...result } = gathered;
  const scope: ClaimScope = options.controls.length === 0 ? 'project' : 'task';
  const claimNow =
    options.rulesAtBase === undefined
      ? {
          decision:
            refuseTaskOutsideCampaign(plane.manifest, scope) ??
            decideVerdict(scope, plane, gathered),
        }
      : await decideClaimNow(
          plane,
          options.rulesAtBase,
          {
            scope,
            ids: options.controls,
            reuse: { rules: plane, ids: options.controls, gathered },
          },
          ctx,
          io,
        );
  const { decision } = claimNow;
  return {
    ...result,
    claimNow: {
      scope,
      granted: decision.granted,
      verdict: decision.verdict,
      blockers: decision.blockers.length,
      ...(claimNow.rules === undefined ? {} : { rules: claimNow.rules }),
    },
  };
}

/** Statuses gathered for `ids` under the rules of `rules`: reused when a decision has the same. */
export interface GatheredUnder {
  rules: Plane;
  ids: readonly string[];
  gathered: Gathered;
}

type Gathered = Awaited<ReturnType<typeof gatherStatuses>>;

/**
 * What `claim --scope <scope> --no-record` (without --base) would answer now, by its own steps:
 * the deciding rules (rulesFor), a task's scope (scopeTask), the statuses under those rules,
 * decideVerdict and gateByBase. status's claim view, readiness, next, query blockers and report all
 * take their "what is open" from here, so none says ready where `claim` refuses.
 * `atBase`: the trusted rules (trusted-rules.ts readViewRules); null when there is no base.
 */
export async function decideClaimNow(
  plane: Plane,
  atBase: BaseRules | null,
  request: { scope: ClaimScope; ids: readonly string[]; reuse?: GatheredUnder },
  ctx: Context,
  io: GateIO,
): Promise<{ decision: ClaimDecision; rules?: RulesReport; gathered?: GatheredUnder }> {
  const { scope, ids, reuse } = request;
  const base = atBase ?? undefined;
  const rules = rulesFor(plane, base, ids, base === undefined);
  const outside = refuseTaskOutsideCampaign(rules.plane.manifest, scope);
  if (outside !== undefined) return { decision: outside, ...byRules(rules.report) };
  const once = readEntriesOnce(io);
  const scoped =
    scope === 'task'
      ? await scopeTask(plane, rules.plane, base, { ids, source: '--control' }, once)
      : undefined;
  const claimed = scoped?.controls ?? ids;
  const under =
    reuse !== undefined && sameRules(reuse, rules.plane, claimed)
      ? reuse.gathered
      : await gatherStatuses(plane, claimed, ctx, once, rules.plane);
  const decided = decideVerdict(scope, rules.plane, under);
  const gated = gateByBase(decided, plane, rules, base, under, scoped?.removed);
  return {
    decision: gated.decision,
    ...byRules(gated.rules),
    gathered: { rules: rules.plane, ids: claimed, gathered: under },
  };
}

function sameRules(reuse: GatheredUnder, rules: Plane, ids: readonly string[]): boolean {
  return (
    reuse.ids.length === ids.length &&
    reuse.ids.every((id, i) => ids[i] === id) &&
    (reuse.rules === rules ||
      (digestJson(reuse.rules.manifest) === digestJson(rules.manifest) &&
        digestJson(reuse.rules.registry) === digestJson(rules.registry)))
  );
}

function byRules(rules: RulesReport | undefined): { rules?: RulesReport } {
  return rules === undefined ? {} : { rules };
}

/**
 * Shared with claimFlow: the gather step for a set of controls. `rules` is the plane whose
 * manifest and controls decide (the base's under `claim --base`); the ledger, the evidence and the
 * subject bindings always come from `plane`, the working tree the results were recorded in.
 */
export async function gatherStatuses(
  plane: Plane,
  ids: readonly string[],
  ctx: Context,
  io: GateIO,
  rules: Plane = plane,
): Promise<
  StatusFlowResult & {
    subjects: Map<string, SubjectBinding>;
    entries: StoredEntry[];
    uncommitted?: Uncommitted;
  }
> {
  const target = rules.manifest.profile.target_maturity;
  const controls = controlsFor(rules, ids);
  // The subject's policy digest (scope, evidence policy) is the deciding rules', so a result
  // recorded under a scope or evidence policy that only the change has does not match.
  const bound = rules === plane ? plane : { ...plane, manifest: rules.manifest };
  const [subjects, entries] = await Promise.all([
    io.computeSubjects(bound, controls),
    io.readEntries(plane),
  ]);
  // Read now: the status the binding was computed from is handed to the stale causes below.
  const uncommitted = await io.readUncommitted?.(bound);
  const history = await io.readAttestationHistory?.(plane, entries);
  const order = new LedgerOrder(entries);
  // A not-applicable decision in a keyed owner's name counts only when the owner signed it.
  const computed = withSignedDecisions(
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
  // No verdict is computed from a ledger or evidence that is not intact (exit 3 instead).
  await precheckVerdict(plane, computed, entries, io);
  const statuses = await withFailureOutputs(
    plane,
    await withAttestationCauses(
      plane,
      await withStaleCauses(plane, computed, entries),
      entries,
      subjects,
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
    ...{ ok, target, statuses, counts, efficacy, unprovenStops, subjects, entries },
    ...(uncommitted === undefined ? {} : { uncommitted }),
  };
}
