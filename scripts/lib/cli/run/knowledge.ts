// The real-world wiring of the knowledge record verbs: the root, the plane's knowledge store, and
// the gate for `knowledge memory` (facts checked against the ledger's results) and `knowledge
// sync` (control evidence per chain); then the flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';
import {
  casebaseFlow,
  type CasebaseOptions,
  type CasebaseResult,
} from '../../flows/knowledge/casebase-flow.ts';
import {
  decisionFlow,
  type DecisionOptions,
  type DecisionResult,
} from '../../flows/knowledge/decision-flow.ts';
import {
  hypothesisFlow,
  type HypothesisOptions,
  type HypothesisResult,
} from '../../flows/knowledge/hypothesis-flow.ts';
import { readControlEvidence } from '../../flows/knowledge/knowledge-sources.ts';
import {
  memoryFlow,
  type MemoryOptions,
  type MemoryResult,
} from '../../flows/knowledge/memory-flow.ts';
import { syncFlow, type SyncOptions, type SyncResult } from '../../flows/knowledge/sync-flow.ts';
import { KNOWLEDGE_PART } from '../world/knowledge-part.ts';
import { openWorld } from '../world/open-world.ts';

/**
 * The world, and the knowledge store of the plane at `--root` as given (a knowledge store needs no
 * git work tree) or the git top level of the caller's directory; typed text redacted under `env`.
 */
async function openStore(
  options: CommonOptions,
  ctx: Context,
  env: Context['env'] | undefined = ctx.env,
): Promise<{ world: World & Pick<WorldExtras, 'knowledge'>; store: KnowledgeIO }> {
  const world = openWorld(ctx, {}, KNOWLEDGE_PART);
  return { world, store: await world.knowledge.openKnowledge(options.root, ctx.cwd, env) };
}

export async function runMemory(options: MemoryOptions, ctx: Context): Promise<MemoryResult> {
  const { world, store } = await openStore(options, ctx);
  return memoryFlow(options, ctx, store, world);
}

export async function runDecision(options: DecisionOptions, ctx: Context): Promise<DecisionResult> {
  return decisionFlow(options, ctx, (await openStore(options, ctx)).store);
}

export async function runHypothesis(
  options: HypothesisOptions,
  ctx: Context,
): Promise<HypothesisResult> {
  const { world, store } = await openStore(options, ctx);
  return hypothesisFlow(options, ctx, store, world);
}

export async function runCasebase(options: CasebaseOptions, ctx: Context): Promise<CasebaseResult> {
  // The case base's typed text is stored as given (no declared environment values to redact).
  const { world, store } = await openStore(options, ctx, undefined);
  return casebaseFlow(options, ctx, store, world);
}

export async function runSync(options: SyncOptions, ctx: Context): Promise<SyncResult> {
  const world = openWorld(ctx, {}, KNOWLEDGE_PART);
  return syncFlow(options, world, (root) => readControlEvidence(root, ctx, world));
}
