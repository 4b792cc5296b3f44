// `proofgate hypothesis add|update|list`: the hypothesis board, ranked by
// priority = infoGain × risk ÷ cost, with the task's definition of done.
import type { Context } from './lib/core/context.ts';
import {
  foldHypotheses,
  recordHypothesis,
  updateHypothesis,
} from './lib/core/knowledge/decide-hypotheses.ts';
import type { HypothesisView } from './lib/core/knowledge/decide-hypotheses.ts';
import { UsageError } from './lib/core/errors.ts';
import { relevanceOf } from './lib/core/knowledge/evidence-relevance.ts';
import { buildProbe } from './lib/core/knowledge/explore-step.ts';
import { countStepsSinceEvidence, evaluateDone } from './lib/core/knowledge/evaluate-done.ts';
import type { DoneReport } from './lib/core/knowledge/evaluate-done.ts';
import type { Hypothesis, HypothesisUpdate } from './lib/core/knowledge/types.ts';
import { defineVerb } from './lib/define-verb.ts';
import type { CommonOptions } from './lib/define-verb.ts';
import { openKnowledge } from './lib/io/knowledge-store.ts';
import type { KnowledgeIO } from './lib/io/knowledge-store.ts';
import { runIfMain } from './lib/io/run-if-main.ts';
import { hypothesisFlags, toHypothesisOptions } from './lib/hypothesis-flags.ts';
import { renderHypothesis } from './lib/render/knowledge.ts';

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
  probeArgv: string[];
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

export const hypothesis = defineVerb<HypothesisOptions, HypothesisResult>({
  name: 'hypothesis',
  command: 'hypothesis <action> [claim]',
  describe: 'Add, update or list hypotheses ranked by infoGain × risk ÷ cost',
  examples: [
    [
      'proofgate hypothesis add "negative page size is accepted" --attr functional --risk 0.7 --info-gain 0.9 --cost 1 --oracle "expect 400" --provenance recon',
      'put a hypothesis on the board (score 0.63)',
    ],
    [
      'proofgate hypothesis update --id H-0001 --status refuted --evidence <sha256>',
      'decide it with a ledger entry',
    ],
    ['proofgate hypothesis list', 'the board by priority, plus the definition of done'],
  ],
  builder: hypothesisFlags,
  toOptions: toHypothesisOptions,
  run: (options, ctx) => runHypothesis(options, ctx),
  render: renderHypothesis,
  exitCode: () => 0,
});

export async function runHypothesis(
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
    const probe = buildProbe({
      argv: options.probeArgv,
      expectExit: options.expectExit,
      expectOutput: options.expectOutput,
    });
    const added = recordHypothesis(
      { ...options, probe },
      {
        existingIds: board.map((h) => h.id),
        caseIds: cases,
        now,
      },
    );
    await store.append('hypotheses', [{ op: 'hypothesis', hypothesis: added }]);
    return { action: 'add', hypothesis: added };
  }
  if (options.action === 'update') {
    const known = new Set<string>();
    for (const hash of options.evidence) if (await store.entryExists(hash)) known.add(hash);
    if (options.status === 'confirmed' || options.status === 'refuted') {
      await refuseUnrelatedEvidence(store, options.id ?? '', options.evidence);
    }
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
      next: `decide it with "proofgate explore" (its probe entry names ${id}) or a human attestation: proofgate attest ... --note "${id}: <what was checked>" --authority-id human:<name>`,
    });
  }
}

runIfMain(import.meta.url, hypothesis);
