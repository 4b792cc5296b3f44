// The real-world wiring of `proofgate knowledge explore`: the knowledge store, the real gate world,
// the acting authority and the grantor of --allow (checked against the trusted rules), the
// subject binding and the target model; then the exploring loop.
import { resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import { resolveGrants } from '../../core/gate/authority/grant-authority.ts';
import { DEFAULT_DONE } from '../../core/knowledge/evaluate-done.ts';
import type { CostUnit } from '../../core/knowledge/types.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import { runExplore, type ExploreResult } from '../../flows/knowledge/explore-flow.ts';
import { readPersistedModel } from '../../flows/plane/target-model-flow.ts';
import { readViewRules } from '../../flows/claim/trusted-rules.ts';
import { openWorld } from '../world/open-world.ts';
import { resolveActor, resolveGrantor } from '../../flows/audit/resolve-actor.ts';
import { KNOWLEDGE_PART } from '../world/knowledge-part.ts';
import { actorFrom, type ActorFlags } from '../gate-flags.ts';

export interface ExploreOptions extends CommonOptions {
  untilDone: boolean;
  maxSteps: number;
  maxSeconds: number;
  timeoutSeconds: number;
  highRisk: number;
  maxOpenScore: number;
  goals: string[];
  repeats: number;
  targetModel: string | undefined;
  allow: AuthorizationKind[];
  actor: ActorFlags;
  /** milli of `costUnit`; undefined: no cost budget. */
  maxCost: number | undefined;
  costUnit: CostUnit | undefined;
  propose: boolean;
  /** Who grants `--allow` (a human or release-owner authority); default: the acting authority. */
  grantedBy: string | undefined;
  /** Basis points of picks given to exploration. */
  share: number;
  driftSteps: number;
}

export async function runExploreVerb(
  options: ExploreOptions,
  ctx: Context,
  io?: KnowledgeIO,
): Promise<ExploreResult> {
  const gate = openWorld(ctx, {}, KNOWLEDGE_PART);
  const knowledge = io ?? (await gate.knowledge.openKnowledge(options.root, ctx.cwd));
  const plane = await gate.loadPlane(knowledge.root);
  const actor = await resolveActor(gate, knowledge.root, actorFrom(options.actor, ctx), ctx.env);
  // --allow is a grant: a human or the release owner gives it, never the acting developer itself
  // or an agent (exit 2 before anything runs). Probes needing what is not granted stay queued.
  const grantor =
    options.grantedBy === undefined
      ? { authority: actor.authority }
      : await resolveGrantor(gate, knowledge.root, options.grantedBy, ctx.env);
  // The grantor must be registered under the trusted rules (the upstream branch's), so an
  // authority the agent adds in the working tree grants nothing.
  const trusted = (await readViewRules(gate, plane, undefined))?.plane ?? plane;
  resolveGrants(options.allow, grantor, actor, trusted.manifest);
  const world = {
    knowledge,
    gate,
    plane,
    actor,
    subject: () => gate.subject.computeSubject(plane),
  };
  // An explicit file wins; otherwise the model scan keeps in the plane's knowledge, if any.
  const model =
    options.targetModel !== undefined
      ? await gate.knowledge.readJsonFile(
          resolve(ctx.cwd, options.targetModel),
          options.targetModel,
        )
      : await readPersistedModel(knowledge, gate.knowledge);
  return runExplore(world, ctx, {
    untilDone: options.untilDone,
    budget: {
      maxSteps: options.maxSteps,
      maxSeconds: options.maxSeconds,
      maxCost: options.maxCost ?? Number.MAX_SAFE_INTEGER,
    },
    propose: options.propose,
    share: options.share,
    ...(options.maxCost !== undefined || options.costUnit !== undefined
      ? { costUnit: options.costUnit ?? 'units' }
      : {}),
    done: {
      ...DEFAULT_DONE,
      highRisk: options.highRisk,
      maxOpenScore: options.maxOpenScore,
      goals: options.goals,
      driftSteps: options.driftSteps,
    },
    timeoutMs: options.timeoutSeconds * 1000,
    allow: options.allow,
    ...(options.allow.length > 0 ? { grantedBy: grantor.authority } : {}),
    repeats: options.repeats,
    ...(model !== undefined ? { targetModel: model } : {}),
  });
}
