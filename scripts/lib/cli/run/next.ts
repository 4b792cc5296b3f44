// The real-world wiring of `proofgate status --next`: the trust file, then the flow ranking what the
// one decision refuses. A caller passing its own verdict source (a test) reads no trust file.
import type { Context } from '../../core/context.ts';
import { readVerdicts } from '../../flows/knowledge/knowledge-sources.ts';
import {
  nextFlow,
  type NextOptions,
  type NextResult,
  type VerdictSource,
} from '../../flows/knowledge/next-flow.ts';
import { KNOWLEDGE_PART } from '../world/knowledge-part.ts';
import { openWorld } from '../world/open-world.ts';

export async function runNext(
  options: NextOptions,
  ctx: Context,
  decide?: VerdictSource,
): Promise<NextResult> {
  // A caller passing its own verdict source (a test) reads no trust file: it is read when asked.
  const world = openWorld(ctx, { trustFile: options.trust, checkpoint: true }, KNOWLEDGE_PART);
  const verdicts = decide ?? ((root, scopes) => readVerdicts(root, scopes, ctx, world));
  return nextFlow(options, world, verdicts);
}
