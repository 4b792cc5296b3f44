// The real-world wiring of `proofgate efficacy`: the repository root, the real gate world, the
// temporary-worktree world the defects are planted in, and the default execution context.
import type { Context } from '../../core/context.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { CommonOptions } from '../../core/options.ts';
import {
  runEfficacyFlow,
  type EfficacyMethod,
  type EfficacyResult,
} from '../../flows/efficacy/efficacy-flow.ts';
import { openWorld } from '../world/open-world.ts';
import { defaultExecutionContext } from '../../io/host/default-context.ts';
import { createEfficacyIO } from '../../io/repo/temp-worktree.ts';

export interface EfficacyVerbOptions extends CommonOptions {
  controls: string[];
  method: EfficacyMethod;
  /** Who records the entries; without --execution-context the context is local:<hostname>. */
  actor: Omit<Actor, 'context'> & { context: string | undefined };
}

export async function runEfficacy(
  options: EfficacyVerbOptions,
  ctx: Context,
): Promise<EfficacyResult> {
  const world = openWorld(ctx);
  const root = await world.resolveRoot(options.root);
  const actor: Actor = {
    ...options.actor,
    context: options.actor.context ?? defaultExecutionContext(),
  };
  return runEfficacyFlow(
    { root, controls: options.controls, method: options.method, actor },
    ctx,
    world,
    createEfficacyIO(),
  );
}
