// claim --scope task --campaign ID --task ID: the task's controls come from the registered campaign,
// ratchet deltas are computed from the evidence objects (never from counts a command printed), and
// a granted claim is appended as a task claim naming the campaign. Project readiness is untouched.
import type { Context } from '../core/context.ts';
import { InternalError, UsageError } from '../core/errors.ts';
import type { StoredEntry } from '../core/ledger/types.ts';
import { foldCampaigns, findTask } from '../core/brownfield/campaign-spec.ts';
import {
  decideCampaignTask,
  type CampaignTaskSummary,
  type RatchetEvidence,
} from '../core/brownfield/decide-campaign-task.ts';
import { findBaseline } from '../core/brownfield/ratchet-details.ts';
import { parseRunBody } from '../core/gate/parse-body.ts';
import { recordClaim, type ClaimFlowOptions, type ClaimFlowResult } from './claim-flow.ts';
import type { GateIO } from '../core/ports.ts';
import { readFingerprints } from './read-fingerprints.ts';
import { gatherStatuses } from './gather-statuses.ts';
import { gateByBase, rulesFor } from './claim-rules.ts';
import type { Plane } from '../core/plane/plane.ts';

export interface CampaignClaimOptions extends Omit<ClaimFlowOptions, 'scope'> {
  campaign: string;
  task: string;
}

export interface CampaignClaimResult extends ClaimFlowResult {
  campaign: CampaignTaskSummary;
}

export async function claimInCampaign(
  options: CampaignClaimOptions,
  ctx: Context,
  io: GateIO,
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

/**
 * The decision of a campaign task claim, recording nothing: what `claim --campaign --task` and the
 * Stop hook (a task file naming the campaign and task) both answer.
 */
export async function decideInCampaign(
  plane: Plane,
  options: Pick<CampaignClaimOptions, 'campaign' | 'task' | 'controls' | 'rulesAtBase'>,
  ctx: Context,
  io: GateIO,
) {
  const atBase = options.rulesAtBase;
  const rules = rulesFor(plane, atBase, options.controls);
  const entries = await io.readEntries(plane);
  const campaigns = foldCampaigns(entries);
  const campaign = campaigns.get(options.campaign);
  if (campaign === undefined) {
    throw new UsageError('UNKNOWN_ID', `no campaign ${options.campaign} is registered`, {
      expected: `one of: ${[...campaigns.keys()].join(', ') || '(none registered)'}`,
      next: 'register it with "proofgate campaign register --file campaign.yaml"',
    });
  }
  const found = findTask(campaign.spec, options.task);
  if (found === undefined) {
    const tasks = campaign.spec.phases.flatMap((p) => p.tasks.map((t) => t.id));
    throw new UsageError('UNKNOWN_ID', `campaign ${campaign.spec.id} has no task ${options.task}`, {
      expected: `one of: ${tasks.join(', ')}`,
    });
  }
  const ids = found.task.controls;
  if (
    options.controls.length > 0 &&
    [...options.controls].sort().join() !== [...ids].sort().join()
  ) {
    throw new UsageError(
      'BAD_FLAG',
      `--control must equal the task's controls (${ids.join(', ')}) or be omitted`,
    );
  }
  // The task's controls decide under the same rules as a plain task claim of them would.
  const taskRules = rulesFor(plane, atBase, ids).plane;
  const gathered = await gatherStatuses(plane, ids, ctx, io, taskRules);
  const ratchets = new Map<string, RatchetEvidence>();
  for (const control of plane.registry.controls.filter((c) => ids.includes(c.id))) {
    if (control.execution.type !== 'command' || control.execution.evaluation !== 'ratchet')
      continue;
    const baselineHash = campaign.baselines[control.id];
    const baseline = baselineHash === undefined ? undefined : findBaseline(entries, baselineHash);
    if (baseline === undefined)
      throw new InternalError(
        `campaign ${campaign.spec.id} names no readable baseline for ${control.id}`,
      );
    const status = gathered.statuses.find((s) => s.control === control.id);
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
  const first = gathered.subjects.get(ids[0] ?? '');
  if (first === undefined) throw new InternalError('no subject binding for the task');
  const decided = decideCampaignTask({
    campaign,
    task: options.task,
    registry: first.registry,
    plane: taskRules,
    target: gathered.target,
    statuses: gathered.statuses,
    entries: gathered.entries,
    subjects: gathered.subjects,
    ratchets,
  });
  const { decision: gated, ...byBase } = gateByBase(decided, plane, rules, atBase, gathered);
  return {
    decision: { ...decided, ...gated },
    byBase,
    first,
    statuses: gathered.statuses,
    subjects: gathered.subjects,
  };
}

/** The fingerprints of the run that decides the self stage; undefined when it has none. */
async function currentSet(
  plane: Plane,
  io: GateIO,
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
