// readiness: task-claim, merge and release readiness without writing anything. Each scope is the
// decision `claim` would make for the claim scope it previews (decideVerdict over the same
// gathered statuses), so the blockers and the refusal are the claim's own.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { refuseTaskOutsideCampaign } from '../core/brownfield/refuse-outside-campaign.ts';
import { subprojectOf } from '../core/binding/build-subject.ts';
import { decideVerdict } from '../core/gate/decide-verdict.ts';
import {
  CLAIM_SCOPE_OF,
  toScopeReadiness,
  type ScopeReadiness,
} from '../core/knowledge/assess-readiness.ts';
import type { Maturity } from '../core/plane/types.ts';
import type { GateIO } from '../core/ports.ts';
import { gatherStatuses } from './status-flow.ts';

export interface ReadinessFlowOptions {
  root: string;
  /** The task's affected controls; without them only merge and release are assessed. */
  task: { id: string; controls: string[] } | undefined;
}

export interface ReadinessFlowResult {
  target: Maturity;
  scopes: ScopeReadiness[];
  /** The included paths of a subproject plane, which alone are judged. */
  subproject?: string[];
}

export async function readinessFlow(
  options: ReadinessFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<ReadinessFlowResult> {
  const plane = await io.loadPlane(options.root);
  const scopes: ScopeReadiness[] = [];
  if (options.task !== undefined) {
    if (options.task.controls.length === 0)
      throw new UsageError('MISSING_ARG', 'a task readiness needs the affected controls', {
        expected: '--control <id> once per affected control of the task',
        next: `proofgate readiness --task ${options.task.id} --control <id>`,
      });
    // As claim does: outside a campaign an ai_brownfield task claim is refused before any status.
    const outside = refuseTaskOutsideCampaign(plane.manifest, 'task');
    const decision =
      outside ??
      decideVerdict('task', plane, await gatherStatuses(plane, options.task.controls, ctx, io));
    scopes.push(toScopeReadiness('task', decision));
  }
  const required = await gatherStatuses(plane, [], ctx, io);
  for (const scope of ['merge', 'release'] as const)
    scopes.push(toScopeReadiness(scope, decideVerdict(CLAIM_SCOPE_OF[scope], plane, required)));
  const subproject = subprojectOf(plane.manifest);
  return {
    target: plane.manifest.profile.target_maturity,
    scopes,
    ...(subproject === undefined ? {} : { subproject }),
  };
}
