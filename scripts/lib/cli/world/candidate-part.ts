// Candidate proposal files (core/world/repo-port.ts CandidatePort), for `verify --candidate`;
// apart from the world, as reading one compiles its JSON schema.
import type { WorldExtras } from '../../core/world/world.ts';
import { readCandidate } from '../../io/plane/candidate-file.ts';

export const CANDIDATE_PART: Pick<WorldExtras, 'candidates'> = { candidates: { readCandidate } };
