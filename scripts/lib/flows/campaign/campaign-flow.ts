// The campaign verb's actions over World: start a task inside a campaign, register a campaign
// file, record a ratchet baseline, and list or show registered campaigns (read from the ledger,
// never from a file). Every entry is signed when its authority has keys (`openSigning`).
import type { World } from '../../core/world/world.ts';
import type { Grantor } from '../../core/gate/authority/grant-authority.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import type { ExitPolicy } from '../../core/brownfield/campaign-spec.ts';
import { viewCampaigns, type CampaignView } from './campaign-views.ts';
import { recordBaseline, type RecordBaselineResult } from '../run/record-baseline.ts';
import { registerCampaign } from './register-campaign.ts';
import { lintCampaignFlow } from './lint-campaign-flow.ts';
import type { CampaignLintResult } from '../../core/brownfield/lint-campaign.ts';
import {
  startCampaignTask,
  type OpenSigning,
  type StartTaskResult,
} from './start-campaign-task.ts';

export const CAMPAIGN_ACTIONS = ['start', 'register', 'baseline', 'list', 'show', 'lint'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

export interface CampaignFlowOptions {
  root: string;
  action: CampaignAction;
  /** register: the parsed campaign file and its path. */
  spec?: unknown;
  file?: string;
  /** baseline: the one ratchet control; start: the task's controls. */
  controls: readonly string[];
  /** show: the campaign id; start: the campaign (default: the one registered, else `tasks`). */
  id?: string;
  /** start: the task id, its description and exit-policy fields; lint: the task to check. */
  task?: string;
  /** lint: the phase the next claim names. */
  phase?: string;
  description?: string;
  policy?: Partial<ExitPolicy>;
  actor?: Actor;
  authorize: readonly AuthorizationKind[];
  /** Who grants `authorize` (see record-baseline). */
  grantor?: Grantor;
  allowGrowth: boolean;
}

export type CampaignFlowResult =
  | { action: 'start'; start: StartTaskResult }
  | { action: 'register'; campaign: CampaignView }
  | { action: 'baseline'; baseline: RecordBaselineResult }
  | { action: 'list'; campaigns: CampaignView[] }
  | { action: 'show'; campaign: CampaignView }
  | { action: 'lint'; lint: CampaignLintResult };

export async function campaignFlow(
  options: CampaignFlowOptions,
  ctx: Context,
  io: World,
  openSigning?: OpenSigning,
): Promise<CampaignFlowResult> {
  const { action } = options;
  const signing = async (actor: Actor) =>
    openSigning === undefined ? { io, actor } : openSigning(actor);
  if (action === 'start') {
    if (options.task === undefined)
      throw new UsageError('MISSING_ARG', 'campaign start needs --task <task id>', {
        expected: '--task <id>, e.g. --task fix-login',
        next: 'proofgate campaign start --task <id> [--campaign <id>] [--control <id>]...',
      });
    const start = await startCampaignTask(
      {
        root: options.root,
        task: options.task,
        ...(options.id === undefined ? {} : { campaign: options.id }),
        controls: options.controls,
        ...(options.description === undefined ? {} : { description: options.description }),
        policy: options.policy ?? {},
        ...(options.actor === undefined ? {} : { actor: options.actor }),
      },
      ctx,
      io,
      signing,
    );
    return { action, start };
  }
  if (action === 'lint') return { action, lint: await lintCampaignFlow(options, io) };
  if (action === 'register' || action === 'baseline') {
    if (options.actor === undefined) {
      throw new UsageError('MISSING_ARG', `campaign ${action} needs --authority-id`, {
        next: `proofgate campaign ${action} ... --authority-id <registered authority>`,
      });
    }
    const acting = await signing(options.actor);
    if (action === 'baseline') {
      const [control, ...more] = options.controls;
      if (control === undefined || more.length > 0)
        throw new UsageError(
          'MISSING_ARG',
          'campaign baseline needs exactly one --control <ratchet control id>',
        );
      const baseline = await recordBaseline(
        {
          root: options.root,
          control,
          actor: acting.actor,
          authorize: options.authorize,
          ...(options.grantor === undefined ? {} : { grantor: options.grantor }),
          allowGrowth: options.allowGrowth,
        },
        ctx,
        acting.io,
      );
      return { action, baseline };
    }
    if (options.spec === undefined)
      throw new UsageError('MISSING_ARG', 'campaign register needs --file campaign.yaml');
    const record = await registerCampaign(
      {
        root: options.root,
        spec: options.spec,
        file: options.file ?? 'campaign',
        actor: acting.actor,
      },
      ctx,
      acting.io,
    );
    return { action, campaign: { ...record, state: 'active', drift: [] } };
  }
  const plane = await io.loadPlane(options.root);
  const views = viewCampaigns(plane, await io.readEntries(plane));
  if (action === 'list') return { action, campaigns: views };
  const campaign = views.find((c) => c.spec.id === options.id);
  if (campaign === undefined) {
    throw new UsageError(
      'UNKNOWN_ID',
      `no campaign ${options.id ?? '(none given)'} is registered`,
      {
        expected: `one of: ${views.map((c) => c.spec.id).join(', ') || '(none registered)'}`,
        next: 'proofgate campaign list',
      },
    );
  }
  return { action, campaign };
}
