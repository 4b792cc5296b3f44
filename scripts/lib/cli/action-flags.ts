// Flags declared per action: a command whose first positional is `action` lists, for each action,
// the flags that action uses. The parser refuses a flag given on the command line to an action
// that does not take it (a flag silently ignored is a lie about what was done), and --help shows
// the lists, both from the one table in the verb module.
import { UsageError } from '../core/errors.ts';

/** Action → the verb-specific flags (kebab names) it takes. */
type FlagsPerAction = Readonly<Record<string, readonly string[]>>;

/** The help line of the action positional: `add: --kind, --attr; list: (no flags)`. */
export function describeActionFlags(table: FlagsPerAction): string {
  const parts = Object.entries(table).map(
    ([action, flags]) =>
      `${action}: ${flags.length === 0 ? '(no flags)' : flags.map((f) => `--${f}`).join(', ')}`,
  );
  return `flags per action: ${parts.join('; ')}`;
}

/**
 * Throws a UsageError (exit 2) naming the flags in `given` (verb-specific flags set on the command
 * line, defaults excluded) that `action` does not take. `spelling`: the command as typed,
 * `knowledge casebase`.
 */
export function checkActionFlags(
  table: FlagsPerAction | undefined,
  action: unknown,
  given: readonly string[],
  spelling: string,
): void {
  if (table === undefined || typeof action !== 'string') return;
  const allowed = table[action];
  if (allowed === undefined) return;
  const stray = given.filter((flag) => !allowed.includes(flag));
  if (stray.length === 0) return;
  const what = stray.map((f) => `--${f}`).join(', ');
  const are = stray.length > 1 ? 'are not flags' : 'is not a flag';
  throw new UsageError('BAD_FLAG', `${what} ${are} of "${spelling} ${action}"`, {
    where: `--${stray[0]!}`,
    expected:
      allowed.length === 0
        ? `no flag of its own (${action} takes only the common flags)`
        : `one of ${allowed.map((f) => `--${f}`).join(', ')}`,
    next: `proofgate ${spelling} --help`,
  });
}
