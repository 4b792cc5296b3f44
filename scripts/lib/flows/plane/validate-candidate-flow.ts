// verify --candidate KIND FILE: read the proposal (schema-checked), run its kind's offline rules,
// and say whether it may go to review. Nothing is run, written or promoted.
import type { WorldExtras } from '../../core/world/world.ts';
import { resolve } from 'node:path';
import {
  checkExecutionClosure,
  type ClosureCandidate,
} from '../../core/candidate/check-execution-closure.ts';
import {
  checkPlaneMutator,
  type MutatorCandidate,
} from '../../core/candidate/check-plane-mutator.ts';

export const CANDIDATE_KINDS = ['execution-closure', 'plane-mutator'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

export interface ValidateCandidateResult {
  verdict: 'CANDIDATE_VALID' | 'CANDIDATE_REJECTED';
  kind: CandidateKind;
  file: string;
  id: string;
  findings: string[];
  /** A valid candidate is only ever ready for review: never PASS, never evidence. */
  promotion_status: 'REVIEW_REQUIRED' | 'NOT_PROMOTABLE';
  assurance_status: 'PROPOSAL_ONLY';
}

export function validateCandidateFlow(
  kind: CandidateKind,
  file: string,
  cwd: string,
  { candidates }: Pick<WorldExtras, 'candidates'>,
): ValidateCandidateResult {
  const value = candidates.readCandidate(resolve(cwd, file), file, kind);
  const { id, findings } =
    kind === 'execution-closure'
      ? checkClosure(value as ClosureCandidate)
      : checkMutator(value as MutatorCandidate);
  const ok = findings.length === 0;
  return {
    verdict: ok ? 'CANDIDATE_VALID' : 'CANDIDATE_REJECTED',
    kind,
    file,
    id,
    findings,
    promotion_status: ok ? 'REVIEW_REQUIRED' : 'NOT_PROMOTABLE',
    assurance_status: 'PROPOSAL_ONLY',
  };
}

const checkClosure = (c: ClosureCandidate) => ({ id: c.id, findings: checkExecutionClosure(c) });
const checkMutator = (c: MutatorCandidate) => ({ id: c.id, findings: checkPlaneMutator(c) });
