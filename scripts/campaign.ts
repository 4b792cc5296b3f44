// `proofgate campaign start|register|baseline|list|show|lint`: convergence campaigns over existing debt.
// The campaign and the ratchet baselines are ledger entries, never editable files; `start` also
// writes the task file (<git dir>/proofgate/task.json) the Stop hook and `claim` read.
import { UsageError } from './lib/core/errors.ts';
import type { ExitPolicy } from './lib/core/brownfield/campaign-spec.ts';
import { AUTHORIZATION_KINDS } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { signFlag, sigstoreRootFlag } from './lib/cli/gate-flags.ts';
import { runCampaign } from './lib/cli/run/campaign.ts';
import { CAMPAIGN_ACTIONS } from './lib/flows/campaign/campaign-flow.ts';
import { renderCampaign } from './lib/render/campaign.ts';

/** The flags of the acting identity (the flags of each action: flagsPerAction below). */
const ACTING = ['actor', 'authority-id', 'execution-context', 'sign', 'sigstore-root'] as const;

function readCount(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (/^[0-9]{1,9}$/.test(value)) return Number(value);
  throw new UsageError('BAD_VALUE', `--${name} takes one whole number >= 0`, {
    where: `--${name}`,
    expected: 'e.g. 0 or 1',
  });
}

function readPolicy(argv: {
  'max-new': string | undefined;
  'min-fixed': string | undefined;
}): Partial<ExitPolicy> {
  const maxNew = readCount(argv['max-new'], 'max-new');
  const minFixed = readCount(argv['min-fixed'], 'min-fixed');
  return {
    ...(maxNew === undefined ? {} : { max_new_violations: maxNew }),
    ...(minFixed === undefined ? {} : { min_fixed: minFixed }),
  };
}

interface Target {
  action: string;
  id: string | undefined;
  campaign: string | undefined;
  file: string | undefined;
}

function readCampaignId(argv: Target): string | undefined {
  const { id: positional, campaign: flag } = argv;
  if (positional !== undefined && flag !== undefined && positional !== flag)
    throw new UsageError('BAD_FLAG', `two campaigns named: ${positional} and --campaign ${flag}`, {
      next: 'name the campaign once',
    });
  return flag ?? positional;
}

/** lint takes the candidate file as its positional (or --file) and --campaign as the id. */
function readTarget(argv: Target): { id: string | undefined; file: string | undefined } {
  if (argv.action !== 'lint') return { id: readCampaignId(argv), file: argv.file };
  return { id: argv.campaign, file: argv.file ?? argv.id };
}

export const campaign = defineVerb({
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
  positionals: {
    action: { choices: CAMPAIGN_ACTIONS, required: true, describe: 'What to do' },
    id: { describe: 'campaign id (show, start); the candidate file (lint)' },
  },
  flags: {
    ...signFlag,
    ...sigstoreRootFlag,
    task: { type: 'string', describe: 'task id (start; lint: must exist)' },
    phase: { type: 'string', describe: 'phase id (lint: must exist)' },
    campaign: {
      type: 'string',
      describe: 'campaign id (start; default: the one registered, else a new one "tasks")',
    },
    description: { type: 'string', describe: "the task's title (start)" },
    'max-new': {
      type: 'string',
      describe: "exit policy: most new violations (start; the task's own policy)",
    },
    'min-fixed': {
      type: 'string',
      describe: "exit policy: fewest violations fixed (start; the task's own policy)",
    },
    file: { type: 'string', describe: 'campaign YAML file (register)' },
    control: {
      type: 'string',
      array: true,
      nonEmpty: true,
      describe: "ratchet control id (baseline); the task's controls (start, repeatable)",
    },
    actor: { type: 'string', describe: 'display label' },
    'authority-id': {
      type: 'string',
      describe: 'authority acting (start: default the one release authority)',
    },
    'execution-context': {
      type: 'string',
      describe: 'e.g. local:<host> (default: local:<hostname>)',
    },
    authorize: {
      type: 'string',
      array: true,
      choices: AUTHORIZATION_KINDS,
      describe: 'needed by the command',
    },
    'granted-by': {
      type: 'string',
      describe: 'authority granting --authorize (a human or the release owner)',
    },
    'allow-growth': { type: 'boolean', default: false, describe: 'accept new violations' },
  },
  flagsPerAction: {
    start: ['task', 'campaign', 'description', 'max-new', 'min-fixed', 'control', ...ACTING],
    register: ['file', ...ACTING],
    baseline: ['control', ...ACTING, 'authorize', 'granted-by', 'allow-growth'],
    list: [],
    show: ['campaign'],
    lint: ['task', 'phase', 'campaign', 'file'],
  },
  toOptions: (argv, common) => ({
    ...common,
    action: argv.action,
    ...readTarget(argv),
    controls: (argv.control ?? []).flatMap((c) => c.split(',').filter((id) => id !== '')),
    task: argv.task,
    phase: argv.phase,
    description: argv.description,
    policy: readPolicy(argv),
    actor: argv.actor,
    authorityId: argv['authority-id'],
    executionContext: argv['execution-context'],
    authorize: argv.authorize ?? [],
    grantedBy: argv['granted-by'],
    allowGrowth: argv['allow-growth'],
    sign: argv.sign,
    sigstoreRoot: argv['sigstore-root'],
  }),
  run: (options, ctx) => runCampaign(options, ctx),
  render: renderCampaign,
  exitCode: (r) =>
    (r.action === 'baseline' && !r.baseline.recorded) || (r.action === 'lint' && !r.lint.ok)
      ? 1
      : 0,
});
