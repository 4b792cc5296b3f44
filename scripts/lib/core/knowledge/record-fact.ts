// Memory facts: a fact is refused unless it names a code path that exists, a ledger
// entry that supports it and a maturity label. Everything missing is reported at once.
import { UsageError } from '../errors.ts';
import { LEDGER_HASH, nextId } from './next-id.ts';
import { FACT_MATURITIES } from './types.ts';
import type { Fact, FactMaturity } from './types.ts';
import { nextCommand } from '../next/next-table.ts';

export interface FactInput {
  statement: string | undefined;
  path: string | undefined;
  evidence: string | undefined;
  maturity: string | undefined;
}

/** What the verb gathered about the input before deciding. */
export interface FactFindings {
  /** git blob id of the path, undefined when it is not an existing file. */
  digest: string | undefined;
  hasEvidence: boolean;
  existingIds: readonly string[];
  now: Date;
}

const NEXT = nextCommand('memoryAdd');

export function recordFact(input: FactInput, found: FactFindings): Fact {
  const problems: string[] = [];
  if (input.statement === undefined || input.statement.trim() === '') {
    problems.push('statement: missing (the fact itself, as a positional argument)');
  }
  if (input.path === undefined) problems.push('--path: missing (the code path the fact is about)');
  else if (found.digest === undefined)
    problems.push(`--path: ${input.path} is not an existing file`);
  if (input.evidence === undefined) {
    problems.push('--evidence: missing (sha256 of the ledger entry that supports the fact)');
  } else if (!LEDGER_HASH.test(input.evidence)) {
    problems.push(
      `--evidence: ${input.evidence} is not a ledger entry hash (64 lowercase hex digits, or a unique prefix of 8+)`,
    );
  } else if (!found.hasEvidence) {
    problems.push(`--evidence: no ledger entry has hash ${input.evidence}`);
  }
  if (input.maturity === undefined) {
    problems.push(`--maturity: missing (one of ${FACT_MATURITIES.join(', ')})`);
  } else if (!(FACT_MATURITIES as readonly string[]).includes(input.maturity)) {
    problems.push(`--maturity: ${input.maturity} is not one of ${FACT_MATURITIES.join(', ')}`);
  }
  if (problems.length > 0) {
    throw new UsageError(
      'MISSING_ARG',
      'memory fact refused: a fact needs a path, evidence and maturity',
      {
        problems,
        expected: 'an existing file, an existing ledger entry hash and a maturity label',
        next: NEXT,
      },
    );
  }
  return {
    id: nextId('MF', found.existingIds),
    statement: (input.statement ?? '').trim(),
    path: input.path ?? '',
    digest: found.digest ?? '',
    evidence: input.evidence ?? '',
    maturity: input.maturity as FactMaturity,
    time: found.now.toISOString(),
  };
}

type StaleReason = 'path_changed' | 'path_missing' | 'labelled_stale';

export interface FactView extends Fact {
  isStale: boolean;
  staleReason?: StaleReason;
}

/** Marks facts whose file changed or vanished since they were recorded as stale. */
export function assessFacts(
  facts: readonly Fact[],
  current: ReadonlyMap<string, string | undefined>,
): FactView[] {
  return facts.map((fact) => {
    const now = current.get(fact.path);
    const reason: StaleReason | undefined =
      now === undefined
        ? 'path_missing'
        : now !== fact.digest
          ? 'path_changed'
          : fact.maturity === 'stale'
            ? 'labelled_stale'
            : undefined;
    return reason === undefined
      ? { ...fact, isStale: false }
      : { ...fact, isStale: true, staleReason: reason };
  });
}
