// The exploring loop: pick the top-priority open hypothesis that carries a probe, run the probe with
// the control runner (argv only, allowlisted environment, timeout, output cap), decide the
// hypothesis from its expectation, append the decision with the probe's outcome to the board, and
// repeat while the definition of done does not hold and the budget is not spent.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { foldHypotheses } from '../../core/knowledge/decide-hypotheses.ts';
import type { HypothesisView } from '../../core/knowledge/decide-hypotheses.ts';
import { countStepsSinceEvidence, evaluateDone } from '../../core/knowledge/evaluate-done.ts';
import type { Budget, DoneCriteria, DoneReport } from '../../core/knowledge/evaluate-done.ts';
import { decideStop, pickSteered, quarantinedAt } from '../../core/knowledge/explore-step.ts';
import { refusedAuthorizations } from '../../core/knowledge/probe-authorization.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import type { StopReason } from '../../core/knowledge/explore-step.ts';
import { filterByNegatives } from '../../core/knowledge/negative-filter.ts';
import type { Filtered } from '../../core/knowledge/negative-filter.ts';
import type { HypothesisUpdate, KnowledgeRecord, ProbeRun } from '../../core/knowledge/types.ts';
import { currentConfidence } from '../../core/knowledge/damping.ts';
import { exportCases } from '../../core/knowledge/merge-cases.ts';
import { goalsOfModel, seedPriors } from '../../core/knowledge/seed-priors.ts';
import { probeControl, runProbeStep } from './explore-probe.ts';
import type { ExploreWorld } from './explore-probe.ts';
import { proposeFromKnown } from './explore-propose.ts';
import type { NotProposed } from '../../core/knowledge/propose-hypotheses.ts';
import { costOfProbe } from '../../core/knowledge/probe-cost.ts';
import type { CostUnit } from '../../core/knowledge/types.ts';

export interface ExploreSettings {
  untilDone: boolean;
  budget: Budget;
  done: DoneCriteria;
  timeoutMs: number;
  /** Authorization kinds a probe may use (`--allow`); a probe needing another is refused. */
  allow: readonly AuthorizationKind[];
  /** The authority that granted `allow` (checked by the verb before the loop). */
  grantedBy?: string;
  /** Runs per probe; more than one exposes a flaky probe before it decides anything. */
  repeats: number;
  /** A target model: its quality goals join the definition of done, its features seed priors. */
  targetModel?: unknown;
  /** Propose hypotheses from what proofgate knows when no open one has a probe (default true). */
  propose?: boolean;
  /** Basis points of picks given to exploration (default 0: always the top priority). */
  share?: number;
  /** The unit `budget.maxCost` is counted in; a probe declaring another unit is not run. */
  costUnit?: CostUnit;
}

export interface ExploreStep {
  id: string;
  claim: string;
  run: ProbeRun;
  durationMs: number;
  /** Picked by the exploration share or the drift watchdog, not by score. */
  isExploration?: boolean;
}

export interface ExploreResult {
  steps: ExploreStep[];
  stop:
    | Exclude<StopReason, { stop: 'continue' }>
    | { stop: 'one_step' }
    | { stop: 'probe_failed'; id: string; detail: string };
  spent: { steps: number; seconds: number; cost: number };
  /** The cost budget's unit. */
  costUnit: CostUnit;
  /** Hypotheses seeded from matching cases at the start of this run. */
  seeded: { id: string; provenance: string }[];
  /** Open hypotheses a case's negative result rules out: not probed, not ranked. */
  filtered: Filtered[];
  /** Probes refused before they ran: they need authorization kinds `--allow` did not give. */
  refused: { id: string; needs: AuthorizationKind[]; reason?: string }[];
  /** Hypotheses proposed from what proofgate knows at the start of this run. */
  proposed: { id: string; provenance: string; claim: string }[];
  /** What was not proposed, and why (no probe within the blast radius, a person must answer, …). */
  notProposed: NotProposed[];
  done: DoneReport;
  next: string | undefined;
}

async function headCommit(root: string, { git }: Pick<World, 'git'>): Promise<string | undefined> {
  try {
    return await git.resolveHead(root);
  } catch {
    return undefined;
  }
}

