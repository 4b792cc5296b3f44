// The real-I/O wiring of `proofgate status --readiness` (references/readiness.md): the root, the
// --trust file, the gate world (a checkpoint read) and the rules `claim` decides with.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { readinessFlow, type ReadinessFlowResult } from '../../flows/views/readiness-flow.ts';
import { readViewRules } from '../../flows/claim/trusted-rules.ts';
import { openWorld } from '../world/open-world.ts';

export interface ReadinessOptions extends CommonOptions {
  task: { id: string; controls: string[] } | undefined;
  /** `--trust FILE`: the auditor's trust root (references/trust.md). */
  trust?: string;
}

export async function runReadiness(
  options: ReadinessOptions,
  ctx: Context,
): Promise<ReadinessFlowResult> {
  const io = openWorld(ctx, { trustFile: options.trust, checkpoint: true });
  const root = await io.resolveRoot(options.root);
  const rulesAtBase = await readViewRules(io, await io.loadPlane(root), io.trust);
  return readinessFlow({ root, task: options.task, rulesAtBase }, ctx, io);
}
