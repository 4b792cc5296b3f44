// Readiness without writing anything (issue 7 item 7): task-claim, merge and release readiness from
// control statuses, traceability gaps and missing audit stages. A task is judged on its own
// controls only; a debt control that stays FAIL never makes the project ready, whatever the task.
import type { ControlStatusValue } from '../gate/compute-status.ts';
import type { AuditStage } from '../ledger/types.ts';
import { MATURITY_LEVELS } from '../plane/types.ts';
import type { ClaimScope, Maturity } from '../plane/types.ts';
import { gapsBlockingAt } from './build-trace-graph.ts';
import type { TraceGap } from './build-trace-graph.ts';

/** The gate's status values (references/statuses.md). */
export type ControlState = ControlStatusValue;

export interface ReadinessControl {
  id: string;
  status: ControlState;
  requiredFrom: Maturity;
}

export interface ReadinessInput {
  targetMaturity: Maturity;
  controls: readonly ReadinessControl[];
  gaps: readonly TraceGap[];
  /** The task's explicit affected controls. */
  task?: { id: string; controls: readonly string[] };
  /** Audit stages each claim scope still lacks under the manifest's policy. */
  missingStages?: Partial<Record<ClaimScope, readonly AuditStage[]>>;
  /** A subproject plane: its include globs, and whether it may be released on its own. */
  subproject?: { include: readonly string[]; releasable: boolean };
}

export type Blocker =
  | { kind: 'control'; id: string; status: ControlState }
  | { kind: 'unknown_control'; id: string }
  | { kind: 'gap'; gap: TraceGap }
  | { kind: 'audit'; stage: AuditStage }
  | { kind: 'scope'; include: string[] };

export interface ScopeReadiness {
  scope: 'task' | 'merge' | 'release';
  isReady: boolean;
  blockers: Blocker[];
}

const isSatisfied = (s: ControlState): boolean => s === 'PASS' || s === 'NOT_APPLICABLE';
const rank = (m: Maturity): number => MATURITY_LEVELS.indexOf(m);

function scope(name: ScopeReadiness['scope'], blockers: Blocker[]): ScopeReadiness {
  return { scope: name, isReady: blockers.length === 0, blockers };
}

export function assessReadiness(input: ReadinessInput): ScopeReadiness[] {
  const audits = (s: ClaimScope): Blocker[] =>
    (input.missingStages?.[s] ?? []).map((stage) => ({ kind: 'audit', stage }));
  const byId = new Map(input.controls.map((c) => [c.id, c]));
  const result: ScopeReadiness[] = [];
  if (input.task !== undefined) {
    const own = new Set(input.task.controls);
    const blockers: Blocker[] = [...own].sort().flatMap((id): Blocker[] => {
      const c = byId.get(id);
      if (c === undefined) return [{ kind: 'unknown_control', id }];
      return isSatisfied(c.status) ? [] : [{ kind: 'control', id, status: c.status }];
    });
    const taskGaps = input.gaps.filter((g) => g.control !== undefined && own.has(g.control));
    result.push(
      scope('task', [
        ...blockers,
        ...taskGaps.map((gap): Blocker => ({ kind: 'gap', gap })),
        ...audits('task'),
      ]),
    );
  }
  const due = input.controls
    .filter((c) => rank(c.requiredFrom) <= rank(input.targetMaturity) && !isSatisfied(c.status))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((c): Blocker => ({ kind: 'control', id: c.id, status: c.status }));
  const gaps = gapsBlockingAt(input.gaps, input.targetMaturity).map((gap): Blocker => ({
    kind: 'gap',
    gap,
  }));
  const merge = [...due, ...gaps, ...audits('project')];
  result.push(scope('merge', merge));
  const projectStages = new Set(input.missingStages?.project ?? []);
  const releaseOnly = (input.missingStages?.release ?? []).filter((st) => !projectStages.has(st));
  result.push(
    scope('release', [
      ...merge,
      ...releaseOnly.map((stage): Blocker => ({ kind: 'audit', stage })),
      // As claim decides: a subproject plane releases only when its profile says it may.
      ...(input.subproject !== undefined && !input.subproject.releasable
        ? [{ kind: 'scope' as const, include: [...input.subproject.include] }]
        : []),
    ]),
  );
  return result;
}
