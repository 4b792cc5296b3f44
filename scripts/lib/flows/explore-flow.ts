// The exploring loop: pick the top-priority open hypothesis that carries a probe, run the probe with
// the control runner (argv only, allowlisted environment, timeout, output cap), decide the
// hypothesis from its expectation, append the decision with the probe's outcome to the board, and
// repeat while the definition of done does not hold and the budget is not spent.
import type { Context } from '../core/context.ts';
import { pickEnvironment } from '../core/gate/child-env.ts';
import { foldHypotheses } from '../core/knowledge/decide-hypotheses.ts';
import { countStepsSinceEvidence, evaluateDone } from '../core/knowledge/evaluate-done.ts';
import type { Budget, DoneCriteria, DoneReport } from '../core/knowledge/evaluate-done.ts';
import {
  combineVerdicts,
  decideStop,
  judgeProbe,
  pickNextProbe,
  quarantinedAt,
} from '../core/knowledge/explore-step.ts';
import type { StopReason } from '../core/knowledge/explore-step.ts';
import { filterByNegatives } from '../core/knowledge/negative-filter.ts';
import type { Filtered } from '../core/knowledge/negative-filter.ts';
import type {
  HypothesisUpdate,
  KnowledgeRecord,
  Probe,
  ProbeRun,
} from '../core/knowledge/types.ts';
import { currentConfidence } from '../core/knowledge/damping.ts';
import { exportCases } from '../core/knowledge/merge-cases.ts';
import { goalsOfModel, seedPriors } from '../core/knowledge/seed-priors.ts';
import { runGit } from '../io/git.ts';
import type { KnowledgeIO } from '../core/ports.ts';
import { runCommand } from '../io/run-command.ts';

export interface ExploreSettings {
  untilDone: boolean;
  budget: Budget;
  done: DoneCriteria;
  timeoutMs: number;
  capBytes: number;
  /** Runs per probe; more than one exposes a flaky probe before it decides anything. */
  repeats: number;
  /** A target model: its quality goals join the definition of done, its features seed priors. */
  targetModel?: unknown;
}

export interface ExploreStep {
  id: string;
  claim: string;
  run: ProbeRun;
  durationMs: number;
}

export interface ExploreResult {
  steps: ExploreStep[];
  stop:
    | Exclude<StopReason, { stop: 'continue' }>
    | { stop: 'one_step' }
    | { stop: 'probe_failed'; id: string; detail: string };
  spent: { steps: number; seconds: number };
  /** Hypotheses seeded from matching cases at the start of this run. */
  seeded: { id: string; provenance: string }[];
  /** Open hypotheses a case's negative result rules out: not probed, not ranked. */
  filtered: Filtered[];
  done: DoneReport;
  next: string | undefined;
}

/** Runs one probe; a command that cannot start is an observation (exit null), not a crash. */
async function runProbe(
  probe: Probe,
  root: string,
  ctx: Context,
  settings: ExploreSettings,
): Promise<
  | { ok: true; exitCode: number | null; output: string; sha256: string; durationMs: number }
  | { ok: false; detail: string }
> {
  const result = await runCommand({
    argv: probe.argv,
    root,
    env: pickEnvironment(ctx.env, []),
    timeoutMs: settings.timeoutMs,
    capBytes: settings.capBytes,
  });
  if (!result.ok) {
    return { ok: false, detail: `${result.reason}: ${result.detail}` };
  }
  if (result.timedOut || result.exitCode === null) {
    return {
      ok: false,
      detail: `no exit code (${result.timedOut ? 'timed out' : `signal ${result.signal ?? '?'}`})`,
    };
  }
  const output = Buffer.concat([result.head, result.tail]).toString('utf8');
  return {
    ok: true,
    exitCode: result.exitCode,
    output,
    sha256: result.rawSha256,
    durationMs: result.durationMs,
  };
}

async function headCommit(root: string): Promise<string | undefined> {
  try {
    const r = await runGit(['rev-parse', '--verify', '-q', 'HEAD'], { cwd: root });
    return r.code === 0 ? r.stdout.toString('utf8').trim() : undefined;
  } catch {
    return undefined;
  }
}

