// `proofgate claim`: granted only on current PASS in every required stage by independent
// identities; the first line is the verdict, then each blocker and its next command.
// references/claim.md.
import { UsageError } from './lib/core/errors.ts';
import type { ClaimScope } from './lib/core/plane/types.ts';
import { CLAIM_SCOPES } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { ClaimFlowResult } from './lib/flows/claim-flow.ts';
import {
  actorFlags,
  controlFlag,
  readActorFlags,
  readSigstoreRoot,
  readStrings,
  readTrustPath,
  trustFlag,
  sigstoreRootFlag,
} from './lib/cli/gate-flags.ts';
import { runClaim, type ClaimOptions } from './lib/cli/run/claim.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderClaim } from './lib/render/render-gate.ts';
import { parseShardCount } from './lib/core/gate/run/shard.ts';

export { runClaim };

function readCampaign(argv: Record<string, unknown>): ClaimOptions['campaign'] {
  const id = argv['campaign'];
  const task = argv['task'];
  const phase = argv['phase'];
  if (id === undefined && task === undefined && phase === undefined) return undefined;
  const named = [task, phase].filter((v) => typeof v === 'string' && v !== '');
  if (typeof id !== 'string' || id === '' || named.length !== 1)
    throw new UsageError('MISSING_ARG', '--campaign goes with exactly one of --task and --phase', {
      expected: '--campaign <id> --task <id>, or --campaign <id> --phase <id>',
      next: 'proofgate campaign list shows the registered campaigns, their phases and tasks',
    });
  return typeof phase === 'string' ? { id, phase } : { id, task: String(task) };
}

function readShards(value: unknown, inCampaign: boolean): { shards?: number } {
  if (value === undefined) return {};
  if (typeof value !== 'string') {
    throw new UsageError('BAD_VALUE', '--shards takes one value n', {
      where: '--shards',
      expected: 'a whole number, e.g. 3',
      next: 'give --shards once',
    });
  }
  if (inCampaign) {
    throw new UsageError('BAD_FLAG', '--shards does not go with --campaign', {
      where: '--shards',
      next: 'claim the merged shards with --scope task or --scope project',
    });
  }
  return { shards: parseShardCount(value) };
}

export const claim = defineVerb<ClaimOptions, ClaimFlowResult>({
  name: 'claim',
  describe: 'Claim a task, the project or a release done: granted only on current PASS evidence',
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
  builder: (y) =>
    sigstoreRootFlag(trustFlag(actorFlags(controlFlag(y))))
      .option('scope', { choices: CLAIM_SCOPES, default: 'task', describe: 'what is claimed' })
      .option('base', {
        type: 'string',
        describe:
          'git ref the ledger must extend (verify first); its authorities, keys, policies and controls decide',
      })
      .option('campaign', {
        type: 'string',
        describe: 'campaign id (with --task): a brownfield task claim',
      })
      .option('task', { type: 'string', describe: 'task id inside --campaign' })
      .option('phase', {
        type: 'string',
        describe: 'phase id inside --campaign: every task of the phase (instead of --task)',
      })
      .option('shards', {
        type: 'string',
        describe:
          'n: the results come from n runners of evaluate --run --shard i/n; refuse naming any shard with no current result',
      })
      .option('record', {
        type: 'boolean',
        default: true,
        describe: 'append a granted claim (--no-record: decide only)',
      }),
  toOptions: (argv, common) => {
    const base = argv['base'];
    if (base !== undefined && (typeof base !== 'string' || base === ''))
      throw new UsageError('MISSING_ARG', '--base needs a git ref', { expected: 'origin/main' });
    return {
      ...common,
      campaign: readCampaign(argv),
      scope: argv['scope'] as ClaimScope,
      controls: readStrings(argv, 'control'),
      base: typeof base === 'string' ? base : undefined,
      record: argv['record'] !== false,
      actor: readActorFlags(argv),
      sigstoreRoot: readSigstoreRoot(argv),
      ...readShards(argv['shards'], argv['campaign'] !== undefined),
      ...readTrustPath(argv),
    };
  },
  run: runClaim,
  render: renderClaim,
  // A modified gate is an integrity violation (verify's TOOL_MODIFIED): 3, as verify exits.
  exitCode: (r) => (r.granted ? 0 : r.gateModified === true ? 3 : 1),
});

runIfMain(import.meta.url, claim);
