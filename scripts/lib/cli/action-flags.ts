// Flags declared per sub-action: a verb whose command takes an `<action>` positional lists, for
// each action, the verb-specific flags that action uses. The lean parser refuses a flag given on
// the command line to an action that does not take it (a flag silently ignored is a lie about what
// was done), and --help shows the lists, both from the one table in the verb module.
import { UsageError } from '../core/errors.ts';
import type { AnyVerb } from './define-verb.ts';
import { verbs } from './verb-rows.ts';

/** Action → the verb-specific flags (kebab names) it takes. */
export type FlagsPerAction = Readonly<Record<string, readonly string[]>>;

/** The help line of the action positional: `add: --kind, --attr; list: (none)`. */
export function describeActionFlags(table: FlagsPerAction): string {
  const parts = Object.entries(table).map(
    ([action, flags]) =>
      `${action}: ${flags.length === 0 ? '(no flags)' : flags.map((f) => `--${f}`).join(', ')}`,
  );
  return `flags per action: ${parts.join('; ')}`;
}

/**
 * How a user spells `action` of the verb module `name` today, and where its help is:
 * `knowledge casebase observe` (`proofgate knowledge casebase --help`), `install --skill`
 * (`proofgate install --skill --help`) when a flag of a top-level verb runs that action.
 */
export function actionSpelling(name: string, action: string): { words: string; help: string } {
  for (const row of verbs)
    for (const sub of row.subs ?? [])
      if (sub.module === name && sub.as?.[0] === name && sub.as[1] === action) {
        const words = `${row.name} ${sub.spelling}`;
        return { words, help: `proofgate ${words} --help` };
      }
  const verb = verbSpelling(name);
  return { words: `${verb} ${action}`, help: `proofgate ${verb} --help` };
}

/** The words that name the verb module `name` today: `knowledge casebase`. */
function verbSpelling(name: string): string {
  for (const row of verbs) {
    if (row.module === name) return row.name;
    const sub = row.subs?.find((s) => s.module === name && !s.spelling.startsWith('-'));
    if (sub !== undefined) return `${row.name} ${sub.spelling}`;
  }
  return name;
}

/**
 * Throws a UsageError (exit 2) naming the first flag in `given` (verb-specific flags set on the
 * command line, defaults excluded) that `action` of `verb` does not take.
 */
export function checkActionFlags(verb: AnyVerb, action: unknown, given: readonly string[]): void {
  const table = verb.flagsPerAction;
  if (table === undefined || typeof action !== 'string') return;
  const allowed = table[action];
  if (allowed === undefined) return;
  const stray = given.filter((flag) => !allowed.includes(flag));
  if (stray.length === 0) return;
  const spelled = actionSpelling(verb.name, action);
  const what = stray.map((f) => `--${f}`).join(', ');
  const are = stray.length > 1 ? 'are not flags' : 'is not a flag';
  throw new UsageError('BAD_FLAG', `${what} ${are} of "${spelled.words}"`, {
    where: `--${stray[0]!}`,
    expected:
      allowed.length === 0
        ? `no flag of its own (${action} takes only the common flags)`
        : `one of ${allowed.map((f) => `--${f}`).join(', ')}`,
    next: spelled.help,
  });
}
