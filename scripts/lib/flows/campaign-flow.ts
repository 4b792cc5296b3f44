// The campaign verb's actions over GateIO: register a campaign file, record a ratchet baseline, and
// list or show registered campaigns (read from the ledger, never from a file).
import type { Grantor } from '../core/gate/grant-authority.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { digestJson } from '../core/hash.ts';
import type { Actor } from '../core/ledger/types.ts';
import type { AuthorizationKind } from '../core/plane/types.ts';
import { foldCampaigns, type CampaignRecord } from '../core/brownfield/campaign-spec.ts';
import type { GateIO } from '../core/ports.ts';
import { recordBaseline, type RecordBaselineResult } from './record-baseline.ts';
import { registerCampaign } from './register-campaign.ts';

export type CampaignAction = 'register' | 'baseline' | 'list' | 'show';

export interface CampaignFlowOptions {
  root: string;
  action: CampaignAction;
  /** register: the parsed campaign file and its path. */
  spec?: unknown;
  file?: string;
  /** baseline: the ratchet control. */
  control?: string;
  /** show: the campaign id. */
  id?: string;
  actor?: Actor;
  authorize: readonly AuthorizationKind[];
  /** Who grants `authorize` (see record-baseline). */
  grantor?: Grantor;
  allowGrowth: boolean;
}

export interface CampaignView extends CampaignRecord {
  /** `drifted`: the registry changed since registration; task claims need a new revision. */
  state: 'active' | 'drifted';
}

export type CampaignFlowResult =
  | { action: 'register'; campaign: CampaignView }
  | { action: 'baseline'; baseline: RecordBaselineResult }
  | { action: 'list'; campaigns: CampaignView[] }
  | { action: 'show'; campaign: CampaignView };

export async function campaignFlow(
  options: CampaignFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<CampaignFlowResult> {
  const { action } = options;
  if (action === 'register' || action === 'baseline') {
    const actor = options.actor;
    if (actor === undefined) {
      throw new UsageError(
        'MISSING_ARG',
        `campaign ${action} needs --authority-id and --execution-context`,
      );
    }
    if (action === 'baseline') {
      if (options.control === undefined)
        throw new UsageError(
          'MISSING_ARG',
          'campaign baseline needs --control <ratchet control id>',
        );
      const baseline = await recordBaseline(
        {
          root: options.root,
          control: options.control,
          actor,
          authorize: options.authorize,
          ...(options.grantor === undefined ? {} : { grantor: options.grantor }),
          allowGrowth: options.allowGrowth,
        },
        ctx,
        io,
      );
      return { action, baseline };
    }
    if (options.spec === undefined)
      throw new UsageError('MISSING_ARG', 'campaign register needs --file campaign.yaml');
    const record = await registerCampaign(
      { root: options.root, spec: options.spec, file: options.file ?? 'campaign', actor },
      ctx,
      io,
    );
    return { action, campaign: { ...record, state: 'active' } };
  }
  const plane = await io.loadPlane(options.root);
  const registry = digestJson(plane.registry);
  const views = [...foldCampaigns(await io.readEntries(plane)).values()].map((c): CampaignView => ({
    ...c,
    state: c.registry === registry ? 'active' : 'drifted',
  }));
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
