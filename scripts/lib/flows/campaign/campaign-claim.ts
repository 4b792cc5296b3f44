// claim --scope task --campaign ID --task ID: the task's controls come from the registered campaign,
// ratchet deltas are computed from the evidence objects (never from counts a command printed), and
// a granted claim is appended as a task claim naming the campaign. Project readiness is untouched.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { InternalError, UsageError } from '../../core/errors.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import {
  findCampaignDrift,
  foldCampaigns,
  findTask,
  type CampaignRecord,
} from '../../core/brownfield/campaign-spec.ts';
import {
  decideCampaignTask,
  type CampaignTaskDecision,
  type CampaignTaskSummary,
  type RatchetEvidence,
} from '../../core/verdict/decide-campaign-task.ts';
import { findBaseline, latestBaselines } from '../../core/gate/entries/ratchet-details.ts';
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { ClaimBlocker } from '../../core/gate/claim/decide-claim.ts';
import { scopeTask } from '../claim/claim-scope.ts';
import { judgeCampaignRegistration } from '../../core/brownfield/campaign-authority.ts';
import { writtenBeforeKey } from '../../core/gate/claim/owner-decisions.ts';
import { parseRunBody } from '../../core/gate/entries/parse-body.ts';
import { recordClaim, type ClaimFlowOptions, type ClaimFlowResult } from '../claim/claim-flow.ts';
import { readFingerprints } from '../run/read-fingerprints.ts';
import { gatherStatuses } from '../claim/gather-statuses.ts';
import { gateByBase, rulesFor } from '../claim/claim-rules.ts';
import { gateByTestTeeth } from '../claim/test-teeth.ts';
import { readReachChanges } from '../claim/reach-changes.ts';
import type { Plane } from '../../core/plane/plane.ts';

export interface CampaignClaimOptions extends Omit<ClaimFlowOptions, 'scope'> {
  campaign: string;
  task: string;
  /** See CampaignDecideOptions. */
  changeBase?: BaseRules | undefined;
}

export interface CampaignClaimResult extends ClaimFlowResult {
  campaign: CampaignTaskSummary;
}

export async function claimInCampaign(
  options: CampaignClaimOptions,
  ctx: Context,
  io: World,
): Promise<CampaignClaimResult> {
  const plane = await io.loadPlane(options.root);
  const atBase = options.rulesAtBase;
  const rules = rulesFor(plane, atBase, options.controls);
  if (!rules.plane.manifest.authorities.some((a) => a.id === options.actor.authority)) {
    throw new UsageError(
      'BAD_VALUE',
      `authority ${options.actor.authority} is not registered in the manifest`,
      {
        next: 'claim as an authority listed in controls/manifest.yaml',
      },
    );
  }
  const decided = await decideInCampaign(plane, options, ctx, io);
  const { decision, first } = decided;
  const result: CampaignClaimResult = {
    ...decision,
    statuses: decided.statuses,
    ...decided.byBase,
  };
  if (!decision.granted || decision.body === undefined || !options.record) return result;
  return {
    ...result,
    entry: await recordClaim(plane, first, decision.body, options.actor, ctx, io),
  };
}

/** What a campaign task claim is decided with, besides the campaign and task ids. */
export interface CampaignDecideOptions extends Pick<
  CampaignClaimOptions,
  'campaign' | 'task' | 'controls' | 'rulesAtBase'
> {
  /**
   * The trusted base the change is measured from (the upstream's fork point, or --base); absent:
   * the tree of the last granted claim, else every required control.
   */
  changeBase?: BaseRules | undefined;
  /** Where `controls` were named: --control or task.json. */
  controlsFrom?: string;
}

/**
 * The decision of a campaign task claim, recording nothing: what `claim --campaign --task` and the
 * Stop hook (a task file naming the campaign and task) both answer. The task covers its campaign
 * task's controls, every control the change covers since the trusted base and every control named
 * by --control or the task file: naming (and the campaign, which the agent may have written) only
 * adds, never removes a control the change touches.
 */
