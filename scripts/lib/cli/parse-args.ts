// The one argument parser: a command line read against a verb's declarations (flags.ts) with
// yargs-parser, the tokenizer yargs itself is built on, then checked strictly: unknown flags and
// words, missing positionals and required flags, values outside their choices, blank values of a
// flag that needs one, and a flag given to an action that does not take it. Help is rendered from
// the same declarations (help.ts). yargs itself is not loaded: it would add its start-up to every
// verb run, the Stop hook's each agent turn included.
import yargsParser from 'yargs-parser';
import { UsageError } from '../core/errors.ts';
import { checkActionFlags } from './action-flags.ts';
import {
  COMMON_FLAGS,
  type CommonArgs,
  type FlagSpec,
  type FlagSpecs,
  type Parsed,
  type PositionalSpecs,
} from './flags.ts';

function fail(message: string): UsageError {
  return new UsageError('BAD_FLAG', message, { next: 'run "proofgate --help" for usage' });
}

/** `dry-run` and its camelCase spelling `dryRun`, which yargs has always accepted as the same flag. */
function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function quoted(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

function checkChoices(
  name: string,
  value: unknown,
  choices: readonly string[] | undefined,
): string | undefined {
  if (choices === undefined || value === undefined) return undefined;
  const values: unknown[] = Array.isArray(value) ? value : [value];
  const bad = values.filter((v) => typeof v !== 'string' || !choices.includes(v));
  if (bad.length === 0) return undefined;
  return `Argument: ${name}, Given: ${quoted(bad)}, Choices: ${quoted(choices)}`;
}

/** A flag whose value must not be blank: refused when it is, trimmed when it is one word. */
function nonBlank(name: string, value: unknown): unknown {
  const list = Array.isArray(value) ? value : [value];
  if (list.some((v) => typeof v !== 'string' || v.trim() === ''))
    throw new UsageError('MISSING_ARG', `--${name} needs a value`);
  return Array.isArray(value) ? value : String(value).trim();
}

/** A flag's value as its declaration types it: one value, `--no-<name>` only where declared. */
function single(name: string, spec: FlagSpec, value: unknown): unknown {
  if (Array.isArray(value) && !('array' in spec))
    throw new UsageError('BAD_VALUE', `--${name} takes one value`, {
      where: `--${name}`,
      next: `give --${name} once`,
    });
  if (value === false && spec.type !== 'boolean' && !('negatable' in spec))
    throw fail(`Unknown argument: no-${name}`);
  return value;
}

function byType(flags: FlagSpecs, type: FlagSpec['type']): string[] {
  return Object.keys(flags).filter((name) => flags[name]!.type === type);
}

/**
 * Parses `args` (the command line without the verb's words) against `verb`'s declarations and
 * the common flags. `spelling` names the command in messages (`knowledge casebase`). Throws a
 * UsageError (exit 2) on a malformed command line.
 */
export function parseArgs<F extends FlagSpecs, P extends PositionalSpecs>(
  verb: {
    flags: F;
    positionals?: P;
    flagsPerAction?: Readonly<Record<string, readonly string[]>>;
  },
  args: readonly string[],
  spelling: string,
): Parsed<F, P> & CommonArgs {
  const at = args.indexOf('--');
  const head = at === -1 ? [...args] : args.slice(0, at);
  const flags: FlagSpecs = { ...COMMON_FLAGS, ...verb.flags };
  const positionals = Object.entries(verb.positionals ?? {});
  const defaults = Object.entries(flags).filter(([, spec]) => spec.default !== undefined);
  const parsed = yargsParser.detailed(head, {
    boolean: byType(flags, 'boolean'),
    string: byType(flags, 'string'),
    number: byType(flags, 'number'),
    array: Object.keys(flags).filter((name) => 'array' in flags[name]!),
    default: Object.fromEntries(defaults.map(([name, spec]) => [name, spec.default])),
    alias: Object.fromEntries(
      Object.keys(flags)
        .filter((name) => name.includes('-'))
        .map((name) => [name, [camel(name)]]),
    ),
    configuration: { 'parse-positional-numbers': false },
  });
  if (parsed.error !== null && parsed.error !== undefined) throw fail(parsed.error.message);
  const argv: Record<string, unknown> = parsed.argv;
  const words = argv['_'] as unknown[];
  const needed = positionals.filter(([, p]) => p.required === true).length;
  if (words.length < needed)
    throw fail(`Not enough non-option arguments: got ${words.length}, need at least ${needed}`);
  const known = new Set(['_', '$0']);
  for (const name of [...Object.keys(flags), ...positionals.map(([n]) => n)])
    known.add(name).add(camel(name));
  const isVariadic = positionals.some(([, p]) => p.variadic === true);
  const strays = [
    ...Object.keys(argv).filter((key) => !known.has(key)),
    ...(isVariadic ? [] : words.slice(positionals.length).map(String)),
  ];
  if (strays.length > 0)
    throw fail(`Unknown argument${strays.length > 1 ? 's' : ''}: ${strays.join(', ')}`);
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(flags)) values[name] = single(name, spec, argv[name]);
  let next = 0;
  for (const [name, spec] of positionals) {
    const taken = words.slice(next, spec.variadic === true ? undefined : next + 1).map(String);
    next += taken.length;
    values[name] = spec.variadic === true ? taken : taken[0];
  }
  // Flags set on the command line (a default is not set) that the action does not take;
  // yargs-parser reports the defaulted keys, which its typings leave out.
  const { defaulted = {} } = parsed as { defaulted?: Record<string, boolean> };
  const given = Object.keys(verb.flags).filter(
    (name) => values[name] !== undefined && defaulted[name] !== true,
  );
  checkActionFlags(verb.flagsPerAction, values['action'], given, spelling);
  const missing = Object.keys(flags).filter(
    (name) => flags[name]!.demand === true && values[name] === undefined,
  );
  if (missing.length > 0)
    throw fail(`Missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  const invalid = [
    ...Object.entries(flags).map(([name, spec]) =>
      checkChoices(name, values[name], 'choices' in spec ? spec.choices : undefined),
    ),
    ...positionals.map(([name, spec]) => checkChoices(name, values[name], spec.choices)),
  ].filter((m): m is string => m !== undefined);
  if (invalid.length > 0) throw fail(`Invalid values:\n  ${invalid.join('\n  ')}`);
  for (const [name, spec] of Object.entries(flags))
    if (spec.nonEmpty === true && values[name] !== undefined)
      values[name] = nonBlank(name, values[name]);
  if (at !== -1) values['--'] = args.slice(at + 1);
  // The declarations above are what this object was built from: its keys and value types are
  // the ones Parsed<F, P> derives from them.
  return values as Parsed<F, P> & CommonArgs;
}