async function seedFromModel(
  store: KnowledgeIO,
  ctx: Context,
  settings: ExploreSettings,
  caseRecords: readonly KnowledgeRecord[],
): Promise<{ id: string; provenance: string }[]> {
  if (settings.targetModel === undefined) return [];
  const now = ctx.clock.now();
  const exported = exportCases(caseRecords);
  const scored = exported.cases.map((entry) => ({
    entry,
    confidence: currentConfidence(entry, exported.observations, now).current,
  }));
  const board = foldHypotheses(await store.read('hypotheses'));
  const added = seedPriors(settings.targetModel, scored, board, now);
  await store.append(
    'hypotheses',
    added.map((hypothesis) => ({ op: 'hypothesis' as const, hypothesis })),
  );
  return added.map((h) => ({ id: h.id, provenance: h.provenance }));
}

export async function runExplore(
  store: KnowledgeIO,
  ctx: Context,
  settings: ExploreSettings,
): Promise<ExploreResult> {
  const started = ctx.clock.now().getTime();
  const steps: ExploreStep[] = [];
  const commit = await headCommit(store.root);
  const caseRecords = await store.read('cases');
  const cases = caseRecords.flatMap((r) => (r.op === 'case' ? [r.case] : []));
  const seeded = await seedFromModel(store, ctx, settings, caseRecords);
  const doneCriteria = {
    ...settings.done,
    goals: [
      ...(settings.done.goals ?? []),
      ...goalsOfModel(settings.targetModel)
        .filter((g) => g.risk >= settings.done.highRisk)
        .map((g) => g.attr),
    ],
  };
  let filtered: Filtered[];
  for (;;) {
    const records = await store.read('hypotheses');
    const board = foldHypotheses(records);
    filtered = filterByNegatives(board, cases);
    // Ruled-out hypotheses neither block done nor count as examined.
    const ruledOut = new Set(filtered.map((f) => f.id));
    const live = board.filter((h) => !ruledOut.has(h.id));
    const done = evaluateDone(live, countStepsSinceEvidence(records), doneCriteria);
    const skip = new Set([...quarantinedAt(records, commit), ...filtered.map((f) => f.id)]);
    const next = pickNextProbe(board, skip);
    const seconds = Math.floor((ctx.clock.now().getTime() - started) / 1000);
    const spent = { steps: steps.length, seconds };
    const stop = decideStop(done, next, settings.budget, { ...spent, cost: 0 });
    const stopHere =
      stop.stop !== 'continue'
        ? stop
        : !settings.untilDone && steps.length === 1
          ? ({ stop: 'one_step' } as const)
          : undefined;
    if (stopHere !== undefined || next === undefined || next.probe === undefined) {
      return {
        steps,
        stop: stopHere ?? { stop: 'no_probe' },
        spent,
        seeded,
        filtered,
        done,
        next: next?.id,
      };
    }
    const verdicts: ('confirmed' | 'refuted')[] = [];
    let observed: Awaited<ReturnType<typeof runProbe>> = { ok: false, detail: 'not run' };
    for (let i = 0; i < settings.repeats; i++) {
      observed = await runProbe(next.probe, store.root, ctx, settings);
      if (!observed.ok) break;
      verdicts.push(judgeProbe(next.probe, observed));
    }
    if (!observed.ok) {
      // A probe that did not run to an exit observed nothing: the hypothesis stays open.
      const seconds = Math.floor((ctx.clock.now().getTime() - started) / 1000);
      return {
        steps,
        stop: { stop: 'probe_failed', id: next.id, detail: observed.detail },
        spent: { steps: steps.length, seconds },
        seeded,
        filtered,
        done,
        next: next.id,
      };
    }
    const { verdict, agreement } = combineVerdicts(verdicts);
    const run: ProbeRun = {
      argv: [...next.probe.argv],
      exitCode: observed.exitCode,
      outputSha256: observed.sha256,
      ...(commit !== undefined ? { commit } : {}),
      verdict,
      agreement,
    };
    const update: HypothesisUpdate = {
      id: next.id,
      time: ctx.clock.now().toISOString(),
      ...(verdict !== 'flaky' ? { status: verdict } : {}),
      probe: run,
    };
    await store.append('hypotheses', [{ op: 'update', update }]);
    steps.push({ id: next.id, claim: next.claim, run, durationMs: observed.durationMs });
  }
}
