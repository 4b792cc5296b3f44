// `proofgate verify --candidate KIND FILE`: the offline check of a proposal (an execution closure or
// a plane mutator) against its schema and its kind's rules. references/verify.md "Candidates".
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import {
  CANDIDATE_KINDS,
  validateCandidateFlow,
  type CandidateKind,
  type ValidateCandidateResult,
} from './lib/flows/validate-candidate-flow.ts';
import type { CommonOptions } from './lib/core/options.ts';
import { renderCandidate } from './lib/render/candidate.ts';

export interface ValidateOptions extends CommonOptions {
  kind: CandidateKind;
  file: string;
}

export function runValidate(
  options: ValidateOptions,
  ctx: Context,
): Promise<ValidateCandidateResult> {
  return Promise.resolve(validateCandidateFlow(options.kind, options.file, ctx.cwd));
}

export const validate = defineVerb<ValidateOptions, ValidateCandidateResult>({
  name: 'validate',
  command: 'validate <file>',
  describe: 'Check a candidate proposal offline: an execution closure or a plane mutator',
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
  builder: (y) =>
    y
      .positional('file', { type: 'string', describe: 'the candidate (JSON)' })
      .option('kind', { choices: CANDIDATE_KINDS, describe: 'the candidate kind' }),
  toOptions: (argv, common) => {
    const kind = argv['kind'];
    const file = argv['file'];
    if (typeof kind !== 'string' || typeof file !== 'string' || file === '')
      throw new UsageError('MISSING_ARG', 'verify --candidate needs a kind and a file', {
        expected: `--candidate ${CANDIDATE_KINDS.join('|')} <file>`,
        next: 'proofgate verify --candidate execution-closure closure.json',
      });
    return { ...common, kind: kind as CandidateKind, file };
  },
  run: runValidate,
  render: renderCandidate,
  exitCode: (r) => (r.verdict === 'CANDIDATE_VALID' ? 0 : 1),
});

runIfMain(import.meta.url, validate);
