// `proofgate claim`: granted only on current PASS in every required stage by independent
// identities; the first line is the verdict, then each blocker and its next command.
// references/claim.md.
import { UsageError } from './lib/core/errors.ts';
import { CLAIM_SCOPES } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import {
  actorFlags,
  actorOf,
  controlFlag,
  sigstoreRootFlag,
  trustFlag,
  trustPath,
} from './lib/cli/gate-flags.ts';
import { runClaim, type ClaimOptions } from './lib/cli/run/claim.ts';
import { renderClaim } from './lib/render/claim.ts';
import { parseShardCount } from './lib/core/gate/run/shard.ts';

export { runClaim };

function readCampaign(argv: {
  campaign: string | undefined;
  task: string | undefined;
  phase: string | undefined;
}): ClaimOptions['campaign'] {
  const { campaign: id, task, phase } = argv;
  if (id === undefined && task === undefined && phase === undefined) return undefined;
  const named = [task, phase].filter((v) => v !== undefined && v !== '');
  if (id === undefined || id === '' || named.length !== 1)
    throw new UsageError('MISSING_ARG', '--campaign goes with exactly one of --task and --phase', {
      expected: '--campaign <id> --task <id>, or --campaign <id> --phase <id>',
      next: 'proofgate campaign list shows the registered campaigns, their phases and tasks',
    });
  return phase !== undefined ? { id, phase } : { id, task: String(task) };
}

function readShards(value: string | undefined, inCampaign: boolean): { shards?: number } {
  if (value === undefined) return {};
  if (inCampaign) {
    throw new UsageError('BAD_FLAG', '--shards does not go with --campaign', {
      where: '--shards',
      next: 'claim the merged shards with --scope task or --scope project',
    });
  }
  return { shards: parseShardCount(value) };
}

export const claim = defineVerb({
  examples: [
    ['proofgate claim --control tests', 'claim a task that touched the tests control'],
    ['proofgate claim --scope project', 'claim every applicable control'],
    [
      'proofgate claim --scope project --base origin/main --no-record',
      'in CI: prove the ledger only grew, then decide without recording',
    ],
    ['proofgate claim --campaign lint-debt --task t1', 'a brownfield task claim inside a campaign'],
    [
      'proofgate claim --campaign lint-debt --phase p1',
      'every task of a phase: granted only when each task is',
    ],
    [
      'proofgate claim --scope project --shards 3 --no-record',
      'in the merge job of three evaluate --run --shard runners: refuse naming a missing shard',
    ],
  ],
  flags: {
    ...controlFlag,
    ...actorFlags(),
    ...trustFlag,
    ...sigstoreRootFlag,
    scope: { type: 'string', choices: CLAIM_SCOPES, default: 'task', describe: 'what is claimed' },
    base: {
      type: 'string',
      describe:
        'git ref the ledger must extend (verify first); its authorities, keys, policies and controls decide',
    },
    campaign: { type: 'string', describe: 'campaign id (with --task): a brownfield task claim' },
    task: { type: 'string', describe: 'task id inside --campaign' },
    phase: {
      type: 'string',
      describe: 'phase id inside --campaign: every task of the phase (instead of --task)',
    },
    shards: {
      type: 'string',
      describe:
        'n: the results come from n runners of evaluate --run --shard i/n; refuse naming any shard with no current result',
    },
    record: {
      type: 'boolean',
      default: true,
      describe: 'append a granted claim (--no-record: decide only)',
    },
  },
  toOptions: (argv, common): ClaimOptions => {
    if (argv.base === '')
      throw new UsageError('MISSING_ARG', '--base needs a git ref', { expected: 'origin/main' });
    return {
      ...common,
      campaign: readCampaign(argv),
      scope: argv.scope,
      controls: argv.control ?? [],
      base: argv.base,
      record: argv.record,
      actor: actorOf(argv),
      sigstoreRoot: argv['sigstore-root'],
      ...readShards(argv.shards, argv.campaign !== undefined),
      ...trustPath(argv.trust),
    };
  },
  run: runClaim,
  render: renderClaim,
  // A modified gate is an integrity violation (verify's TOOL_MODIFIED): 3, as verify exits.
  exitCode: (r) => (r.granted ? 0 : r.gateModified === true ? 3 : 1),
});
