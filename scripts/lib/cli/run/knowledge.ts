// The real-world wiring of the knowledge record verbs that read the gate: `knowledge memory`
// (facts checked against the ledger's results) and `knowledge sync` (control evidence per chain).
import type { Context } from '../../core/context.ts';
import { readControlEvidence } from '../../flows/knowledge-sources.ts';
import { memoryFlow, type MemoryOptions, type MemoryResult } from '../../flows/memory-flow.ts';
import { syncFlow, type SyncOptions, type SyncResult } from '../../flows/sync-flow.ts';
import { openWorld } from '../world/open-world.ts';

export const runMemory = (options: MemoryOptions, ctx: Context): Promise<MemoryResult> =>
  memoryFlow(options, ctx, undefined, openWorld(ctx));

export async function runSync(options: SyncOptions, ctx: Context): Promise<SyncResult> {
  const world = openWorld(ctx);
  const root = await world.resolveRoot(options.root);
  return syncFlow({ ...options, root }, ctx, (at) => readControlEvidence(at, ctx, world));
}
