// The real-world wiring of `proofgate scan`: the repository root, then the flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { scanFlow, type ScanFlowResult } from '../../flows/plane/scan-flow.ts';
import { KNOWLEDGE_PART } from '../world/knowledge-part.ts';
import { openWorld } from '../world/open-world.ts';
import { REPO_PART } from '../world/repo-part.ts';

export async function runScan(options: CommonOptions, ctx: Context): Promise<ScanFlowResult> {
  const world = openWorld(ctx, {}, { ...KNOWLEDGE_PART, ...REPO_PART });
  return scanFlow(await world.resolveRoot(options.root), world);
}
