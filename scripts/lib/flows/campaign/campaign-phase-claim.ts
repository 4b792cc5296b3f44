// claim --campaign ID --phase ID: a whole phase decided at once. Each task of the phase is decided
// by the one campaign task decision (campaign-claim.ts decideInCampaign, which claim --task and the
// Stop hook take too); the phase is granted only when every task is, and then each task's claim is
// recorded as `claim --campaign --task` would record it. One refused task refuses the phase and
// records nothing, so a phase can never be half claimed.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { InternalError, UsageError } from '../../core/errors.ts';
import { foldCampaigns } from '../../core/brownfield/campaign-spec.ts';
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import { decideInCampaign } from './campaign-claim.ts';
import { recordClaim, type ClaimFlowOptions, type ClaimFlowResult } from '../claim/claim-flow.ts';
import { readEntriesOnce } from '../ledger/read-entries-once.ts';

export interface PhaseClaimOptions extends Omit<ClaimFlowOptions, 'scope'> {
  campaign: string;
  phase: string;
  changeBase?: BaseRules | undefined;
}

export interface PhaseTaskOutcome {
  task: string;
  granted: boolean;
  verdict: string;
  /** The task's claim entry, when the phase was granted and recorded. */
  entry?: string;
}

export interface PhaseClaimResult extends ClaimFlowResult {
  phase: { campaign: string; revision: number; phase: string; tasks: PhaseTaskOutcome[] };
}

export async function claimPhase(
  options: PhaseClaimOptions,
  ctx: Context,
  io: World,
): Promise<PhaseClaimResult> {
  const once = readEntriesOnce(io);
  const plane = await once.loadPlane(options.root);
  const campaigns = foldCampaigns(await once.readEntries(plane));
  const campaign = campaigns.get(options.campaign);
  if (campaign === undefined)
    throw new UsageError('UNKNOWN_ID', `no campaign ${options.campaign} is registered`, {
      expected: `one of: ${[...campaigns.keys()].join(', ') || '(none registered)'}`,
      next: 'proofgate campaign list',
    });
  const phase = campaign.spec.phases.find((p) => p.id === options.phase);
  if (phase === undefined)
    throw new UsageError(
      'UNKNOWN_ID',
      `campaign ${campaign.spec.id} has no phase ${options.phase}`,
      {
        expected: `one of: ${campaign.spec.phases.map((p) => p.id).join(', ')}`,
        next: `proofgate campaign show ${campaign.spec.id}`,
      },
    );
  if (!plane.manifest.authorities.some((a) => a.id === options.actor.authority))
    throw new UsageError(
      'BAD_VALUE',
      `authority ${options.actor.authority} is not registered in the manifest`,
      {
        next: 'claim as an authority listed in controls/manifest.yaml',
      },
    );
  const decided = [];
  for (const task of phase.tasks) {
    const d = await decideInCampaign(plane, { ...options, task: task.id }, ctx, once);
    decided.push({ task: task.id, ...d });
  }
  const [head] = decided;
  if (head === undefined) throw new InternalError(`phase ${phase.id} has no task`);
  const refused = decided.filter((d) => !d.decision.granted);
  const granted = refused.length === 0;
  const label = `campaign ${campaign.spec.id} r${campaign.spec.revision} phase ${phase.id}`;
  const entries = new Map<string, string>();
  if (granted && options.record) {
    for (const d of decided) {
      if (d.decision.body === undefined) throw new InternalError(`task ${d.task}: no claim body`);
      entries.set(
        d.task,
        await recordClaim(plane, d.first, d.decision.body, options.actor, ctx, io),
      );
    }
  }
  const statuses = new Map<string, ControlStatus>();
  for (const d of decided) for (const s of d.statuses) statuses.set(s.control, s);
  return {
    granted,
    verdict: granted
      ? `COMPLETED [phase] ${label}: ${decided.length} of ${decided.length} tasks`
      : `REFUSED [phase] ${label}: ${refused.length} of ${decided.length} tasks refused (${refused.map((d) => d.task).join(', ')})`,
    scope: 'task',
    target: head.decision.target,
    stages: head.decision.stages,
    blockers: refused.flatMap((d) =>
      d.decision.blockers.map((b) => ({ ...b, reason: `task ${d.task}: ${b.reason}` })),
    ),
    statuses: [...statuses.values()],
    ...(head.byBase.rules === undefined ? {} : { rules: head.byBase.rules }),
    phase: {
      campaign: campaign.spec.id,
      revision: campaign.spec.revision,
      phase: phase.id,
      tasks: decided.map((d) => ({
        task: d.task,
        granted: d.decision.granted,
        verdict: d.decision.verdict,
        ...(entries.has(d.task) ? { entry: entries.get(d.task) ?? '' } : {}),
      })),
    },
  };
}
