// hypothesis add|update|list: hypotheses and their done report, decided by core/knowledge.
import type { Context } from '../core/context.ts';
import {
  foldHypotheses,
  recordHypothesis,
  updateHypothesis,
} from '../core/knowledge/decide-hypotheses.ts';
import type { HypothesisView } from '../core/knowledge/decide-hypotheses.ts';
import { countStepsSinceEvidence, evaluateDone } from '../core/knowledge/evaluate-done.ts';
import type { DoneReport } from '../core/knowledge/evaluate-done.ts';
import type { Hypothesis, HypothesisUpdate } from '../core/knowledge/types.ts';
import { openKnowledge } from '../io/knowledge-store.ts';
import type { KnowledgeIO } from '../core/ports.ts';
import type { CommonOptions } from '../core/options.ts';

export interface HypothesisOptions extends CommonOptions {
  action: 'add' | 'update' | 'list';
  claim: string | undefined;
  attr: string | undefined;
  risk: number | undefined;
  infoGain: number | undefined;
  cost: number | undefined;
  oracle: string | undefined;
  provenance: string | undefined;
  id: string | undefined;
  status: string | undefined;
  evidence: string[];
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
  io?: KnowledgeIO,
): Promise<HypothesisResult> {
  const store = io ?? (await openKnowledge(options.root, ctx.cwd));
  const records = await store.read('hypotheses');
  const board = foldHypotheses(records);
  const now = ctx.clock.now();
  if (options.action === 'add') {
    const cases = (await store.read('cases')).flatMap((r) => (r.op === 'case' ? [r.case.id] : []));
    const added = recordHypothesis(options, {
      existingIds: board.map((h) => h.id),
      caseIds: cases,
      now,
    });
    await store.append('hypotheses', [{ op: 'hypothesis', hypothesis: added }]);
    return { action: 'add', hypothesis: added };
  }
  if (options.action === 'update') {
    const known = new Set<string>();
    for (const hash of options.evidence) if (await store.entryExists(hash)) known.add(hash);
    const { update, after } = updateHypothesis(board, options, known, now);
    await store.append('hypotheses', [{ op: 'update', update }]);
    return { action: 'update', update, hypothesis: after };
  }
  const ranked = [...board].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const done = evaluateDone(board, countStepsSinceEvidence(records), {
    highRisk: options.highRisk,
    maxOpenScore: options.maxOpenScore,
    driftSteps: options.driftSteps,
  });
  return { action: 'list', hypotheses: ranked, done };
}
