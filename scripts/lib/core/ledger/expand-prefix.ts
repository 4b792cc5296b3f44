// Hash prefixes: every output prints 12 hex digits of an entry or object hash, so every option
// that takes one accepts a unique prefix of 8 or more digits. A prefix two hashes share is refused
// with the candidates listed; it never silently picks one.
import { UsageError } from '../errors.ts';

const FULL = /^[0-9a-f]{64}$/;
const PREFIX = /^[0-9a-f]{8,63}$/;
const CANDIDATES_SHOWN = 10;

/** What a prefix names, for the messages: `ledger entry`, `evidence object`. */
export interface PrefixTarget {
  what: string;
  /** The option or argument the value came from, e.g. `--evidence`. */
  where: string;
  /** A command that lists the hashes, for the next step. */
  list: string;
}

/**
 * The full hash `value` names among `hashes`: itself when it is 64 hex digits (existence is the
 * caller's check), the one hash it begins when it is a unique prefix of 8+ digits. Anything else
 * that looks like hex is refused here (exit 2); other text is returned for the caller to judge.
 */
export function expandHashPrefix(
  hashes: Iterable<string>,
  value: string,
  target: PrefixTarget,
): string {
  if (FULL.test(value) || !PREFIX.test(value)) return value;
  const matches = [...new Set([...hashes].filter((h) => h.startsWith(value)))].sort();
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0)
    throw new UsageError('UNKNOWN_ID', `no ${target.what} starts with ${value}`, {
      where: target.where,
      expected: `a ${target.what} hash or a unique prefix of it (8+ hex digits)`,
      next: target.list,
    });
  const shown = matches.slice(0, CANDIDATES_SHOWN);
  throw new UsageError(
    'UNKNOWN_ID',
    `${value} is ambiguous: it begins ${matches.length} ${target.what} hashes`,
    {
      where: target.where,
      expected: 'a longer prefix that names one of them',
      problems: [
        ...shown,
        ...(matches.length > shown.length ? [`… and ${matches.length - shown.length} more`] : []),
      ],
      next: `repeat with a longer prefix, e.g. ${shown[0]!.slice(0, value.length + 4)}`,
    },
  );
}
