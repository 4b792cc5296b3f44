// Gathers what proofgate knows for the exploring loop to propose from (core/knowledge/
// propose-hypotheses.ts): the board, negative decisions, tracked source files no control's inputs
// cover, the controls' current statuses, the traceability gaps at the target maturity (the
// manifest's requirement files included), the target model's goals and scan's unknowns. The
// proposals are appended to the board as open hypotheses.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import {
  buildRequirementGraph,
  gapsBlockingAt,
} from '../../core/knowledge/build-requirement-graph.ts';
import { foldDecisions } from '../../core/knowledge/decide-decisions.ts';
import { foldHypotheses } from '../../core/knowledge/decide-hypotheses.ts';
import { globCovers } from '../../core/knowledge/hard-gate-evidence.ts';
import { probeAuthorizations } from '../../core/knowledge/probe-authorization.ts';
import { proposeHypotheses } from '../../core/knowledge/propose-hypotheses.ts';
import type { NotProposed } from '../../core/knowledge/propose-hypotheses.ts';
import { goalsOfModel } from '../../core/knowledge/seed-priors.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import type { ExploreWorld } from './explore-probe.ts';
import { gatherStatuses } from '../claim/gather-statuses.ts';
import { readRequirementSources } from './requirement-sources.ts';

/** Extensions of files that hold code worth a test. */
const SOURCE_FILE =
  /\.(m?[jt]sx?|cjs|cts|py|go|rs|java|kt|rb|php|cs|c|cc|cpp|h|hpp|swift|scala|ex|exs|sh)$/u;
const TEST_FILE = /(^|\/)(tests?|__tests__|spec)\/|[._-](test|spec)\.[^/]+$|(^|\/)test_[^/]+$/u;

/** Execution types a control probe can run and observe (a slot or manual control cannot). */
const RUNNABLE = new Set(['command', 'file', 'trace']);

export interface ProposeSettings {
  allow: readonly AuthorizationKind[];
  highRisk: number;
  targetModel?: unknown;
}

export interface ProposeResult {
  proposed: { id: string; provenance: string; claim: string }[];
  notProposed: NotProposed[];
}

async function trackedFiles(root: string, { git }: Pick<World, 'git'>): Promise<string[]> {
  return (await git.listTrackedFiles(root)) ?? [];
}

const unknownsOf = (model: unknown): { question: string }[] => {
  const list = (model as { unknowns?: unknown } | null | undefined)?.unknowns;
  return Array.isArray(list)
    ? list.flatMap((u: unknown) => {
        const q = (u as { question?: unknown } | null)?.question;
        return typeof q === 'string' ? [{ question: q }] : [];
      })
    : [];
};

export async function proposeFromKnown(
  world: ExploreWorld,
  ctx: Context,
  settings: ProposeSettings,
): Promise<ProposeResult> {
  const { plane, knowledge: store } = world;
  const board = foldHypotheses(await store.read('hypotheses'));
  const decisions = foldDecisions(await store.read('decisions')).filter((d) => d.isInForce);
  const applicable = plane.registry.controls.filter((c) => c.applies.value);
  const inputs = applicable.flatMap((c) => c.inputs ?? []);
  const planeDir = plane.rel === '' ? undefined : plane.rel;
  const uncoveredFiles = (await trackedFiles(plane.root, world.gate))
    .filter((f) => SOURCE_FILE.test(f) && !TEST_FILE.test(f))
    .filter((f) => planeDir === undefined || !f.startsWith(`${planeDir}/`))
    .filter((f) => !inputs.some((glob) => globCovers(glob, f)))
    .sort();
  const gathered = await gatherStatuses(plane, [], ctx, world.gate);
  const controls = gathered.statuses.flatMap((s) => {
    const control = applicable.find((c) => c.id === s.control);
    if (control === undefined) return [];
    const needs = probeAuthorizations({ argv: [], control: control.id }, control);
    const runnable = RUNNABLE.has(control.execution.type);
    return [
      { id: s.control, title: control.title, status: s.status, flaky: s.flaky, needs, runnable },
    ];
  });
  const requirements = await readRequirementSources(plane, undefined, world.gate);
  const evidence = gathered.statuses.flatMap((s) =>
    s.stages.self.entry === undefined
      ? []
      : [{ control: s.control, entry: s.stages.self.entry, status: s.stages.self.status }],
  );
  const graph = buildRequirementGraph(plane.registry, requirements.files, evidence);
  const gaps = gapsBlockingAt(graph.gaps, plane.manifest.profile.target_maturity);
  const result = proposeHypotheses({
    board,
    decisions,
    uncoveredFiles,
    controls,
    gaps,
    goals: goalsOfModel(settings.targetModel),
    highRisk: settings.highRisk,
    unknowns: unknownsOf(settings.targetModel),
    allow: settings.allow,
    self: world.gate.host.selfArgv(),
    now: ctx.clock.now(),
  });
  await store.append(
    'hypotheses',
    result.added.map((hypothesis) => ({ op: 'hypothesis' as const, hypothesis })),
  );
  return {
    proposed: result.added.map((h) => ({ id: h.id, provenance: h.provenance, claim: h.claim })),
    notProposed: [
      ...requirements.problems.map((p) => ({
        source: `requirement file ${p.file}`,
        reason: p.reason,
      })),
      ...result.notProposed,
    ],
  };
}
