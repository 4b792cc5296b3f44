// readiness: task-claim, merge and release readiness without writing anything (issue 7 item 7).
// Statuses come from the same computation as `status`; traceability gaps from the same graph as
// `sync`; audit stages from the manifest's claim policies.
import type { Context } from '../core/context.ts';
import { subprojectOf } from '../core/binding/build-subject.ts';
import { requiredStages } from '../core/gate/decide-claim.ts';
import type { ControlStatus } from '../core/gate/compute-status.ts';
import { assessReadiness, type ScopeReadiness } from '../core/knowledge/assess-readiness.ts';
import { buildTraceGraph } from '../core/knowledge/build-trace-graph.ts';
import type { AuditStage } from '../core/ledger/types.ts';
import type { ClaimScope, Manifest, Maturity } from '../core/plane/types.ts';
import { MATURITY_LEVELS } from '../core/plane/types.ts';
import type { GateIO } from '../core/ports.ts';
import { gatherStatuses } from './status-flow.ts';

export interface ReadinessFlowOptions {
  root: string;
  /** The task's affected controls; without them only merge and release are assessed. */
  task: { id: string; controls: string[] } | undefined;
}

export interface ReadinessFlowResult {
  target: Maturity;
  /** A subproject plane's include globs: readiness holds for those paths only. */
  subproject?: string[];
  scopes: ScopeReadiness[];
}

const due = (s: ControlStatus, target: Maturity, from: Maturity): boolean =>
  s.status !== 'NOT_APPLICABLE' && MATURITY_LEVELS.indexOf(from) <= MATURITY_LEVELS.indexOf(target);

/** Stages beyond self that some due control has not passed, per claim scope. */
function missingStages(
  manifest: Manifest,
  statuses: readonly ControlStatus[],
): Partial<Record<ClaimScope, AuditStage[]>> {
  const result: Partial<Record<ClaimScope, AuditStage[]>> = {};
  for (const scope of ['task', 'project', 'release'] as const) {
    result[scope] = requiredStages(manifest, scope).filter(
      (stage) => stage !== 'self' && statuses.some((s) => s.stages[stage].status !== 'PASS'),
    );
  }
  return result;
}

export async function readinessFlow(
  options: ReadinessFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<ReadinessFlowResult> {
  const plane = await io.loadPlane(options.root);
  const all = plane.registry.controls.map((c) => c.id);
  const gathered = await gatherStatuses(plane, all, ctx, io);
  const target = plane.manifest.profile.target_maturity;
  const byId = new Map(plane.registry.controls.map((c) => [c.id, c]));
  const controls = gathered.statuses.map((s) => ({
    id: s.control,
    status: s.status,
    requiredFrom: byId.get(s.control)?.required_from_maturity ?? 'prototype',
  }));
  const evidence = gathered.statuses.flatMap((s) =>
    s.stages.self.entry === undefined
      ? []
      : [{ control: s.control, entry: s.stages.self.entry, status: s.stages.self.status }],
  );
  const graph = buildTraceGraph(plane.registry, [], evidence);
  const dueStatuses = gathered.statuses.filter((s) =>
    due(s, target, byId.get(s.control)?.required_from_maturity ?? 'prototype'),
  );
  const subproject = subprojectOf(plane.manifest);
  const taskIds = new Set(options.task?.controls ?? []);
  const taskStatuses = gathered.statuses.filter((s) => taskIds.has(s.control));
  const scopes = assessReadiness({
    targetMaturity: target,
    controls,
    gaps: graph.gaps,
    missingStages: {
      ...missingStages(plane.manifest, dueStatuses),
      task: missingStages(plane.manifest, taskStatuses).task ?? [],
    },
    ...(options.task === undefined ? {} : { task: options.task }),
    ...(subproject === undefined
      ? {}
      : {
          subproject: {
            include: subproject,
            releasable: plane.manifest.scope.releasable === true,
          },
        }),
  });
  return { target, ...(subproject === undefined ? {} : { subproject }), scopes };
}
