// `proofgate evaluate`: the run, repeated with --repeat until a round does not pass. The verb's
// result type lives here, beside its flow.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { evaluateRun, type EvaluateRunOptions, type EvaluateRunResult } from './evaluate-flow.ts';

export interface EvaluateResult {
  run: EvaluateRunResult;
}

export interface EvaluateRoundsOptions {
  /** `--repeat N`: up to N rounds, stopping at the first that is not a pass. */
  repeat?: number;
  run: EvaluateRunOptions;
}

export async function evaluateRounds(
  options: EvaluateRoundsOptions,
  ctx: Context,
  io: World,
): Promise<EvaluateResult> {
  // The changed-line mutants are planted once, after the first round: later rounds judge the same code.
  const { changedMutants: _once, ...again } = options.run;
  let run = await evaluateRun(options.run, ctx, io);
  const mutants = run.mutants;
  // each round records its own run entries; a round that is not all passes (FLAKY still counts as a
  // pass of this round) ends the repetition, so the last result shown is the one that decided
  for (let round = 1; round < (options.repeat ?? 1) && passedRound(run); round++)
    run = await evaluateRun(again, ctx, io);
  return { run: mutants === undefined ? run : { ...run, mutants } };
}

function passedRound(run: EvaluateRunResult): boolean {
  return run.results.every((r) => r.status === 'PASS' || r.status === 'FLAKY');
}
