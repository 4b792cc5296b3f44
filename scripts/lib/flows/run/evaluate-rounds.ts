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
  const once = (): Promise<EvaluateRunResult> => evaluateRun(options.run, ctx, io);
  let run = await once();
  // each round records its own run entries; a round that is not all passes (FLAKY still counts as a
  // pass of this round) ends the repetition, so the last result shown is the one that decided
  for (let round = 1; round < (options.repeat ?? 1) && passedRound(run); round++)
    run = await once();
  return { run };
}

function passedRound(run: EvaluateRunResult): boolean {
  return run.results.every((r) => r.status === 'PASS' || r.status === 'FLAKY');
}
