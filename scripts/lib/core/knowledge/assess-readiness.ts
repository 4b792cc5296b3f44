// Readiness is presentation only: each readiness scope stands for the claim scope it previews
// (task → task, merge → project, release → release) and shows that claim's own decision
// (core/verdict/decide-verdict.ts), so readiness can never say READY where claim would refuse.
import type { ControlStatusValue } from '../gate/status/compute-status.ts';
import type { ClaimBlocker, ClaimDecision } from '../gate/claim/decide-claim.ts';
import type { ClaimScope } from '../plane/types.ts';

/** The gate's status values (references/statuses.md). */
export type ControlState = ControlStatusValue;

export type ReadinessScope = 'task' | 'merge' | 'release';

/** The claim each readiness scope previews. */
export const CLAIM_SCOPE_OF: Readonly<Record<ReadinessScope, ClaimScope>> = {
  task: 'task',
  merge: 'project',
  release: 'release',
};

export interface ScopeReadiness {
  scope: ReadinessScope;
  /** The claim scope whose decision this is. */
  claimScope: ClaimScope;
  isReady: boolean;
  /** The claim's first output line, word for word. */
  verdict: string;
  blockers: ClaimBlocker[];
  /** The running proofgate is modified (ClaimDecision.gateModified): readiness exits 3. */
  gateModified?: true;
}

export function toScopeReadiness(scope: ReadinessScope, decision: ClaimDecision): ScopeReadiness {
  return {
    scope,
    claimScope: CLAIM_SCOPE_OF[scope],
    isReady: decision.granted,
    verdict: decision.verdict,
    blockers: decision.blockers,
    ...(decision.gateModified === true ? { gateModified: true as const } : {}),
  };
}
