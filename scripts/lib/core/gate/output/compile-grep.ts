// `--grep` patterns for reading stored outputs. Kept apart from read-output.ts so the verbs that
// only quote a failure's last lines (status, claim, the Stop hook) never load the RE2 engine.
import { UsageError } from '../../errors.ts';
import { compileRegex, isRegexLiteral, type Pattern } from '../../trace/condition.ts';

/**
 * `--grep`: "/body/flags" is a regular expression matched in linear time (RE2, like trace packs),
 * anything else a literal substring. A pattern RE2 cannot compile is a usage error naming it.
 */
export function compileGrep(pattern: string): Pattern {
  if (pattern === '')
    throw new UsageError('BAD_VALUE', '--grep needs a non-empty pattern', {
      where: '--grep',
      expected: 'a literal string, or /regex/flags (flags i, m, s)',
    });
  if (!isRegexLiteral(pattern)) return { test: (line) => line.includes(pattern) };
  try {
    return compileRegex(pattern);
  } catch (error) {
    throw new UsageError('BAD_VALUE', `--grep ${pattern} is not a supported regular expression`, {
      where: '--grep',
      expected:
        'RE2 syntax: no backreferences or lookahead; or drop the slashes to match the text literally',
      cause: error,
    });
  }
}
