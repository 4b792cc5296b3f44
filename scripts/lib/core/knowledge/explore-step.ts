// One step of the exploring loop, kept pure: which hypothesis to probe next (the highest priority
// open one that carries a probe), what a probe's observation says about it, and whether the loop
// stops because the definition of done holds or the budget is spent.
import { UsageError } from '../errors.ts';
import type { HypothesisView } from './decide-hypotheses.ts';
import { checkBudget } from './evaluate-done.ts';
import type { Budget, BudgetSpent, DoneReport } from './evaluate-done.ts';
import type { KnowledgeRecord, Probe } from './types.ts';
import { createRandom, isExplorationSlot } from './rank-next.ts';

/** How the guards steer a pick: the exploration share, and the drift watchdog forcing one. */
export interface Steer {
  /** Basis points of picks given to exploration (as `status --next --share`). */
  share: number;
  /** Which pick of the run this is (0 first); the share is spread evenly over the picks. */
  step: number;
  /** Makes exploration picks reproducible: the same seed and board give the same pick. */
  seed: string;
  /** The drift watchdog tripped: explore away from the top instead of repeating it. */
  isDrifting: boolean;
}

/**
 * The next probe under the guards: the top-priority one, except on an exploration slot of the
 * share or while the drift watchdog is tripped, when a seeded pick from below the top is taken so
 * the loop does not collapse onto the familiar. The first pick of a run is never exploration
 * unless drift forces it.
 */
export function pickSteered(
  board: readonly HypothesisView[],
  skip: ReadonlySet<string>,
  steer: Steer,
): { pick: HypothesisView | undefined; isExploration: boolean } {
  const ranked = [...board]
    .filter((h) => h.status === 'open' && h.probe !== undefined && !skip.has(h.id))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const share = Math.min(10000, Math.max(0, Math.trunc(steer.share)));
  const explore = ranked.length > 1 && (steer.isDrifting || isExplorationSlot(steer.step, share));
  if (!explore) return { pick: ranked[0], isExploration: false };
  const at = 1 + Math.floor(createRandom(`${steer.seed}:${steer.step}`)() * (ranked.length - 1));
  return { pick: ranked[at], isExploration: true };
}

/** Confirmed when every stated expectation is observed; refuted otherwise. */
export function judgeProbe(
  probe: Probe,
  observed: { exitCode: number | null; output: string; status?: 'PASS' | 'FAIL' },
): 'confirmed' | 'refuted' {
  const exitOk = probe.expectExit === undefined || observed.exitCode === probe.expectExit;
  const outputOk =
    probe.expectOutput === undefined || new RegExp(probe.expectOutput, 'u').test(observed.output);
  const statusOk = probe.expectStatus === undefined || observed.status === probe.expectStatus;
  return exitOk && outputOk && statusOk ? 'confirmed' : 'refuted';
}

/** Validates the probe flags of `hypothesis add`; a probe without an expectation decides nothing. */
export function buildProbe(input: {
  argv: readonly string[];
  control?: string | undefined;
  expectExit: number | undefined;
  expectOutput: string | undefined;
  expectStatus?: string | undefined;
}): Probe | undefined {
  const hasExpectation =
    input.expectExit !== undefined ||
    input.expectOutput !== undefined ||
    input.expectStatus !== undefined;
  const hasProbe = input.argv.length > 0 || input.control !== undefined;
  if (!hasProbe && !hasExpectation) return undefined;
  const problems: string[] = [];
  if (!hasProbe) {
    problems.push('--probe-argv: missing (the command the probe runs, or --probe-control <id>)');
  }
  if (input.argv.length > 0 && input.control !== undefined) {
    problems.push('--probe-argv and --probe-control: give one of them, not both');
  }
  if (!hasExpectation)
    problems.push('--expect-exit or --expect-output: missing (what confirms it)');
  if (
    input.expectStatus !== undefined &&
    input.expectStatus !== 'PASS' &&
    input.expectStatus !== 'FAIL'
  ) {
    problems.push('--expect-status: PASS or FAIL');
  }
  if (input.expectStatus !== undefined && input.control === undefined) {
    problems.push('--expect-status: only with --probe-control (a command has an exit code)');
  }
  if (
    input.expectExit !== undefined &&
    (!Number.isInteger(input.expectExit) || input.expectExit < 0 || input.expectExit > 255)
  ) {
    problems.push('--expect-exit: an integer 0..255');
  }
  if (input.expectOutput !== undefined) {
    try {
      new RegExp(input.expectOutput, 'u');
    } catch {
      problems.push(`--expect-output: not a valid regular expression: ${input.expectOutput}`);
    }
  }
  if (problems.length > 0) {
    throw new UsageError('MISSING_ARG', 'probe refused', {
      problems,
      next: 'proofgate knowledge hypothesis add "<claim>" ... --probe-argv node --probe-argv check.js --expect-exit 1',
    });
  }
  return {
    argv: [...input.argv],
    ...(input.control !== undefined ? { control: input.control } : {}),
    ...(input.expectStatus === 'PASS' || input.expectStatus === 'FAIL'
      ? { expectStatus: input.expectStatus }
      : {}),
    ...(input.expectExit !== undefined ? { expectExit: input.expectExit } : {}),
    ...(input.expectOutput !== undefined ? { expectOutput: input.expectOutput } : {}),
  };
}

export type StopReason =
  | { stop: 'done' }
  | { stop: 'budget'; exhausted: ('steps' | 'seconds' | 'cost')[] }
  | { stop: 'no_probe' }
  | { stop: 'continue' };

/** Done first (a finished board is reported as done even on its last budgeted step). */
export function decideStop(
  done: DoneReport,
  next: HypothesisView | undefined,
  budget: Budget,
  spent: BudgetSpent,
): StopReason {
  if (done.verdict === 'done') return { stop: 'done' };
  const exhausted = checkBudget(budget, spent);
  if (exhausted.length > 0) return { stop: 'budget', exhausted };
  if (next === undefined) return { stop: 'no_probe' };
  return { stop: 'continue' };
}

/**
 * Hypotheses whose probe was FLAKY on this commit: PASS and FAIL on the same binding decide
 * nothing, so they are set aside until the code changes (a new commit lifts the quarantine).
 */
export function quarantinedAt(
  records: readonly KnowledgeRecord[],
  commit: string | undefined,
): Set<string> {
  const ids = new Set<string>();
  for (const r of records) {
    if (
      r.op === 'update' &&
      r.update.probe?.verdict === 'flaky' &&
      r.update.probe.commit === commit
    ) {
      ids.add(r.update.id);
    }
  }
  return ids;
}

/** Repeats that all agree decide; any disagreement is FLAKY, with the majority's share. */
export function combineVerdicts(verdicts: readonly ('confirmed' | 'refuted')[]): {
  verdict: 'confirmed' | 'refuted' | 'flaky';
  agreement: { agree: number; runs: number };
} {
  const confirmed = verdicts.filter((v) => v === 'confirmed').length;
  const refuted = verdicts.length - confirmed;
  const agree = Math.max(confirmed, refuted);
  const runs = verdicts.length;
  if (confirmed > 0 && refuted > 0) return { verdict: 'flaky', agreement: { agree, runs } };
  return { verdict: confirmed > 0 ? 'confirmed' : 'refuted', agreement: { agree, runs } };
}
