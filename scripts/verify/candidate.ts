// `proofgate verify --candidate <kind> <file>`: the offline check of a proposal (an execution
// closure or a plane mutator) against its schema and its kind's rules. references/verify.md
// "Candidates".
import { UsageError } from '../lib/core/errors.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { CANDIDATE_KINDS } from '../lib/flows/plane/validate-candidate-flow.ts';
import { runCandidate, type CandidateOptions } from '../lib/cli/run/candidate.ts';
import { renderCandidate } from '../lib/render/candidate.ts';

export const candidate = defineVerb({
  examples: [
    [
      'proofgate verify --candidate execution-closure closure.json',
      'every chain closed, no unused hop or capability, data flow follows time',
    ],
    [
      'proofgate verify --candidate plane-mutator mutator.json',
      'no write in a read-only kind, canonical paths, the plan bound by its digest',
    ],
  ],
  positionals: { file: { describe: 'the candidate (JSON)' } },
  flags: {
    candidate: { type: 'string', choices: CANDIDATE_KINDS, describe: 'the candidate kind' },
  },
  toOptions: (argv, common): CandidateOptions => {
    const { candidate: kind, file } = argv;
    if (kind === undefined || file === undefined || file === '')
      throw new UsageError('MISSING_ARG', 'verify --candidate needs a kind and a file', {
        expected: `--candidate ${CANDIDATE_KINDS.join('|')} <file>`,
        next: 'proofgate verify --candidate execution-closure closure.json',
      });
    return { ...common, kind, file };
  },
  run: runCandidate,
  render: renderCandidate,
  exitCode: (r) => (r.verdict === 'CANDIDATE_VALID' ? 0 : 1),
});
