// `proofgate evaluate`: run the controls and record one run entry each (--run), show what would run
// (--dry-run), or run then claim (--claim). references/evaluate.md.
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import type { ClaimScope } from './lib/core/plane/types.ts';
import { CLAIM_SCOPES } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { claimFlow, type ClaimFlowResult } from './lib/flows/claim-flow.ts';
import { evaluateRun, type EvaluateRunResult } from './lib/flows/evaluate-flow.ts';
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
  type ActorFlags,
} from './lib/cli/gate-flags.ts';
import type { AuthorizationKind } from './lib/core/plane/types.ts';
import { openGateRun } from './lib/cli/gate-run.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { progressSink } from './lib/flows/progress.ts';
import { renderClaim, renderEvaluateRun } from './lib/render/render-gate.ts';
import type { CommonOptions } from './lib/core/options.ts';
import { parseShard, type ShardSpec } from './lib/core/gate/run/shard.ts';

export interface EvaluateOptions extends CommonOptions {
  mode: 'run' | 'dry-run' | 'claim';
  controls: string[];
  actor: ActorFlags;
  authorize: AuthorizationKind[];
  grantedBy?: string | undefined;
  jobs: number;
  scope: ClaimScope | undefined;
  /** `--shard i/n`: this runner's slice of the controls. */
  shard?: ShardSpec;
  /** `--progress`: progress lines on stderr even under --json, from the start. */
  progress?: boolean;
  /** `--quiet`: no progress lines. */
  quiet?: boolean;
  /** `--repeat N` with --run: up to N runs in a row, stopping at the first that is not a pass. */
  repeat?: number;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
}

export interface EvaluateResult {
  run: EvaluateRunResult;
  /** Present with --claim. */
  claim?: ClaimFlowResult;
}

export async function runEvaluate(options: EvaluateOptions, ctx: Context): Promise<EvaluateResult> {
  const { root, io, actor, grant } = await openGateRun(options, ctx);
  const base = {
    root,
    controls: options.controls,
    actor,
    authorize: options.authorize,
    ...grant,
  };
  const progress = progressSink(options, ctx);
  const once = (): Promise<EvaluateRunResult> =>
    evaluateRun(
      {
        ...base,
        jobs: options.jobs,
        dryRun: options.mode === 'dry-run',
        ...(options.shard === undefined ? {} : { shard: options.shard }),
        ...(progress === undefined ? {} : { progress }),
      },
      ctx,
      io,
    );
  let run = await once();
  // each round records its own run entries; a round that is not all passes (FLAKY still counts as a
  // pass of this round) ends the repetition, so the last result shown is the one that decided
  for (let round = 1; round < (options.repeat ?? 1) && passedRound(run); round++)
    run = await once();
  if (options.mode !== 'claim') return { run };
  const scope = options.scope ?? (options.controls.length > 0 ? 'task' : 'project');
  const claim = await claimFlow(
    { root, scope, controls: scope === 'task' ? options.controls : [], record: true, actor },
    ctx,
    io,
  );
  return { run, claim };
}

function passedRound(run: EvaluateRunResult): boolean {
  return run.results.every((r) => r.status === 'PASS' || r.status === 'FLAKY');
}

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
  render: (r) => `${renderEvaluateRun(r.run)}${r.claim === undefined ? '' : renderClaim(r.claim)}`,
  exitCode: (r) => (r.run.ok && (r.claim === undefined || r.claim.granted) ? 0 : 1),
});

runIfMain(import.meta.url, evaluate);
