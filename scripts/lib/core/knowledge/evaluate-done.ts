// When a task's inner loop may stop: the board is not empty, every high-risk
// quality attribute (from the board and from the target's quality goals) has a confirmed or refuted
// hypothesis, no open hypothesis scores above the ceiling, and the drift
// watchdog trips after N steps without new evidence. A budget caps steps, seconds and cost.
import type { KnowledgeRecord } from './types.ts';
import type { HypothesisView } from './decide-hypotheses.ts';

export interface DoneCriteria {
  /** Risk (milli) from which an attribute counts as high-risk. */
  highRisk: number;
  /** No open or probing hypothesis may score above this (milli). */
  maxOpenScore: number;
  /** Steps without new evidence that trip the drift watchdog. */
  driftSteps: number;
  /** High-risk quality goals of the target: each needs a decided hypothesis of that attribute. */
  goals?: readonly string[];
}

export const DEFAULT_DONE: DoneCriteria = { highRisk: 700, maxOpenScore: 500, driftSteps: 10 };

export interface DoneReport {
  verdict: 'done' | 'continue' | 'drifting';
  /** High-risk attributes without a confirmed or refuted hypothesis. */
  undecidedAttrs: string[];
  /** Open or probing hypotheses scoring above the ceiling, highest first. */
  openAboveCeiling: string[];
  stepsSinceEvidence: number;
  isDriftTripped: boolean;
  /** Nothing on the board: nothing was examined, so nothing is done. */
  isBoardEmpty: boolean;
}

/**
 * Every add or update is a step; a step that brings a new evidence hash resets the count. The
 * loop's own proposals (`recon:<source>:…` provenance) are not steps: proposing is not wandering.
 */
export function countStepsSinceEvidence(records: readonly KnowledgeRecord[]): number {
  let steps = 0;
  const seen = new Set<string>();
  for (const record of records) {
    if (record.op !== 'hypothesis' && record.op !== 'update') continue;
    if (record.op === 'hypothesis' && record.hypothesis.provenance.startsWith('recon:')) continue;
    const cited =
      record.op === 'update'
        ? [
            ...(record.update.evidence ?? []),
            ...(record.update.probe !== undefined ? [record.update.probe.outputSha256] : []),
          ]
        : record.hypothesis.evidence;
    const isNew = cited.some((hash) => !seen.has(hash));
    for (const hash of cited) seen.add(hash);
    steps = isNew ? 0 : steps + 1;
  }
  return steps;
}

export function evaluateDone(
  board: readonly HypothesisView[],
  stepsSinceEvidence: number,
  criteria: DoneCriteria = DEFAULT_DONE,
): DoneReport {
  const highRiskAttrs = new Set<string>([
    ...board.filter((h) => h.risk >= criteria.highRisk).map((h) => h.attr),
    ...(criteria.goals ?? []),
  ]);
  const decided = new Set<string>(
    board.filter((h) => h.status === 'confirmed' || h.status === 'refuted').map((h) => h.attr),
  );
  const undecidedAttrs = [...highRiskAttrs].filter((a) => !decided.has(a)).sort();
  const openAboveCeiling = board
    .filter(
      (h) => (h.status === 'open' || h.status === 'probing') && h.score > criteria.maxOpenScore,
    )
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .map((h) => h.id);
  const isDriftTripped = stepsSinceEvidence >= criteria.driftSteps;
  const isBoardEmpty = board.length === 0;
  const isDone = !isBoardEmpty && undecidedAttrs.length === 0 && openAboveCeiling.length === 0;
  return {
    verdict: isDone ? 'done' : isDriftTripped ? 'drifting' : 'continue',
    undecidedAttrs,
    openAboveCeiling,
    stepsSinceEvidence,
    isDriftTripped,
    isBoardEmpty,
  };
}

export interface Budget {
  maxSteps: number;
  maxSeconds: number;
  /** Milli-units of whatever cost unit the task uses. */
  maxCost: number;
}

export type BudgetSpent = { steps: number; seconds: number; cost: number };

/** The limits reached or exceeded; empty while within budget. */
export function checkBudget(budget: Budget, spent: BudgetSpent): ('steps' | 'seconds' | 'cost')[] {
  const exhausted: ('steps' | 'seconds' | 'cost')[] = [];
  if (spent.steps >= budget.maxSteps) exhausted.push('steps');
  if (spent.seconds >= budget.maxSeconds) exhausted.push('seconds');
  if (spent.cost >= budget.maxCost) exhausted.push('cost');
  return exhausted;
}
