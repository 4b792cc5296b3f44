// The one answer to "what is open": what a claim of a scope would decide now, by claim's own steps
// (the deciding rules, a task's scope, the statuses under those rules, decideVerdict, the merge
// job's shards and gateByBase). `claim` and the Stop hook decide through it and only record and
// render; status's claim view, readiness, next, query blockers and report take their blockers from
// it, so none says ready where `claim` refuses.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import type { ClaimScope, Control } from '../../core/plane/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import {
  withBlockers,
  type ClaimBlocker,
  type ClaimDecision,
} from '../../core/gate/claim/decide-claim.ts';
import type { BaseRules, RulesReport } from '../../core/gate/claim/base-rules.ts';
import type { DefinitionReport } from '../../core/gate/claim/definition-approval.ts';
import { decideVerdict } from '../../core/verdict/decide-verdict.ts';
import { findMissingShards, refuseMissingShards } from '../../core/gate/run/shard.ts';
import { isAttestOnly, selectRequired } from '../../core/gate/select/select-controls.ts';
import { refuseTaskOutsideCampaign } from '../../core/brownfield/refuse-outside-campaign.ts';
import { foldCampaigns } from '../../core/brownfield/campaign-spec.ts';
import { digestJson } from '../../core/hash.ts';
import { gateByBase, rulesFor } from './claim-rules.ts';
import { untrustedBase } from './trusted-rules.ts';
import { scopeTask, type ScopedTask } from './claim-scope.ts';
import { readEntriesOnce } from '../ledger/read-entries-once.ts';
import { gatherStatuses, type GatheredStatuses } from './gather-statuses.ts';
import { withWeakenings } from './weakened-check.ts';
import { readRequirementSources } from '../knowledge/requirement-sources.ts';
import { gateByTestTeeth } from './test-teeth.ts';
import type { TestTeethReport } from '../../core/gate/claim/test-teeth.ts';
import { readReachChanges } from './reach-changes.ts';
import {
  withChangedMutants,
  type ChangedMutantsReport,
} from '../../core/efficacy/changed-mutants.ts';

/** Statuses gathered for `ids` under the rules of `rules`: reused when a decision has the same. */
export interface GatheredUnder {
  rules: Plane;
  ids: readonly string[];
  gathered: GatheredStatuses;
}

export interface ClaimNowRequest {
  scope: ClaimScope;
  /**
   * A task: the controls it names (the change adds every required control it covers); none
   * gates every required control (the Stop hook without a task). Project and release: empty.
   */
  ids: readonly string[];
  /** Where a task's controls were named: --control (the default), the env var or task.json. */
  source?: string;
  /** The claimant's authority: it must be registered under the deciding rules (exit 2). */
  authority?: string;
  /** The merge job of a sharded evaluation (`claim --shards n`): a lost shard refuses by name. */
  shards?: number;
  /** Gather even when the scope is refused before any status (the hook binds its note to them). */
  gatherRefused?: boolean;
  /** No base: the tree's own rules decide, said so (default); false leaves the rules unreported. */
  ownRules?: boolean;
  reuse?: GatheredUnder;
}

export interface ClaimNow {
  decision: ClaimDecision;
  /** Where the deciding rules came from and what the change alters in them. */
  rules?: RulesReport;
  /** With a base: every control definition changed since it, and whether it is approved. */
  definitions?: DefinitionReport;
  /** With a base: the changed test files, and each assertion lost or marker added since it. */
  teeth?: TestTeethReport;
  /** A task with a base: its test controls' changed-line mutants, whether they applied and why. */
  mutants?: ChangedMutantsReport;
  /** A task: its controls and why each is in it. */
  scoped?: ScopedTask;
  /** The statuses decided over; absent when the scope was refused before any status. */
  gathered?: GatheredUnder;
  /** A plain task claim in ai_brownfield: refused before anything was gathered. */
  isOutsideCampaign: boolean;
}

/**
 * What `claim --scope <scope> --no-record` would answer now. `atBase`: the trusted rules
 * (trusted-rules.ts); null when there is no base.
 */
export async function decideClaimNow(
  plane: Plane,
  atBase: BaseRules | null,
  request: ClaimNowRequest,
  ctx: Context,
  io: World,
): Promise<ClaimNow> {
  const { scope, ids } = request;
  const base = atBase ?? undefined;
  const rules = rulesFor(plane, base, ids, base === undefined && request.ownRules !== false);
  const once = readEntriesOnce(io);
  // Started now, so the gate's bundle is hashed while the verdict waits for git (gather-statuses
  // awaits it before deciding); the same promise is shared, and a failure surfaces there.
  io.readToolIdentity?.(plane).catch(() => undefined);
  const outside = refuseTaskOutsideCampaign(rules.plane.manifest, scope);
  if (outside !== undefined) {
    const gathered =
      request.gatherRefused === true
        ? await gatherUnder(plane, rules.plane, base, request, ctx, once)
        : undefined;
    // With the ledger read, the refusal names the registered campaigns (the way in).
    const campaigns =
      gathered === undefined
        ? undefined
        : [...foldCampaigns(gathered.under.gathered.entries).keys()];
    const refused =
      campaigns === undefined
        ? outside
        : (refuseTaskOutsideCampaign(rules.plane.manifest, scope, campaigns) ?? outside);
    return {
      decision: refuseUntrustedBase(refused, plane, base),
      ...byRules(rules.report),
      ...(gathered === undefined ? {} : { gathered: gathered.under }),
      ...(gathered?.scoped === undefined ? {} : { scoped: gathered.scoped }),
      isOutsideCampaign: true,
    };
  }
  if (request.authority !== undefined) checkAuthority(rules.plane, request.authority, base);
  // What each control reaches (package.json scripts, runner configs…) and how it moved since the
  // base, read while the statuses are gathered.
  const reaching = base === undefined ? Promise.resolve([]) : readReachChanges(plane, base, io);
  reaching.catch(() => undefined);
  const { under, scoped } = await gatherUnder(plane, rules.plane, base, request, ctx, once);
  // Requirement files gate project and release claims, read where the deciding rules say.
  const requirements = scope === 'task' ? undefined : await readRequirementSources(plane, base, io);
  const decided = withMissingShards(
    decideVerdict(scope, rules.plane, { ...under.gathered, requirements }),
    rules.plane.registry.controls,
    under.gathered.statuses,
    request.shards,
  );
  const gathered = { ...under.gathered, reach: await reaching };
  const byBase = gateByBase(decided, plane, rules, base, gathered, scoped?.removed);
  // A current PASS that runs fewer tests than the base's, or skips more, is refused; so is a test
  // file the change weakened (fewer assertions, a new skip marker).
  const weighed = await withWeakenings(byBase, plane, rules.plane, base, under.gathered, io);
  const teethed = await gateByTestTeeth(weighed, plane, rules.plane, base, under.gathered, io);
  // A task's changed lines must be caught by its tests: the mutants evaluate planted there, read
  // under the deciding rules' policy (never the change's).
  const gated =
    scope !== 'task' || base === undefined
      ? teethed
      : withChangedMutants(teethed, {
          ...under.gathered,
          base: { ref: base.base, commit: base.commit },
          manifest: rules.plane.manifest,
        });
  return {
    ...gated,
    decision: refuseUntrustedBase(gated.decision, plane, base),
    ...(scoped === undefined ? {} : { scoped }),
    gathered: under,
    isOutsideCampaign: false,
  };
}

