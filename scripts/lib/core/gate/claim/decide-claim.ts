// A claim is granted only when every claimed control is a current PASS in every stage the scope's
// policy requires, and the stages were performed by independent identities (see ARCHITECTURE.md). Pure: statuses come in already computed.
import { needsSignedStages } from '../authority/stage-strength.ts';
import type { Actor, AuditStage } from '../../ledger/types.ts';
import { AUDIT_STAGES } from '../../ledger/types.ts';
import type { ClaimScope, Manifest, Maturity } from '../../plane/types.ts';
import { nameSubproject, subprojectOf } from '../../binding/build-subject.ts';
import type { ClaimBody, StageActors } from '../entries/bodies.ts';
import { compareActors } from '../authority/check-independence.ts';
import type { ControlStatus, ControlStatusValue } from '../status/compute-status.ts';
import { formatAuditCommand } from '../../next/next-command.ts';
import type { Strength } from '../authority/stage-strength.ts';
import { nextCommand } from '../../next/next-table.ts';

export interface ClaimRequest {
  scope: ClaimScope;
  target: Maturity;
  manifest: Manifest;
  /** Statuses of exactly the claimed controls: the task's list, or every control required at target. */
  statuses: readonly ControlStatus[];
}

export interface ClaimBlocker {
  control: string;
  stage: AuditStage;
  status: ControlStatusValue;
  reason: string;
  /** The exact command that moves this control forward, when one exists. */
  next?: string;
}

export interface ClaimDecision {
  granted: boolean;
  /**
   * The running proofgate is modified (`verify`'s TOOL_MODIFIED finding): an integrity violation,
   * so every verdict verb exits 3, its document (blockers, statuses) still printed.
   */
  gateModified?: true;
  /** The first output line. */
  verdict: string;
  scope: ClaimScope;
  target: Maturity;
  stages: AuditStage[];
  blockers: ClaimBlocker[];
  /** Per required stage: how many claimed controls' results are signed, how many only labels. */
  strengths?: Partial<Record<AuditStage, Record<Strength, number>>>;
  /** The claim entry body to append when granted. */
  body?: ClaimBody;
}

/** Stages the scope's policy requires; `self` is always required (a claim needs a result first). */
export function requiredStages(manifest: Manifest, scope: ClaimScope): AuditStage[] {
  const named = new Set<AuditStage>(['self', ...manifest.policies.claims[scope].required_stages]);
  return AUDIT_STAGES.filter((s) => named.has(s));
}

export function decideClaim(request: ClaimRequest): ClaimDecision {
  const { scope, target, manifest, statuses } = request;
  const stages = requiredStages(manifest, scope);
  const blockers: ClaimBlocker[] = [];
  const claimed = statuses.filter((s) => s.status !== 'NOT_APPLICABLE');
  for (const control of claimed) blockers.push(...blockersOf(control, stages, manifest));
  const strengths = countStrengths(claimed, stages);
  // A plane whose scope covers less than the repository judges only those paths: its project claim
  // is granted for them and says so; a release claim needs the profile to declare them releasable.
  const subproject = scope === 'task' ? undefined : subprojectOf(manifest);
  const covered = subproject === undefined ? undefined : nameSubproject(subproject);
  const label = covered === undefined ? `[${scope}]` : `[${scope}: ${covered}]`;
  const stageList = stages.join(', ');
  if (covered !== undefined && scope === 'release' && manifest.scope.releasable !== true) {
    const verdict = `REFUSED ${label} this plane covers ${covered} only, and its profile does not declare it releasable on its own`;
    const blocker: ClaimBlocker = {
      control: '(plane scope)',
      stage: 'self',
      status: 'TODO',
      reason: `the plane's scope covers ${covered} (scope.include/scope.exclude) without scope.releasable: true; a release claim covers what is shipped, and the rest of the repository is not judged here`,
      next: `when the subproject is released on its own, set scope.releasable: true in the plane's manifest (controls/manifest.yaml) and run "${nextCommand('initRender')}", then have the changed definition approved ("proofgate authority approve --help"); or claim the release from a whole-repository plane`,
    };
    return {
      granted: false,
      verdict,
      scope,
      target,
      stages,
      blockers: [blocker, ...blockers],
      strengths,
    };
  }
  if (claimed.length === 0) {
    const verdict = `REFUSED ${label} no applicable control at ${target}: there is nothing to claim`;
    return { granted: false, verdict, scope, target, stages, blockers, strengths };
  }
  if (blockers.length > 0) {
    const blocking = new Set(blockers.map((b) => b.control)).size;
    const verdict = `REFUSED ${label} ${blocking} of ${claimed.length} controls block the claim at ${target} (stages: ${stageList})`;
    return { granted: false, verdict, scope, target, stages, blockers, strengths };
  }
  const verdict =
    scope === 'task'
      ? `COMPLETED ${label} ${claimed.length} controls are current PASS (stages: ${stageList}); project readiness is unchanged`
      : `PASS ${label} all ${claimed.length} applicable controls at ${target} are current PASS (stages: ${stageList})${covered === undefined ? '' : `; this plane judges ${covered} only, the rest of the repository is not judged by it`}`;
  const body: ClaimBody = {
    scope,
    outcome: scope === 'task' ? 'COMPLETED' : 'PASS',
    controls: statuses.map((s) => s.control).sort(),
    maturity: target,
    stages: collectStageActors(claimed, stages),
    supporting: [...new Set(claimed.flatMap((c) => stages.map((s) => c.stages[s].entry ?? '')))]
      .filter((h) => h !== '')
      .sort(),
    ...(subproject === undefined ? {} : { subproject }),
  };
  return { granted: true, verdict, scope, target, stages, blockers, strengths, body };
}

