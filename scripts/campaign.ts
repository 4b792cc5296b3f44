// `proofgate campaign register|baseline|list|show`: convergence campaigns over existing debt. The
// campaign and the ratchet baselines are ledger entries, never editable files.
import { resolve } from 'node:path';
import type { Context } from './lib/core/context.ts';
import type { AuthorizationKind } from './lib/core/plane/types.ts';
import { AUTHORIZATION_KINDS } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { campaignFlow } from './lib/flows/campaign-flow.ts';
import type { CampaignAction, CampaignFlowResult } from './lib/flows/campaign-flow.ts';
import type { GateIO } from './lib/core/ports.ts';
import { resolveRoot } from './lib/io/git.ts';
import { readYamlFile } from './lib/io/plane.ts';
import { createRealGateIO } from './lib/flows/world/real-gate-io.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderCampaign } from './lib/render/render-campaign.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface CampaignOptions extends CommonOptions {
  action: CampaignAction;
  id: string | undefined;
  file: string | undefined;
  control: string | undefined;
  actor: string | undefined;
  authorityId: string | undefined;
  executionContext: string | undefined;
  authorize: AuthorizationKind[];
  grantedBy?: string | undefined;
  allowGrowth: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const campaign = defineVerb<CampaignOptions, CampaignFlowResult>({
  name: 'campaign',
  command: 'campaign <action> [id]',
  describe:
    'Register convergence campaigns and record ratchet baselines (ledger entries, never files)',
  examples: [
    [
      'proofgate campaign baseline --control Q.lint --authority-id virtual:developer --execution-context local:1',
      'record the current debt of a ratchet control',
    ],
    [
      'proofgate campaign register --file campaign.yaml --authority-id virtual:release-owner --execution-context local:1',
      'register a campaign (or a new revision)',
    ],
    ['proofgate campaign list', 'registered campaigns, active or drifted'],
    ['proofgate campaign show lint-debt', 'phases, tasks, controls, exit policy and baselines'],
  ],
  builder: (y) =>
    y
      .positional('action', { choices: ['register', 'baseline', 'list', 'show'] as const })
      .positional('id', { type: 'string', describe: 'campaign id (show)' })
      .option('file', { type: 'string', describe: 'campaign YAML file (register)' })
      .option('control', { type: 'string', describe: 'ratchet control id (baseline)' })
      .option('actor', { type: 'string', describe: 'display label' })
      .option('authority-id', { type: 'string', describe: 'authority acting' })
      .option('execution-context', { type: 'string', describe: 'e.g. local:<host>' })
      .option('authorize', {
        type: 'string',
        array: true,
        choices: AUTHORIZATION_KINDS,
        describe: 'needed by the command',
      })
      .option('granted-by', {
        type: 'string',
        describe: 'authority granting --authorize (a human or the release owner)',
      })
      .option('allow-growth', {
        type: 'boolean',
        default: false,
        describe: 'accept new violations',
      }),
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] as CampaignAction,
    id: str(argv['id']),
    file: str(argv['file']),
    control: str(argv['control']),
    actor: str(argv['actor']),
    authorityId: str(argv['authority-id']),
    executionContext: str(argv['execution-context']),
    authorize: (Array.isArray(argv['authorize']) ? argv['authorize'] : []) as AuthorizationKind[],
    grantedBy: str(argv['granted-by']),
    allowGrowth: argv['allow-growth'] === true,
  }),
  run: (options, ctx) => runCampaign(options, ctx),
  render: renderCampaign,
  exitCode: (r) => (r.action === 'baseline' && !r.baseline.recorded ? 1 : 0),
});

export async function runCampaign(
  options: CampaignOptions,
  ctx: Context,
  io?: GateIO,
): Promise<CampaignFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const file = options.file === undefined ? undefined : resolve(ctx.cwd, options.file);
  const { authorityId, executionContext } = options;
  return campaignFlow(
    {
      root,
      action: options.action,
      ...(file === undefined
        ? {}
        : { spec: readYamlFile(file, options.file ?? file), file: options.file ?? file }),
      ...(options.control === undefined ? {} : { control: options.control }),
      ...(options.id === undefined ? {} : { id: options.id }),
      ...(authorityId === undefined || executionContext === undefined
        ? {}
        : {
            actor: {
              label: options.actor ?? authorityId,
              authority: authorityId,
              context: executionContext,
            },
          }),
      authorize: options.authorize,
      ...(options.grantedBy === undefined ? {} : { grantor: { authority: options.grantedBy } }),
      allowGrowth: options.allowGrowth,
    },
    ctx,
    io ?? createRealGateIO(ctx),
  );
}

runIfMain(import.meta.url, campaign);