/** A task's scope (when it names controls) and the statuses of what is claimed, or reused. */
async function gatherUnder(
  plane: Plane,
  rules: Plane,
  base: BaseRules | undefined,
  request: ClaimNowRequest,
  ctx: Context,
  io: World,
): Promise<{ under: GatheredUnder; scoped?: ScopedTask }> {
  const named = request.ids;
  const source = request.source ?? '--control';
  const scoped =
    request.scope === 'task' && named.length > 0
      ? await scopeTask(plane, rules, base, { ids: named, source }, io)
      : undefined;
  const ids = scoped?.controls ?? (named.length > 0 ? named : requiredAtBase(rules, base));
  const reuse = request.reuse;
  const gathered =
    reuse !== undefined && sameRules(reuse, rules, ids)
      ? reuse.gathered
      : await gatherStatuses(plane, ids, ctx, io, rules);
  return { under: { rules, ids, gathered }, ...(scoped === undefined ? {} : { scoped }) };
}

/**
 * Every required control (no control named) under the deciding rules: those required by their
 * current definition, and those the base's definition required, so a change that makes a control
 * "not required" (its required_from_maturity raised, say) still has it claimed, where its changed
 * definition gates the claim until approved (gateByBase). Empty: selected by the rules alone.
 */
function requiredAtBase(rules: Plane, base: BaseRules | undefined): readonly string[] {
  const atBase = base?.plane;
  if (atBase === undefined) return [];
  const target = rules.manifest.profile.target_maturity;
  const now = new Set(selectRequired(rules.registry.controls, target).map((c) => c.id));
  const before = new Set(selectRequired(atBase.registry.controls, target).map((c) => c.id));
  if ([...before].every((id) => now.has(id))) return [];
  // In the registry's order, as the rules alone would list them.
  return rules.registry.controls.map((c) => c.id).filter((id) => now.has(id) || before.has(id));
}

function checkAuthority(rules: Plane, authority: string, base: BaseRules | undefined): void {
  if (rules.manifest.authorities.some((a) => a.id === authority)) return;
  throw new UsageError(
    'BAD_VALUE',
    `authority ${authority} is not registered in the manifest${base?.plane === undefined ? '' : ` at ${base.base}`}`,
    { next: 'claim as an authority listed in controls/manifest.yaml' },
  );
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

/**
 * A base was found but local git commands could have moved it (trusted-rules.ts): the verdict was
 * made as without one, and it is refused until the base is a fetched one again, since without a
 * base the tree's own rules decide and the change could have relaxed them.
 */
function refuseUntrustedBase(
  decision: ClaimDecision,
  plane: Plane,
  base: BaseRules | undefined,
): ClaimDecision {
  const untrusted = base === undefined ? untrustedBase(plane) : undefined;
  if (untrusted === undefined) return decision;
  const blocker: ClaimBlocker = {
    control: '(trusted base)',
    stage: 'self',
    status: 'TODO',
    reason: `the base is not trusted: ${untrusted.why}; the change was judged as without a base, under its own rules`,
    next: untrusted.next,
  };
  return withBlockers(decision, [blocker], 'blocker: the base is not trusted');
}

function byRules(rules: RulesReport | undefined): { rules?: RulesReport } {
  return rules === undefined ? {} : { rules };
}

/**
 * The merge job of a sharded evaluation: a shard none of whose runnable claimed controls has a
 * current result refuses the claim by name, so a lost artifact reads as a lost runner, not as a
 * list of controls that merely look unrun.
 */
function withMissingShards(
  decision: ClaimDecision,
  controls: readonly Control[],
  statuses: readonly ControlStatus[],
  shards: number | undefined,
): ClaimDecision {
  if (shards === undefined) return decision;
  const claimed = new Set(statuses.map((s) => s.control));
  const runnable = controls.filter(
    (c) =>
      claimed.has(c.id) &&
      c.applies.value &&
      c.execution.type !== 'slot' &&
      !isAttestOnly(c.execution),
  );
  return refuseMissingShards(decision, findMissingShards(runnable, statuses, shards));
}
