// The real-I/O wiring of `proofgate status --readiness` (references/readiness.md): the root, the
// --trust file, the gate world (a checkpoint read) and the rules `claim` decides with.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { readinessFlow, type ReadinessFlowResult } from '../../flows/readiness-flow.ts';
import { readViewRules } from '../../flows/trusted-rules.ts';
import { resolveRoot } from '../../io/git.ts';
import { readTrustOption } from '../../io/trust-io.ts';
import { createRealGateIO } from '../world/real-gate-io.ts';

export interface ReadinessOptions extends CommonOptions {
  task: { id: string; controls: string[] } | undefined;
  /** `--trust FILE`: the auditor's trust root (references/trust.md). */
  trust?: string;
}

export async function runReadiness(
  options: ReadinessOptions,
  ctx: Context,
): Promise<ReadinessFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const trust = readTrustOption(ctx.cwd, options.trust);
  const io = createRealGateIO(ctx, { trust, checkpoint: true });
  // The rules `claim` decides with: the upstream branch's, else the tree's own (said so).
  const rulesAtBase = await readViewRules(await io.loadPlane(root), trust);
  return readinessFlow({ root, task: options.task, rulesAtBase }, ctx, io);
}
