// The real-world wiring of the knowledge record verbs that read the gate: `knowledge memory`
// (facts checked against the ledger's results) and `knowledge sync` (control evidence per chain).
import type { Context } from '../../core/context.ts';
import { readControlEvidence } from '../../flows/knowledge-sources.ts';
import { memoryFlow, type MemoryOptions, type MemoryResult } from '../../flows/memory-flow.ts';
import { syncFlow, type SyncOptions, type SyncResult } from '../../flows/sync-flow.ts';
import { createRealGateIO } from '../world/real-gate-io.ts';

export const runMemory = (options: MemoryOptions, ctx: Context): Promise<MemoryResult> =>
  memoryFlow(options, ctx, undefined, createRealGateIO(ctx));

export const runSync = (options: SyncOptions, ctx: Context): Promise<SyncResult> =>
  syncFlow(options, ctx, (root) => readControlEvidence(root, ctx, createRealGateIO(ctx)));
