// The real-world wiring of `proofgate verify --candidate KIND FILE`: the candidate file read from the
// caller's directory through the candidate port (its schema compiled only here), then the flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import {
  validateCandidateFlow,
  type CandidateKind,
  type ValidateCandidateResult,
} from '../../flows/plane/validate-candidate-flow.ts';
import { CANDIDATE_PART } from '../world/candidate-part.ts';

export interface CandidateOptions extends CommonOptions {
  kind: CandidateKind;
  file: string;
}

export function runCandidate(
  options: CandidateOptions,
  ctx: Context,
): Promise<ValidateCandidateResult> {
  return Promise.resolve(
    validateCandidateFlow(options.kind, options.file, ctx.cwd, CANDIDATE_PART),
  );
}
