// The real-world wiring of `proofgate scan`: the repository root, then the flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { scanFlow, type ScanFlowResult } from '../../flows/scan-flow.ts';
import { openWorld } from '../world/open-world.ts';

export async function runScan(options: CommonOptions, ctx: Context): Promise<ScanFlowResult> {
  return scanFlow(await openWorld(ctx).resolveRoot(options.root));
}
