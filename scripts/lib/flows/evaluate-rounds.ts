// `proofgate evaluate`: the run, repeated with --repeat until a round does not pass, then with
// --claim the claim over what was run. The verb's result type lives here, beside its flow.
import type { World } from '../core/world/world.ts';
import type { Context } from '../core/context.ts';
import type { ClaimScope } from '../core/plane/types.ts';
import { claimFlow, type ClaimFlowResult } from './claim-flow.ts';
import { evaluateRun, type EvaluateRunOptions, type EvaluateRunResult } from './evaluate-flow.ts';

export interface EvaluateResult {
  run: EvaluateRunResult;
  /** Present with --claim. */
  claim?: ClaimFlowResult;
}

export interface EvaluateRoundsOptions {
  /** `claim`: run, then claim; `dry-run` is carried by `run.dryRun`. */
  mode: 'run' | 'dry-run' | 'claim';
  /** `--repeat N`: up to N rounds, stopping at the first that is not a pass. */
  repeat?: number;
  /** With --claim; default: task when controls are named, else project. */
  scope?: ClaimScope | undefined;
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
  if (options.mode !== 'claim') return { run };
  const { root, controls, actor } = options.run;
  const scope = options.scope ?? (controls.length > 0 ? 'task' : 'project');
  const claim = await claimFlow(
    { root, scope, controls: scope === 'task' ? controls : [], record: true, actor },
    ctx,
    io,
  );
  return { run, claim };
}

function passedRound(run: EvaluateRunResult): boolean {
  return run.results.every((r) => r.status === 'PASS' || r.status === 'FLAKY');
}
