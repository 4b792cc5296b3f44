// The real-world wiring of `proofgate status --next`: the trust file, then the flow ranking what the
// one decision refuses. A caller passing its own verdict source (a test) reads no trust file.
import type { Context } from '../../core/context.ts';
import { readVerdicts } from '../../flows/knowledge-sources.ts';
import {
  nextFlow,
  type NextOptions,
  type NextResult,
  type VerdictSource,
} from '../../flows/next-flow.ts';
import { readTrustOption } from '../../io/trust-io.ts';
import { createRealGateIO } from '../world/real-gate-io.ts';

export async function runNext(
  options: NextOptions,
  ctx: Context,
  decide?: VerdictSource,
): Promise<NextResult> {
  if (decide !== undefined) return nextFlow(options, ctx, decide);
  const trust = readTrustOption(ctx.cwd, options.trust);
  return nextFlow(options, ctx, (root, scopes) =>
    readVerdicts(root, scopes, ctx, createRealGateIO(ctx, { trust, checkpoint: true }), trust),
  );
}
