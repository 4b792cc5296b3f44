// Case base entries: structural features, applicability (required: reuse without
// it is guesswork), strategy, adaptation points, outcome and the negative results stored with every
// entry so the index has no survivorship bias.
import { UsageError } from '../errors.ts';
import { INITIAL } from './damping.ts';
import { nextId } from './next-id.ts';
import { CONFIRMATIONS } from './types.ts';
import type {
  CaseEntry,
  CaseObservation,
  Confirmation,
  NegativeResult,
  StructuralFeatures,
} from './types.ts';
import { nextCommand } from '../next/next-table.ts';

const DEFAULT_HALF_LIFE_DAYS = 180;

export interface CaseInput {
  features: StructuralFeatures;
  applicability: string | undefined;
  strategy: string | undefined;
  adaptation: readonly string[];
  outcome: string | undefined;
  /** `tried :: reason` pairs. */
  negative: readonly string[];
  /** The author states that nothing was tried and failed. */
  isNegativeNone: boolean;
  project: string | undefined;
  environment: string | undefined;
  confirmation: string | undefined;
  halfLifeDays: number | undefined;
}

const blank = (s: string | undefined): boolean => (s?.trim() ?? '') === '';
const isConfirmation = (s: string | undefined): s is Confirmation =>
  (CONFIRMATIONS as readonly (string | undefined)[]).includes(s);

function parseNegative(text: string, problems: string[]): NegativeResult {
  const [tried, ...rest] = text.split('::');
  const reason = rest.join('::').trim();
  if (blank(tried) || reason === '')
    problems.push(`--negative: "${text}" is not "<tried> :: <why it failed>"`);
  return { tried: (tried ?? '').trim(), reason };
}

export function recordCase(input: CaseInput, existingIds: readonly string[], now: Date): CaseEntry {
  const problems: string[] = [];
  if (blank(input.applicability))
    problems.push('--applicability: missing (the conditions under which the strategy applies)');
  if (blank(input.features.kind))
    problems.push('--kind: missing (web-api, web-ui, mobile, cli, lib, data-pipeline, …)');
  if (blank(input.features.architecture))
    problems.push('--architecture: missing (monolith, service, distributed)');
  if (blank(input.features.attr)) problems.push('--attr: missing (the quality attribute)');
  if (blank(input.strategy)) problems.push('--strategy: missing');
  if (blank(input.outcome)) problems.push('--outcome: missing');
  if (blank(input.project) || blank(input.environment))
    problems.push('--project and --environment: both needed to judge independence');
  if (!isConfirmation(input.confirmation))
    problems.push(`--confirmation: one of ${CONFIRMATIONS.join(', ')}`);
  const negative = input.negative.map((n) => parseNegative(n, problems));
  if (negative.length === 0 && !input.isNegativeNone) {
    problems.push(
      '--negative: missing (what was tried and failed, "<tried> :: <why>"); pass --none-failed only if nothing failed',
    );
  }
  if (
    input.halfLifeDays !== undefined &&
    (!Number.isSafeInteger(input.halfLifeDays) || input.halfLifeDays < 1)
  ) {
    problems.push('--half-life-days: a whole number of days >= 1');
  }
  if (problems.length > 0) {
    throw new UsageError('MISSING_ARG', 'case refused', {
      problems,
      next: nextCommand('casebaseAdd'),
    });
  }
  const confirmation = input.confirmation as Confirmation;
  return {
    id: nextId('CB', existingIds),
    features: input.features,
    applicability: (input.applicability ?? '').trim(),
    strategy: (input.strategy ?? '').trim(),
    adaptation: [...input.adaptation],
    outcome: (input.outcome ?? '').trim(),
    negative,
    provenance: {
      project: input.project ?? '',
      environment: input.environment ?? '',
      confirmation,
    },
    confidence: INITIAL[confirmation],
    halfLifeDays: input.halfLifeDays ?? DEFAULT_HALF_LIFE_DAYS,
    time: now.toISOString(),
  };
}

export interface ObservationInput {
  id: string | undefined;
  result: string | undefined;
  project: string | undefined;
  environment: string | undefined;
  confirmation: string | undefined;
}

export function recordObservation(
  caseIds: readonly string[],
  input: ObservationInput,
  now: Date,
): CaseObservation {
  if (input.id === undefined || !caseIds.includes(input.id)) {
    throw new UsageError('UNKNOWN_ID', `no case ${input.id ?? '(missing --id)'}`, {
      where: '--id',
      next: `run "${nextCommand('casebaseRetrieve')}" to see case ids`,
    });
  }
  const problems: string[] = [];
  if (input.result !== 'success' && input.result !== 'counterexample')
    problems.push('--result: success or counterexample');
  if (blank(input.project) || blank(input.environment))
    problems.push('--project and --environment: both needed');
  if (!isConfirmation(input.confirmation))
    problems.push(`--confirmation: one of ${CONFIRMATIONS.join(', ')}`);
  if (problems.length > 0) {
    throw new UsageError('MISSING_ARG', `observation of ${input.id} refused`, {
      problems,
      next: nextCommand('casebaseObserve', { id: input.id }),
    });
  }
  return {
    id: input.id,
    result: input.result as CaseObservation['result'],
    project: input.project ?? '',
    environment: input.environment ?? '',
    confirmation: input.confirmation as Confirmation,
    time: now.toISOString(),
  };
}
