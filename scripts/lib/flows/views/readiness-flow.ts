// readiness: task-claim, merge and release readiness without writing anything. Each scope is the
// decision `claim` would make for the claim scope it previews, under the rules claim decides with
// (claim-now.ts decideClaimNow), so the blockers and the refusal are the claim's own.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { subprojectOf } from '../../core/binding/build-subject.ts';
import {
  CLAIM_SCOPE_OF,
  toScopeReadiness,
  type ScopeReadiness,
} from '../../core/knowledge/assess-readiness.ts';
import type { Maturity } from '../../core/plane/types.ts';
import { decideClaimNow } from '../claim/claim-now.ts';
import { readEntriesOnce } from '../ledger/read-entries-once.ts';
import type { BaseRules, RulesReport } from '../../core/gate/claim/base-rules.ts';

export interface ReadinessFlowOptions {
  root: string;
  /** The task's affected controls; without them only merge and release are assessed. */
  task: { id: string; controls: string[] } | undefined;
  /**
   * The rules `claim` decides with (trusted-rules.ts readViewRules): the upstream branch's, or
   * null (the default) when there is none: the tree's own rules decide, said so.
   */
  rulesAtBase?: BaseRules | null;
}

export interface ReadinessFlowResult {
  target: Maturity;
  scopes: ScopeReadiness[];
  /** What a plane narrower than the repository covers (subprojectOf), which alone is judged. */
  subproject?: string[];
  /** Where the deciding rules came from, as `claim` says it. */
  rules?: RulesReport;
}

export async function readinessFlow(
  options: ReadinessFlowOptions,
  ctx: Context,
  io: World,
): Promise<ReadinessFlowResult> {
  const plane = await io.loadPlane(options.root);
  const once = readEntriesOnce(io);
  const atBase = options.rulesAtBase ?? null;
  const decide = (request: Parameters<typeof decideClaimNow>[2]) =>
    decideClaimNow(plane, atBase, request, ctx, once);
  const scopes: ScopeReadiness[] = [];
  if (options.task !== undefined) {
    if (options.task.controls.length === 0)
      throw new UsageError('MISSING_ARG', 'a task readiness needs the affected controls', {
        expected: '--control <id> once per affected control of the task',
        next: `proofgate status --readiness --task ${options.task.id} --control <id>`,
      });
    const task = await decide({ scope: 'task', ids: options.task.controls });
    scopes.push(toScopeReadiness('task', task.decision));
  }
  const merge = await decide({ scope: CLAIM_SCOPE_OF.merge, ids: [] });
  scopes.push(toScopeReadiness('merge', merge.decision));
  const release = await decide({
    scope: CLAIM_SCOPE_OF.release,
    ids: [],
    ...(merge.gathered === undefined ? {} : { reuse: merge.gathered }),
  });
  scopes.push(toScopeReadiness('release', release.decision));
  const subproject = subprojectOf(plane.manifest);
  const rules = merge.rules;
  return {
    target: plane.manifest.profile.target_maturity,
    scopes,
    ...(subproject === undefined ? {} : { subproject }),
    ...(rules === undefined ? {} : { rules }),
  };
}