export async function decideInCampaign(
  plane: Plane,
  options: CampaignDecideOptions,
  ctx: Context,
  io: World,
) {
  const atBase = options.rulesAtBase;
  const rules = rulesFor(plane, atBase, options.controls);
  const entries = await io.readEntries(plane);
  const campaigns = foldCampaigns(entries);
  const campaign = campaigns.get(options.campaign);
  if (campaign === undefined) {
    throw new UsageError('UNKNOWN_ID', `no campaign ${options.campaign} is registered`, {
      expected: `one of: ${[...campaigns.keys()].join(', ') || '(none registered)'}`,
      next: `proofgate campaign start --task <task id> --campaign ${options.campaign} (registers it)`,
    });
  }
  const found = findTask(campaign.spec, options.task);
  if (found === undefined) {
    const tasks = campaign.spec.phases.flatMap((p) => p.tasks.map((t) => t.id));
    throw new UsageError('UNKNOWN_ID', `campaign ${campaign.spec.id} has no task ${options.task}`, {
      expected: `one of: ${tasks.join(', ')}`,
      next: `proofgate campaign start --campaign ${campaign.spec.id} --task ${options.task} (adds it)`,
    });
  }
  const named = [...new Set([...found.task.controls, ...options.controls])];
  const source = `campaign ${campaign.spec.id} task ${found.task.id}`;
  const scopeAt = atBase ?? options.changeBase;
  const scoped = await scopeTask(
    plane,
    rulesFor(plane, scopeAt, named).plane,
    scopeAt,
    { ids: named, source },
    {
      readEntries: () => Promise.resolve(entries),
      changedPaths: (p, scope, from) => io.changedPaths(p, scope, from),
      subject: io.subject,
    },
  );
  // Why each control beyond the campaign task's own is in the task (the change, or a name).
  const reasons = new Map(
    scoped.reasons
      .filter((r) => !found.task.controls.includes(r.control))
      .map((r) => [
        r.control,
        r.reason.replace(`named by ${source}`, `named by ${options.controlsFrom ?? '--control'}`),
      ]),
  );
  // The task's controls decide under the same rules as a plain task claim of them would.
  const taskRules = rulesFor(plane, atBase, scoped.controls).plane;
  const known = new Set(taskRules.registry.controls.map((c) => c.id));
  const ids = scoped.controls.filter((id) => known.has(id));
  const removed = [...scoped.removed, ...scoped.controls.filter((id) => !known.has(id))];
  const gathered = await gatherStatuses(plane, ids, ctx, io, taskRules);
  const ratchets = await gatherRatchets(plane, io, entries, campaign, ids, gathered.statuses);
  const first = gathered.subjects.get(ids[0] ?? '');
  if (first === undefined) throw new InternalError('no subject binding for the task');
  const decided = decideCampaignTask({
    campaign,
    task: options.task,
    drift: findCampaignDrift(campaign, plane.registry.controls, first.registry),
    registration: judgeCampaignRegistration(
      campaign,
      [taskRules.manifest, ...(scopeAt?.plane === undefined ? [] : [scopeAt.plane.manifest])],
      gathered.target,
      writtenBeforeKey(campaign.hash, campaign.authority, gathered.entries),
    ),
    plane: taskRules,
    target: gathered.target,
    statuses: gathered.statuses,
    entries: gathered.entries,
    subjects: gathered.subjects,
    ratchets,
  });
  const explained = explainBlockers(decided, reasons, atBase === undefined ? removed : []);
  const reach = atBase === undefined ? [] : await readReachChanges(plane, atBase, io);
  const { decision: gated, ...byBase } = gateByBase(
    explained,
    plane,
    rules,
    atBase,
    { ...gathered, reach },
    removed,
  );
  // A test file the change weakened refuses the campaign task as it refuses a plain task.
  const byTeeth = await gateByTestTeeth(
    { decision: gated },
    plane,
    taskRules,
    scopeAt,
    gathered,
    io,
  );
  return {
    decision: { ...explained, ...byTeeth.decision },
    byBase,
    first,
    statuses: gathered.statuses,
    subjects: gathered.subjects,
  };
}

/**
 * Each blocker of a control the task covers says why it is in the task (unless only the campaign
 * task names it); a control the change removes blocks, as it has no status to claim.
 */
function explainBlockers(
  decided: CampaignTaskDecision,
  reasons: ReadonlyMap<string, string>,
  removed: readonly string[],
): CampaignTaskDecision {
  const blockers: ClaimBlocker[] = decided.blockers.map((b) => {
    const reason = reasons.get(b.control);
    return reason === undefined ? b : { ...b, reason: `${b.reason} (in the task: ${reason})` };
  });
  for (const control of removed) {
    blockers.push({
      control,
      stage: 'self',
      status: 'TODO',
      reason: `the change removes this control, which the task covers (${reasons.get(control) ?? 'named'}); a removed control has no result to claim`,
      next: 'restore the control, or have its removal merged to the protected branch first',
    });
  }
  if (blockers.length === decided.blockers.length && removed.length === 0)
    return { ...decided, blockers };
  const { body: _body, ...refused } = decided;
  return {
    ...refused,
    blockers,
    granted: false,
    verdict: decided.granted
      ? `REFUSED [task] campaign ${decided.campaign.id} r${decided.campaign.revision} task ${decided.campaign.task}: ${blockers.length} blockers`
      : decided.verdict,
  };
}

/**
 * The ratchet controls of the task with the baseline their delta is measured against: the one the
 * campaign pinned, else (a ratchet the change pulled in) the latest recorded. A ratchet with no
 * baseline at all is judged as any control: its FAIL blocks.
 */
async function gatherRatchets(
  plane: Plane,
  io: World,
  entries: readonly StoredEntry[],
  campaign: CampaignRecord,
  ids: readonly string[],
  statuses: readonly ControlStatus[],
): Promise<Map<string, RatchetEvidence>> {
  const ratchets = new Map<string, RatchetEvidence>();
  const latest = latestBaselines(entries);
  for (const control of plane.registry.controls.filter((c) => ids.includes(c.id))) {
    if (control.execution.type !== 'command' || control.execution.evaluation !== 'ratchet')
      continue;
    const pinned = campaign.baselines[control.id];
    const baseline = pinned === undefined ? latest.get(control.id) : findBaseline(entries, pinned);
    if (baseline === undefined) {
      if (pinned === undefined) continue;
      throw new InternalError(
        `campaign ${campaign.spec.id} names no readable baseline for ${control.id}`,
      );
    }
    const status = statuses.find((s) => s.control === control.id);
    ratchets.set(control.id, {
      current: await currentSet(plane, io, entries, status?.stages.self.entry),
      baseline: await readFingerprints(
        plane,
        io,
        baseline.fingerprints_object,
        `baseline ${baseline.hash.slice(0, 12)}`,
      ),
    });
  }
  return ratchets;
}

/** The fingerprints of the run that decides the self stage; undefined when it has none. */
async function currentSet(
  plane: Plane,
  io: World,
  entries: readonly StoredEntry[],
  hash: string | undefined,
): Promise<string[] | undefined> {
  const stored = hash === undefined ? undefined : entries.find((e) => e.hash === hash);
  const body = stored?.entry.kind === 'run' ? parseRunBody(stored.entry.body) : undefined;
  const digest = body?.ratchet?.fingerprints;
  return digest === undefined
    ? undefined
    : readFingerprints(plane, io, digest, `run ${hash?.slice(0, 12) ?? ''}`);
}
