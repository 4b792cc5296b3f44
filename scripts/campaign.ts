// `proofgate campaign start|register|baseline|list|show|lint`: convergence campaigns over existing debt.
// The campaign and the ratchet baselines are ledger entries, never editable files; `start` also
// writes the task file (<git dir>/proofgate/task.json) the Stop hook and `claim` read.
import { UsageError } from './lib/core/errors.ts';
import type { ExitPolicy } from './lib/core/brownfield/campaign-spec.ts';
import type { AuthorizationKind } from './lib/core/plane/types.ts';
import { AUTHORIZATION_KINDS } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import {
  readSign,
  readSigstoreRoot,
  readStrings,
  signFlag,
  sigstoreRootFlag,
} from './lib/cli/gate-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runCampaign, type CampaignOptions } from './lib/cli/run/campaign.ts';
import { CAMPAIGN_ACTIONS } from './lib/flows/campaign-flow.ts';
import type { CampaignAction, CampaignFlowResult } from './lib/flows/campaign-flow.ts';
import { renderCampaign } from './lib/render/render-campaign.ts';

const ACTING = ['actor', 'authority-id', 'execution-context', 'sign', 'sigstore-root'];

/** The flags each action takes (toOptions, runCampaign and campaign-flow read no other). */
const CAMPAIGN_FLAGS: FlagsPerAction = {
  start: ['task', 'campaign', 'description', 'max-new', 'min-fixed', 'control', ...ACTING],
  register: ['file', ...ACTING],
  baseline: ['control', ...ACTING, 'authorize', 'granted-by', 'allow-growth'],
  list: [],
  show: ['campaign'],
  lint: ['task', 'phase', 'campaign', 'file'],
};

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function readCount(argv: Record<string, unknown>, name: string): number | undefined {
  const value = argv[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^[0-9]{1,9}$/.test(value)) return Number(value);
  throw new UsageError('BAD_VALUE', `--${name} takes one whole number >= 0`, {
    where: `--${name}`,
    expected: 'e.g. 0 or 1',
  });
}

function readPolicy(argv: Record<string, unknown>): Partial<ExitPolicy> {
  const maxNew = readCount(argv, 'max-new');
  const minFixed = readCount(argv, 'min-fixed');
  return {
    ...(maxNew === undefined ? {} : { max_new_violations: maxNew }),
    ...(minFixed === undefined ? {} : { min_fixed: minFixed }),
  };
}

function readCampaignId(argv: Record<string, unknown>): string | undefined {
  const positional = str(argv['id']);
  const flag = str(argv['campaign']);
  if (positional !== undefined && flag !== undefined && positional !== flag)
    throw new UsageError('BAD_FLAG', `two campaigns named: ${positional} and --campaign ${flag}`, {
      next: 'name the campaign once',
    });
  return flag ?? positional;
}

/** lint takes the candidate file as its positional (or --file) and --campaign as the id. */
function readTarget(argv: Record<string, unknown>): {
  id: string | undefined;
  file: string | undefined;
} {
  if (argv['action'] !== 'lint') return { id: readCampaignId(argv), file: str(argv['file']) };
  return { id: str(argv['campaign']), file: str(argv['file']) ?? str(argv['id']) };
}

export const campaign = defineVerb<CampaignOptions, CampaignFlowResult>({
  name: 'campaign',
  command: 'campaign <action> [id]',
  // The one-line description is also in the verb table (scripts/cli.ts); `start` is in the examples.
  describe:
    'Register convergence campaigns and record ratchet baselines (ledger entries, never files)',
  examples: [
    [
      'proofgate campaign start --task fix-login --control unit',
      'start a task (creating the campaign when none is registered) and write the task file',
    ],
    [
      'proofgate campaign baseline --control Q.lint --authority-id virtual:developer',
      'record the current debt of a ratchet control',
    ],
    [
      'proofgate campaign register --file campaign.yaml --authority-id human:alice',
      'register a campaign (or a new revision)',
    ],
    ['proofgate campaign list', 'registered campaigns, active or drifted'],
    ['proofgate campaign show lint-debt', 'phases, tasks, controls, exit policy and baselines'],
    [
      'proofgate campaign lint campaign.yaml --phase p1',
      'check a candidate (or, without a file, the registered campaigns) writing nothing',
    ],
  ],
  builder: (y) =>
    sigstoreRootFlag(signFlag(y))
      .positional('action', {
        choices: CAMPAIGN_ACTIONS,
        describe: describeActionFlags(CAMPAIGN_FLAGS),
      })
      .positional('id', {
        type: 'string',
        describe: 'campaign id (show, start); the candidate file (lint)',
      })
      .option('task', { type: 'string', describe: 'task id (start; lint: must exist)' })
      .option('phase', { type: 'string', describe: 'phase id (lint: must exist)' })
      .option('campaign', {
        type: 'string',
        describe: 'campaign id (start; default: the one registered, else a new one "tasks")',
      })
      .option('description', { type: 'string', describe: "the task's title (start)" })
      .option('max-new', {
        type: 'string',
        describe: "exit policy: most new violations (start; the task's own policy)",
      })
      .option('min-fixed', {
        type: 'string',
        describe: "exit policy: fewest violations fixed (start; the task's own policy)",
      })
      .option('file', { type: 'string', describe: 'campaign YAML file (register)' })
      .option('control', {
        type: 'string',
        array: true,
        describe: "ratchet control id (baseline); the task's controls (start, repeatable)",
      })
      .option('actor', { type: 'string', describe: 'display label' })
      .option('authority-id', {
        type: 'string',
        describe: 'authority acting (start: default the one release authority)',
      })
      .option('execution-context', {
        type: 'string',
        describe: 'e.g. local:<host> (default: local:<hostname>)',
      })
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
  flagsPerAction: CAMPAIGN_FLAGS,
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] as CampaignAction,
    ...readTarget(argv),
    controls: readStrings(argv, 'control').flatMap((c) => c.split(',').filter((id) => id !== '')),
    task: str(argv['task']),
    phase: str(argv['phase']),
    description: str(argv['description']),
    policy: readPolicy(argv),
    actor: str(argv['actor']),
    authorityId: str(argv['authority-id']),
    executionContext: str(argv['execution-context']),
    authorize: (Array.isArray(argv['authorize']) ? argv['authorize'] : []) as AuthorizationKind[],
    grantedBy: str(argv['granted-by']),
    allowGrowth: argv['allow-growth'] === true,
    sign: readSign(argv),
    sigstoreRoot: readSigstoreRoot(argv),
  }),
  run: (options, ctx) => runCampaign(options, ctx),
  render: renderCampaign,
  exitCode: (r) =>
    (r.action === 'baseline' && !r.baseline.recorded) || (r.action === 'lint' && !r.lint.ok)
      ? 1
      : 0,
});

runIfMain(import.meta.url, campaign);
