// `proofgate evaluate`: run the controls and record one run entry each (--run), or show what would
// run (--dry-run). Evaluate is always the self stage; claims are `proofgate claim`'s.
// references/evaluate.md.
import { UsageError } from './lib/core/errors.ts';
import { parseShard, type ShardSpec } from './lib/core/gate/run/shard.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import {
  actorFlags,
  actorOf,
  controlFlag,
  defaultJobs,
  runFlags,
  sigstoreRootFlag,
} from './lib/cli/gate-flags.ts';
import { runEvaluate } from './lib/cli/run/evaluate.ts';
import { renderEvaluate } from './lib/render/evaluate.ts';

type Mode = 'run' | 'dry-run';

/** `--repeat N`: a whole number from 1 to 100, with --run only. */
function readRepeat(value: number | undefined, mode: Mode): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > 100)
    throw new UsageError('BAD_VALUE', '--repeat takes a whole number from 1 to 100', {
      where: '--repeat',
      next: 'proofgate evaluate --run --control ID --repeat 3',
    });
  if (mode !== 'run')
    throw new UsageError('BAD_FLAG', '--repeat only goes with --run', {
      where: '--repeat',
      next: 'proofgate evaluate --run --control ID --repeat 3',
    });
  return value;
}

/** `--max-mutants N`: a whole number from 0 (none planted) to 50, with --run only. */
function readMaxMutants(value: number | undefined, mode: Mode): number | undefined {
  if (value === undefined) return undefined;
  const next = 'proofgate evaluate --run --max-mutants 3';
  if (!Number.isInteger(value) || value < 0 || value > 50)
    throw new UsageError('BAD_VALUE', '--max-mutants takes a whole number from 0 to 50', {
      where: '--max-mutants',
      next,
    });
  if (mode !== 'run')
    throw new UsageError('BAD_FLAG', '--max-mutants only goes with --run', {
      where: '--max-mutants',
      next,
    });
  return value;
}

function readMode(argv: { run: boolean; 'dry-run': boolean }): Mode {
  if (argv.run === argv['dry-run'])
    throw new UsageError('MISSING_ARG', 'evaluate needs exactly one of --run and --dry-run', {
      next: 'proofgate evaluate --run',
    });
  return argv.run ? 'run' : 'dry-run';
}

export const evaluate = defineVerb({
  examples: [
    ['proofgate evaluate --run', 'run every control required at the target maturity'],
    ['proofgate evaluate --run --control tests', 'run one control'],
    ['proofgate evaluate --dry-run', 'show what would run; record nothing'],
    ['proofgate evaluate --run --shard 2/3', "run the second of three CI runners' slice"],
    [
      'proofgate evaluate --run --base origin/main',
      'count the changed lines the mutants go in from origin/main',
    ],
  ],
  flags: {
    ...controlFlag,
    ...actorFlags(),
    ...runFlags,
    ...sigstoreRootFlag,
    run: { type: 'boolean', default: false, describe: 'run and record' },
    'dry-run': { type: 'boolean', default: false, describe: 'show; run nothing' },
    repeat: {
      type: 'number',
      describe: 'with --run: run up to N times in a row, stopping at the first round not passing',
    },
    'max-mutants': {
      type: 'number',
      describe:
        "with --run: mutants planted per test control in the lines changed since the base (default: the base's policies.changed_mutants.max, else 3; 0: none)",
    },
    base: {
      type: 'string',
      nonEmpty: true,
      describe:
        'Git ref the changed lines are counted from, as in claim (default: the branch upstream)',
    },
    shard: {
      type: 'string',
      describe: 'i/n: run only the i-th of n stable slices of the controls (one per CI runner)',
    },
  },
  toOptions: (argv, common) => {
    const mode = readMode(argv);
    const shard: ShardSpec | undefined =
      argv.shard === undefined ? undefined : parseShard(argv.shard);
    const repeat = readRepeat(argv.repeat, mode);
    const maxMutants = readMaxMutants(argv['max-mutants'], mode);
    return {
      ...common,
      mode,
      controls: argv.control ?? [],
      actor: actorOf(argv),
      authorize: argv.authorize ?? [],
      grantedBy: argv['granted-by'],
      jobs: argv.jobs ?? defaultJobs(),
      progress: argv.progress,
      quiet: argv.quiet,
      sigstoreRoot: argv['sigstore-root'],
      ...(shard === undefined ? {} : { shard }),
      ...(repeat === undefined ? {} : { repeat }),
      ...(maxMutants === undefined ? {} : { maxMutants }),
      ...(argv.base === undefined ? {} : { base: argv.base }),
    };
  },
  run: runEvaluate,
  render: renderEvaluate,
  exitCode: (r) => (r.run.ok ? 0 : 1),
});

// Benchmarks call the run step directly.
export { runEvaluate } from './lib/cli/run/evaluate.ts';
