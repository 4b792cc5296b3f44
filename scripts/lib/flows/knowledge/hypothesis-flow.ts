// hypothesis add|update|list: hypotheses and their done report, decided by core/knowledge.
import type { WorldExtras } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import {
  foldHypotheses,
  recordHypothesis,
  updateHypothesis,
} from '../../core/knowledge/decide-hypotheses.ts';
import type { HypothesisInput, HypothesisView } from '../../core/knowledge/decide-hypotheses.ts';
import { UsageError } from '../../core/errors.ts';
import { relevanceOf } from '../../core/knowledge/evidence-relevance.ts';
import { buildProbe } from '../../core/knowledge/explore-step.ts';
import { goalsOfModel } from '../../core/knowledge/seed-priors.ts';
import { readPersistedModel } from '../plane/target-model-flow.ts';
import { countStepsSinceEvidence, evaluateDone } from '../../core/knowledge/evaluate-done.ts';
import type { DoneReport } from '../../core/knowledge/evaluate-done.ts';
import type { Hypothesis, HypothesisUpdate } from '../../core/knowledge/types.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import type { CommonOptions } from '../../core/options.ts';

/** The fields of a new hypothesis are the core's input; the probe is built here from its flags. */
export interface HypothesisOptions extends CommonOptions, Omit<HypothesisInput, 'probe'> {
  action: 'add' | 'update' | 'list';
  id: string | undefined;
  status: string | undefined;
  evidence: string[];
  probeArgv: string[];
  probeControl?: string | undefined;
  expectStatus?: string | undefined;
  expectExit: number | undefined;
  expectOutput: string | undefined;
  highRisk: number;
  maxOpenScore: number;
  driftSteps: number;
}

export type HypothesisResult =
  | { action: 'add'; hypothesis: Hypothesis }
  | { action: 'update'; update: HypothesisUpdate; hypothesis: HypothesisView }
  | { action: 'list'; hypotheses: HypothesisView[]; done: DoneReport };

export async function hypothesisFlow(
  options: HypothesisOptions,
  ctx: Context,
  store: KnowledgeIO,
  { knowledge }: Pick<WorldExtras, 'knowledge'>,
): Promise<HypothesisResult> {
  const records = await store.read('hypotheses');
  const board = foldHypotheses(records);
  const now = ctx.clock.now();
  if (options.action === 'add') {
    const cases = (await store.read('cases')).flatMap((r) => (r.op === 'case' ? [r.case.id] : []));
    const probe = buildProbe({
      argv: options.probeArgv,
      control: options.probeControl,
      expectStatus: options.expectStatus,
      expectExit: options.expectExit,
      expectOutput: options.expectOutput,
    });
    const added = recordHypothesis(
      { ...options, probe },
      { existingIds: board.map((h) => h.id), caseIds: cases, now },
    );
    const [written] = await store.append('hypotheses', [{ op: 'hypothesis', hypothesis: added }]);
    const hypothesis = written?.op === 'hypothesis' ? written.hypothesis : added;
    return { action: 'add', hypothesis };
  }
  if (options.action === 'update') {
    const evidence: string[] = [];
    for (const value of options.evidence)
      evidence.push((await store.expandEntry?.(value, '--evidence')) ?? value);
    const known = new Set<string>();
    for (const hash of evidence) if (await store.entryExists(hash)) known.add(hash);
    if (options.status === 'confirmed' || options.status === 'refuted') {
      await refuseUnrelatedEvidence(store, options.id ?? '', evidence);
    }
    const { update, after } = updateHypothesis(board, { ...options, evidence }, known, now);
    await store.append('hypotheses', [{ op: 'update', update }]);
    return { action: 'update', update, hypothesis: after };
  }
  const ranked = [...board].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  // The high-risk quality goals of the target model scan keeps count for done, as in explore.
  const goals = goalsOfModel(await readPersistedModel(store, knowledge))
    .filter((g) => g.risk >= options.highRisk)
    .map((g) => g.attr);
  const done = evaluateDone(board, countStepsSinceEvidence(records), {
    highRisk: options.highRisk,
    maxOpenScore: options.maxOpenScore,
    driftSteps: options.driftSteps,
    goals,
  });
  return { action: 'list', hypotheses: ranked, done };
}

/** Deciding by hand needs entries about this hypothesis (or a human's attestation naming it). */
async function refuseUnrelatedEvidence(
  store: KnowledgeIO,
  id: string,
  evidence: readonly string[],
): Promise<void> {
  if (store.entry === undefined) return;
  const problems: string[] = [];
  for (const hash of evidence) {
    const entry = await store.entry(hash);
    if (entry !== undefined && relevanceOf(entry, id) === 'unrelated') {
      problems.push(
        `--evidence: entry ${hash} does not name ${id} (no body.hypothesis, no human attestation)`,
      );
    }
  }
  if (problems.length > 0) {
    throw new UsageError('BAD_INPUT', `evidence does not belong to ${id}`, {
      problems,
      next: `decide it with "proofgate knowledge explore" (its probe entry names ${id}) or a human attestation: proofgate attest ... --note "${id}: <what was checked>" --authority-id human:<name>`,
    });
  }
}