function blockersOf(
  control: ControlStatus,
  stages: readonly AuditStage[],
  manifest: Manifest,
): ClaimBlocker[] {
  const disputed = AUDIT_STAGES.find((s) => control.stages[s].status === 'DISPUTED');
  if (disputed !== undefined) return [toBlocker(control, disputed)];
  const failing = stages
    .filter((s) => control.stages[s].status !== 'PASS')
    .map((s) => toBlocker(control, s));
  if (failing.length > 0) return failing;
  return checkStagesIndependent(control, stages, manifest);
}

function toBlocker(control: ControlStatus, stage: AuditStage): ClaimBlocker {
  const { status, reason, next } = control.stages[stage];
  return {
    control: control.control,
    stage,
    status,
    reason,
    ...(next === undefined ? {} : { next }),
  };
}

/** Every pair of required stages must have been performed by independent actors. */
function checkStagesIndependent(
  control: ControlStatus,
  stages: readonly AuditStage[],
  manifest: Manifest,
): ClaimBlocker[] {
  const blockers: ClaimBlocker[] = [];
  stages.forEach((later, i) => {
    const b = control.stages[later].actor;
    for (const earlier of stages.slice(0, i)) {
      const a = control.stages[earlier].actor;
      if (a === undefined || b === undefined) continue;
      const problems = compareActors(a, b, manifest);
      if (problems.length === 0) continue;
      blockers.push({
        control: control.control,
        stage: later,
        status: 'PASS',
        reason: `${later} is not independent of ${earlier}: ${problems.join('; ')}`,
        next: formatAuditCommand(
          control.control,
          later,
          undefined,
          manifest.authorities,
          needsSignedStages(manifest.profile.target_maturity),
        ),
      });
    }
  });
  return blockers;
}

function collectStageActors(
  statuses: readonly ControlStatus[],
  stages: readonly AuditStage[],
): Partial<Record<AuditStage, StageActors>> {
  const result: Partial<Record<AuditStage, StageActors>> = {};
  for (const stage of stages) {
    const actors = statuses
      .map((s) => s.stages[stage].actor)
      .filter((a): a is Actor => a !== undefined);
    const unique = (values: (string | undefined)[]): string[] =>
      [...new Set(values.filter((v): v is string => v !== undefined))].sort();
    result[stage] = {
      authorities: unique(actors.map((a) => a.authority)),
      contexts: unique(actors.map((a) => a.context)),
      keyids: unique(actors.map((a) => a.keyid)),
    };
  }
  return result;
}

function countStrengths(
  statuses: readonly ControlStatus[],
  stages: readonly AuditStage[],
): Partial<Record<AuditStage, Record<Strength, number>>> {
  const result: Partial<Record<AuditStage, Record<Strength, number>>> = {};
  for (const stage of stages) {
    const counts: Record<Strength, number> = { signed: 0, label: 0 };
    for (const s of statuses) {
      const strength = s.stages[stage].strength;
      if (strength !== undefined) counts[strength] += 1;
    }
    result[stage] = counts;
  }
  return result;
}

/**
 * Adds blockers from a policy outside the control statuses; any blocker refuses the claim. A
 * granted decision's verdict becomes `REFUSED [scope] <n> <what>`; a refused one keeps its own.
 */
export function withBlockers(
  decision: ClaimDecision,
  blockers: readonly ClaimBlocker[],
  what: string,
): ClaimDecision {
  if (blockers.length === 0) return decision;
  const { body: _body, ...refused } = decision;
  return {
    ...refused,
    granted: false,
    verdict: decision.granted
      ? `REFUSED [${decision.scope}] ${blockers.length} ${what}`
      : decision.verdict,
    blockers: [...decision.blockers, ...blockers],
  };
}
