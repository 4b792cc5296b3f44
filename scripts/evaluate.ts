// `proofgate evaluate`: run the controls and record one run entry each (--run), show what would run
// (--dry-run), or run then claim (--claim). references/evaluate.md.
import { UsageError } from './lib/core/errors.ts';
import type { ClaimScope } from './lib/core/plane/types.ts';
import { CLAIM_SCOPES } from './lib/core/plane/types.ts';
import { parseShard, type ShardSpec } from './lib/core/gate/run/shard.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import {
  actorFlags,
  controlFlag,
  readActorFlags,
  readAuthorize,
  readGrantedBy,
  readJobs,
  readSigstoreRoot,
  readStrings,
  runFlags,
  sigstoreRootFlag,
} from './lib/cli/gate-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runEvaluate, type EvaluateOptions } from './lib/cli/run/evaluate.ts';
import type { EvaluateResult } from './lib/flows/evaluate-rounds.ts';
import { renderEvaluate } from './lib/render/render-gate.ts';

/** `--repeat N`: a whole number from 1 to 100, with --run only. */
function readRepeat(value: unknown, mode: EvaluateOptions['mode']): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100)
    throw new UsageError('BAD_VALUE', '--repeat takes a whole number from 1 to 100', {
      where: '--repeat',
      next: 'proofgate evaluate --run --control ID --repeat 3',
    });
  if (mode !== 'run')
    throw new UsageError('BAD_FLAG', '--repeat only goes with --run', {
      where: '--repeat',
      next: 'proofgate evaluate --run --control ID --repeat 3',
    });
  return n;
}

/** `--shard` goes with --run and --dry-run; a shard cannot claim, only the merge job can. */
function readShard(value: unknown, mode: EvaluateOptions['mode']): ShardSpec | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new UsageError('BAD_VALUE', '--shard takes one value i/n', {
      where: '--shard',
      expected: 'i/n, e.g. 2/3',
      next: 'give --shard once',
    });
  }
  if (mode === 'claim') {
    throw new UsageError('BAD_FLAG', '--shard does not go with --claim: one shard cannot claim', {
      where: '--shard',
      next: 'run each shard with --run, then claim over the merged ledger: proofgate claim --shards <n>',
    });
  }
  return parseShard(value);
}

export const evaluate = defineVerb<EvaluateOptions, EvaluateResult>({
  name: 'evaluate',
  describe: 'Run controls and record the results (--run), or preview them (--dry-run)',
  examples: [
    ['proofgate evaluate --run', 'run every control required at the target maturity'],
    ['proofgate evaluate --run --control tests', 'run one control'],
    ['proofgate evaluate --dry-run', 'show what would run; record nothing'],
    ['proofgate evaluate --run --shard 2/3', "run the second of three CI runners' slice"],
  ],
  builder: (y) =>
    sigstoreRootFlag(runFlags(actorFlags(controlFlag(y))))
      .option('run', { type: 'boolean', default: false, describe: 'run and record' })
      .option('dry-run', { type: 'boolean', default: false, describe: 'show; run nothing' })
      // Deprecated for one release (the dispatcher says so on stderr): `proofgate evaluate --run`,
      // then `proofgate claim`; evaluate is always the self stage. Hidden from --help.
      .option('claim', { type: 'boolean', default: false, hidden: true, describe: 'deprecated' })
      .option('scope', { choices: CLAIM_SCOPES, hidden: true, describe: 'deprecated' })
      .option('audit-stage', { choices: ['self'], hidden: true, describe: 'deprecated' })
      .option('repeat', {
        type: 'number',
        describe: 'with --run: run up to N times in a row, stopping at the first round not passing',
      })
      .option('shard', {
        type: 'string',
        describe: 'i/n: run only the i-th of n stable slices of the controls (one per CI runner)',
      }),
  toOptions: (argv, common) => {
    const modes = (['run', 'dry-run', 'claim'] as const).filter((m) => argv[m] === true);
    if (modes.length !== 1) {
      throw new UsageError(
        'MISSING_ARG',
        'evaluate needs exactly one of --run, --dry-run, --claim',
        {
          next: 'proofgate evaluate --run',
        },
      );
    }
    const scope = argv['scope'] as ClaimScope | undefined;
    if (scope !== undefined && modes[0] !== 'claim')
      throw new UsageError('BAD_FLAG', '--scope only goes with --claim');
    const shard = readShard(argv['shard'], modes[0]!);
    const repeat = readRepeat(argv['repeat'], modes[0]!);
    return {
      ...common,
      mode: modes[0]!,
      controls: readStrings(argv, 'control'),
      actor: readActorFlags(argv),
      authorize: readAuthorize(argv),
      grantedBy: readGrantedBy(argv),
      jobs: readJobs(argv),
      scope,
      progress: argv['progress'] === true,
      quiet: argv['quiet'] === true,
      sigstoreRoot: readSigstoreRoot(argv),
      ...(shard === undefined ? {} : { shard }),
      ...(repeat === undefined ? {} : { repeat }),
    };
  },
  run: runEvaluate,
  render: renderEvaluate,
  // --claim by a modified gate is an integrity violation (verify's TOOL_MODIFIED): 3.
  exitCode: (r) =>
    r.claim?.gateModified === true
      ? 3
      : r.run.ok && (r.claim === undefined || r.claim.granted)
        ? 0
        : 1,
});

// Benchmarks call the run step directly.
export { runEvaluate } from './lib/cli/run/evaluate.ts';

runIfMain(import.meta.url, evaluate);
