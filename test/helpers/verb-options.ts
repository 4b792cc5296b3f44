// What a command line names and what its module accepts, read from the verb table and each
// module's own declarations (the ones the parser and --help read): the command a line resolves
// to, its flags (plus the common ones) and the choices of a positional or flag. Shared by the
// docs-drift, next-command and workflow tests, so all of them judge commands by the same rule.
import { renamed, verbs } from '../../scripts/cli.ts';
import type { AnyVerb } from '../../scripts/lib/cli/define-verb.ts';
import { resolveCommand } from '../../scripts/lib/cli/dispatch.ts';
import { COMMON_FLAGS } from '../../scripts/lib/cli/flags.ts';

/** The words a command may start with: the verbs, and the renamed words (refused with advice). */
export const COMMAND_WORDS = new Set([
  ...verbs.map((row) => row.name),
  ...renamed.map((r) => r.words[0]!),
]);

export interface ResolvedCommand {
  /** How the command is spelled: `authority keys`, `status --readiness`. */
  spelling: string;
  verb: AnyVerb;
  /** The words its module parses. */
  args: string[];
}

/** The command `words` (after `proofgate`) runs, or why none does. */
export async function commandOf(words: readonly string[]): Promise<ResolvedCommand | string> {
  const resolved = resolveCommand(verbs, words, renamed);
  if (resolved.kind === 'renamed')
    return `${resolved.renamed.words.join(' ')} is an old spelling of ${resolved.renamed.instead}`;
  if (resolved.kind === 'unknown') return `unknown verb ${resolved.word}`;
  if (resolved.kind === 'pick') return `${resolved.row.name} needs a sub-action`;
  if (resolved.kind === 'none') return 'unknown verb (none)';
  return { spelling: resolved.command.spelling, verb: await resolved.load(), args: resolved.args };
}

/** Every --flag the module accepts, without the dashes (`--help` and `--version` too). */
export function flagsOf(verb: AnyVerb): Set<string> {
  return new Set([...Object.keys(COMMON_FLAGS), ...Object.keys(verb.flags), 'help', 'version']);
}

/** The allowed values of one positional or flag; undefined when it has no choices. */
export function choicesOf(verb: AnyVerb, key: string): readonly string[] | undefined {
  const flag = verb.flags[key];
  if (flag !== undefined) return 'choices' in flag ? flag.choices : undefined;
  return verb.positionals?.[key]?.choices;
}

/** `--no-x` negates a boolean `--x`, or a flag declared negatable. */
export function isKnownFlag(verb: AnyVerb, flag: string): boolean {
  if (flagsOf(verb).has(flag)) return true;
  const negated = flag.startsWith('no-') ? verb.flags[flag.slice(3)] : undefined;
  return negated !== undefined && (negated.type === 'boolean' || 'negatable' in negated);
}
