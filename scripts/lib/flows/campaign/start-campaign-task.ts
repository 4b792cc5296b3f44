// campaign start: one command from "I am starting task T" to a registered campaign task and the
// task file the Stop hook and `claim` read. It registers a revision only when the task is new, its
// controls grow, or the campaign drifted; resuming a registered task writes the task file alone.
import type { World } from '../../core/world/world.ts';
import { relative } from 'node:path';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { ExitPolicy } from '../../core/brownfield/campaign-spec.ts';
import { findTask, type CampaignTask } from '../../core/brownfield/campaign-spec.ts';
import { DEFAULT_CAMPAIGN, planCampaignTask } from '../../core/brownfield/plan-campaign-task.ts';
import { selectRequired } from '../../core/gate/select/select-controls.ts';
import { hasRegisteredKey } from '../../core/gate/claim/owner-decisions.ts';
import { judgeCampaignRegistration } from '../../core/brownfield/campaign-authority.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { viewCampaigns, type CampaignView } from './campaign-views.ts';
import { registerCampaign } from './register-campaign.ts';

export interface StartTaskOptions {
  root: string;
  task: string;
  /** Default: the one registered campaign, else a new campaign `tasks`. */
  campaign?: string;
  controls: readonly string[];
  description?: string;
  policy: Partial<ExitPolicy>;
  /** Who registers a revision; default: the manifest's one release authority. */
  actor?: Actor;
}

export interface StartTaskResult {
  campaign: CampaignView;
  phase: string;
  task: CampaignTask;
  /** Whether a revision was registered (false: the registered campaign already held the task). */
  registered: boolean;
  /** The task file written, relative to the root. */
  taskFile: string;
  next: string[];
}

/** How the flow gets a world that signs for the registering actor (the key is loaded only then). */
export type OpenSigning = (actor: Actor) => Promise<{ io: World; actor: Actor }>;

export async function startCampaignTask(
  options: StartTaskOptions,
  ctx: Context,
  io: World,
  openSigning?: OpenSigning,
): Promise<StartTaskResult> {
  const plane = await io.loadPlane(options.root);
  const views = viewCampaigns(plane, await io.readEntries(plane));
  const id = pickCampaign(options.campaign, views);
  const existing = views.find((v) => v.spec.id === id);
  const required = selectRequired(plane.registry.controls, plane.manifest.profile.target_maturity);
  const plan = planCampaignTask({
    campaign: id,
    task: options.task,
    controls: options.controls,
    description: options.description,
    policy: options.policy,
    existing,
    drifted: existing !== undefined && needsRevision(existing, plane, options.actor),
    defaults: required.filter((c) => c.applies.value).map((c) => c.id),
  });
  let campaign = existing;
  if (plan.register !== undefined) {
    const acting = options.actor ?? releaseAuthority(plane, options.task, ctx, io);
    const signing = openSigning === undefined ? { io, actor: acting } : await openSigning(acting);
    const record = await registerCampaign(
      { root: options.root, spec: plan.register, file: 'campaign start', actor: signing.actor },
      ctx,
      signing.io,
    );
    campaign = { ...record, state: 'active', drift: [] };
  }
  if (campaign === undefined) throw new UsageError('UNKNOWN_ID', `no campaign ${id}`);
  const phase = findTask(campaign.spec, plan.task.id)?.phase.id ?? '';
  const dir = await io.hook.hookDir(options.root);
  const file = io.hook.writeTaskFile(dir, { campaign: campaign.spec.id, task: plan.task.id });
  const controls = plan.task.controls.flatMap((c) => ['--control', c]).join(' ');
  return {
    campaign,
    phase,
    task: plan.task,
    registered: plan.register !== undefined,
    taskFile: relative(options.root, file),
    next: [
      `proofgate evaluate --run ${controls} (after your change; the task also covers every control the change touches)`,
      `proofgate claim (reads the task file; the same as proofgate claim --campaign ${campaign.spec.id} --task ${plan.task.id})`,
    ],
  };
}

/**
 * A drifted campaign needs a new revision; so does one whose registration does not count when the
 * authority registering now has keys (its signed revision then counts).
 */
function needsRevision(existing: CampaignView, plane: Plane, actor: Actor | undefined): boolean {
  if (existing.state === 'drifted') return true;
  const target = plane.manifest.profile.target_maturity;
  if (judgeCampaignRegistration(existing, [plane.manifest], target) === undefined) return false;
  const registering = actor?.authority ?? existing.authority;
  return hasRegisteredKey(registering, plane.manifest);
}

function pickCampaign(named: string | undefined, views: readonly CampaignView[]): string {
  if (named !== undefined) return named;
  const [only, ...more] = views;
  if (only === undefined) return DEFAULT_CAMPAIGN;
  if (more.length === 0) return only.spec.id;
  throw new UsageError('MISSING_ARG', `${views.length} campaigns are registered: name one`, {
    expected: `--campaign <id>, one of: ${views.map((v) => v.spec.id).join(', ')}`,
    next: 'proofgate campaign list',
  });
}

/**
 * The release authority acting from this machine: the manifest's one authority for
 * release_authority; among several, the one that can sign (a registered key or identity), else the
 * one human (a solo owner, `init --owner`, next to the virtual release-owner role). Any other
 * choice is the owner's: exit 2 naming the candidates.
 */
function releaseAuthority(
  plane: Plane,
  task: string,
  ctx: Context,
  { host }: Pick<World, 'host'>,
): Actor {
  const owners = plane.manifest.authorities.filter(
    (a) => a.stages.includes('release_authority') && a.retired === undefined,
  );
  const keyed = owners.filter((a) => hasRegisteredKey(a.id, plane.manifest));
  const humans = owners.filter((a) => a.kind === 'human');
  const [owner, ...others] =
    owners.length === 1 ? owners : keyed.length > 0 ? keyed : humans.length === 1 ? humans : owners;
  if (owner === undefined || others.length > 0) {
    throw new UsageError(
      'MISSING_ARG',
      'registering the campaign revision needs the release authority acting',
      {
        expected: `--authority-id <one of: ${owners.map((a) => a.id).join(', ') || 'none registered for release_authority'}>`,
        next:
          owners[0] === undefined
            ? 'proofgate authority add human:<owner> --stage release_authority'
            : `proofgate campaign start --task ${task} --authority-id ${owners[0].id}`,
      },
    );
  }
  const user = ctx.env['USER'];
  return {
    label: user !== undefined && user !== '' ? user : owner.id,
    authority: owner.id,
    context: host.defaultExecutionContext(),
  };
}