async function seedFromModel(
  store: ExploreWorld['knowledge'],
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

/**
 * Why a probe may not run: an authorization kind beyond `--allow` (the blast radius), or a cost
 * declared in another unit than the budget counts. Undefined when it may run.
 */
function refusalOf(
  next: HypothesisView | undefined,
  world: ExploreWorld,
  settings: ExploreSettings,
): { needs: AuthorizationKind[]; reason?: string } | undefined {
  if (next?.probe === undefined) return undefined;
  const needs = refusedAuthorizations(
    next.probe,
    probeControl(world.plane, next.probe),
    settings.allow,
  );
  if (needs.length > 0) return { needs };
  const declared = costOfProbe(next).unit;
  if (settings.costUnit !== undefined && declared !== settings.costUnit) {
    return {
      needs: [],
      reason: `its probe declares its cost in ${declared}; the budget counts ${settings.costUnit}`,
    };
  }
  return undefined;
}

export async function runExplore(
  world: ExploreWorld,
  ctx: Context,
  settings: ExploreSettings,
): Promise<ExploreResult> {
  // Each probe is recorded in the ledger: one that does not verify is refused (exit 3) before
  // anything runs or is written, knowledge included.
  await world.gate.readEntries(world.plane);
  const store = world.knowledge;
  const refused: ExploreResult['refused'] = [];
  const started = ctx.clock.now().getTime();
  const steps: ExploreStep[] = [];
  const commit = await headCommit(store.root, world.gate);
  const caseRecords = await store.read('cases');
  const cases = caseRecords.flatMap((r) => (r.op === 'case' ? [r.case] : []));
  const seeded = await seedFromModel(store, ctx, settings, caseRecords);
  // Proposals fill an idle board: while an open hypothesis has a probe, the board's own come first.
  const idle = !foldHypotheses(await store.read('hypotheses')).some(
    (h) => h.status === 'open' && h.probe !== undefined,
  );
  const proposal =
    settings.propose === false || !idle
      ? { proposed: [], notProposed: [] }
      : await proposeFromKnown(world, ctx, {
          allow: settings.allow,
          highRisk: settings.done.highRisk,
          ...(settings.targetModel === undefined ? {} : { targetModel: settings.targetModel }),
        });
  const costUnit = settings.costUnit ?? 'units';
  let spentCost = 0;
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
    const skip = new Set([
      ...quarantinedAt(records, commit),
      ...filtered.map((f) => f.id),
      ...refused.map((r) => r.id),
    ]);
    // Refused probes are set aside before the budget is weighed, so one the loop would not run
    // never stops it on cost.
    const steer = {
      share: settings.share ?? 0,
      step: steps.length,
      seed: commit ?? 'no-commit',
      isDrifting: done.isDriftTripped,
    };
    let picked = pickSteered(board, skip, steer);
    let next = picked.pick;
    for (let why = refusalOf(next, world, settings); next !== undefined && why !== undefined;) {
      refused.push({ id: next.id, ...why });
      skip.add(next.id);
      picked = pickSteered(board, skip, steer);
      next = picked.pick;
      why = refusalOf(next, world, settings);
    }
    const seconds = Math.floor((ctx.clock.now().getTime() - started) / 1000);
    const spent = { steps: steps.length, seconds, cost: spentCost };
    // The next probe must be affordable: one that would overspend stops the loop on cost, as a
    // spent budget does (so --max-cost 0 runs nothing).
    const nextCost = next === undefined ? 0 : costOfProbe(next).amount * settings.repeats;
    const isOver = spentCost + nextCost > settings.budget.maxCost;
    const stop = decideStop(done, next, settings.budget, {
      ...spent,
      cost: isOver ? Math.max(spentCost, settings.budget.maxCost) : spentCost,
    });
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
        costUnit,
        seeded,
        ...proposal,
        filtered,
        refused,
        done,
        next: next?.id,
      };
    }
    const observed = await runProbeStep(
      { ...next, probe: next.probe },
      world,
      ctx,
      settings,
      commit,
    );
    if (!observed.ok) {
      // A probe that did not run to an exit observed nothing: the hypothesis stays open.
      const seconds = Math.floor((ctx.clock.now().getTime() - started) / 1000);
      return {
        steps,
        stop: { stop: 'probe_failed', id: next.id, detail: observed.detail },
        spent: { steps: steps.length, seconds, cost: spentCost + nextCost },
        costUnit,
        seeded,
        ...proposal,
        filtered,
        refused,
        done,
        next: next.id,
      };
    }
    const { run } = observed;
    const update: HypothesisUpdate = {
      id: next.id,
      time: ctx.clock.now().toISOString(),
      ...(run.verdict !== 'flaky' ? { status: run.verdict } : {}),
      ...(run.entry !== undefined ? { evidence: [run.entry] } : {}),
      probe: run,
    };
    await store.append('hypotheses', [{ op: 'update', update }]);
    spentCost += nextCost;
    steps.push({
      id: next.id,
      claim: next.claim,
      run,
      durationMs: observed.durationMs,
      ...(picked.isExploration ? { isExploration: true } : {}),
    });
  }
}
