// The refusal of a verdict over integrity findings (exit 3): the first finding named, every one
// listed, the code the finding's kind maps to.
import { INTEGRITY_CODES, IntegrityError, type IntegrityCode } from '../errors.ts';
import type { LedgerFinding } from './types.ts';

/** The refusal of a verdict over `findings` (`count` of them, listed or not). */
export function integrityFailure(
  findings: readonly LedgerFinding[],
  count = findings.length,
  next = 'run "proofgate verify --full" (and "git diff -- .proofgate/evidence"); restore the ledger and evidence from git, never edit them',
): IntegrityError {
  const first = findings[0]!;
  const code: IntegrityCode =
    first.code === 'SEGMENT_DELETED' || first.code === 'HISTORY_REWRITTEN'
      ? 'NOT_APPEND_ONLY'
      : first.code === 'OBJECT_CORRUPT'
        ? 'HASH_MISMATCH'
        : first.code === 'GRANT_UNSIGNED' || first.code === 'GRANT_SIGNATURE_INVALID'
          ? 'SIGNATURE_INVALID'
          : (INTEGRITY_CODES as readonly string[]).includes(first.code)
            ? (first.code as IntegrityCode)
            : 'CHAIN_BROKEN';
  const counted = `${count} finding${count === 1 ? '' : 's'}`;
  return new IntegrityError(
    code,
    `integrity check failed before any verdict (${counted}): ${first.file}:${first.line} ${first.code}: ${first.message}`,
    {
      where: `${first.file}:${first.line}`,
      problems: findings.map((f) => `${f.file}:${f.line} ${f.code}: ${f.message}`),
      next,
      findingCount: count,
    },
  );
}
