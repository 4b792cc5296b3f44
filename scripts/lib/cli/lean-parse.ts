// The one argument parser of every verb run: the verb's yargs builder is replayed onto a recorder
// (option and positional declarations only), and the command line is parsed with yargs-parser,
// the tokenizer yargs itself uses, followed by the checks yargs makes in strict mode (unknown
// arguments, missing positionals and required options, choices). yargs itself only renders
// --help. A builder that calls anything the recorder does not know (`.check`, `.conflicts`,
// `coerce`, ...) is a bug in proofgate, not a reason for a second parser: such checks belong in
// the verb's toOptions as a UsageError. A test records every verb and compares this parser with
// yargs on each.
import yargsParser from 'yargs-parser';
import type { Argv } from 'yargs';
import { InternalError, UsageError } from '../core/errors.ts';
import type { AnyVerb, ParsedArgs } from './define-verb.ts';
import { checkActionFlags } from './action-flags.ts';

interface OptionSpec {
  type?: 'string' | 'boolean' | 'number';
  array?: boolean;
  default?: unknown;
  choices?: readonly unknown[];
  demandOption?: boolean | string;
}

interface Positional {
  name: string;
  required: boolean;
  variadic: boolean;
}

const KNOWN_KEYS = new Set([
  'type',
  'array',
  'default',
  'choices',
  'demandOption',
  'describe',
  'hidden',
]);

export interface Recorded {
  options: Map<string, OptionSpec>;
  positionals: Map<string, OptionSpec>;
}

/**
 * Records the builder's declarations (after the common options). Throws an InternalError naming
 * the first call or option key the recorder does not know.
 */
export function recordVerb(
  verb: AnyVerb,
  common: Readonly<Record<string, OptionSpec>> = {},
): Recorded {
  const options = new Map<string, OptionSpec>(Object.entries(common));
  const positionals = new Map<string, OptionSpec>();
  const unknown: string[] = [];
  const declare = (into: Map<string, OptionSpec>, name: unknown, spec: unknown): void => {
    if (typeof name !== 'string' || typeof spec !== 'object' || spec === null)
      unknown.push(`a declaration of ${JSON.stringify(name)} that is not (name, spec)`);
    else {
      const odd = Object.keys(spec).filter((k) => !KNOWN_KEYS.has(k));
      if (odd.length > 0) unknown.push(`${odd.join(', ')} on ${name}`);
      else into.set(name, spec);
    }
  };
  const recorder: Argv = new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === 'option' || prop === 'options')
          return (name: unknown, spec: unknown) => (declare(options, name, spec), recorder);
        if (prop === 'positional')
          return (name: unknown, spec: unknown) => (declare(positionals, name, spec), recorder);
        if (prop === 'then') return undefined;
        return () => (unknown.push(`.${String(prop)}()`), recorder);
      },
    },
  ) as Argv;
  verb.builder(recorder);
  if (unknown.length > 0) throw unrecordable(verb, unknown.join('; '));
  return { options, positionals };
}

function unrecordable(verb: AnyVerb, what: string): InternalError {
  return new InternalError(`the flags of verb "${verb.name}" cannot be parsed: ${what}`, {
    where: `scripts/${verb.name}.ts`,
    expected: 'only .option(), .options() and .positional() with type, array, default, choices',
    next: "move the check into the verb's toOptions as a UsageError",
  });
}

function commandPositionals(verb: AnyVerb): Positional[] {
  const list: Positional[] = [];
  for (const token of (verb.command ?? verb.name).split(' ').slice(1)) {
    const match = /^([<[])([A-Za-z][\w-]*)(\.\.)?([>\]])$/.exec(token);
    if (match === null) throw unrecordable(verb, `the command word ${JSON.stringify(token)}`);
    list.push({ name: match[2]!, required: match[1] === '<', variadic: match[3] === '..' });
  }
  return list;
}

function kebabAndCamel(name: string): string[] {
  return [name, name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())];
}

function fail(message: string): UsageError {
  return new UsageError('BAD_FLAG', message, { next: 'run "proofgate --help" for usage' });
}

function quoted(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** yargs' positional coercion: a number-looking word becomes a number unless typed string. */
function positionalValue(raw: string | number, spec: OptionSpec | undefined): unknown {
  const text = String(raw);
  if (spec?.type === 'string') return text;
  if (spec?.type === 'boolean') return text === 'true';
  return /^-?(?:\d+|\d*\.\d+)(?:e[+-]?\d+)?$/i.test(text) && text.length < 16 ? Number(text) : text;
}

function checkChoices(name: string, value: unknown, spec: OptionSpec): string | undefined {
  if (spec.choices === undefined || value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  const bad = values.filter((v) => !spec.choices!.includes(v));
  if (bad.length === 0) return undefined;
  return `Argument: ${name}, Given: ${quoted(bad)}, Choices: ${quoted(spec.choices)}`;
}

/**
 * Parses `args` (the command line without the verb's name) for `verb`. Throws a UsageError (exit 2)
 * on a malformed command line, an InternalError when the verb's builder is not recordable.
 */
export function leanParse(
  verb: AnyVerb,
  args: readonly string[],
  common: Readonly<Record<string, OptionSpec>>,
): ParsedArgs {
  const { options, positionals: positionalSpecs } = recordVerb(verb, common);
  const positionals = commandPositionals(verb);
  const byType = (type: OptionSpec['type']): string[] =>
    [...options].filter(([, s]) => s.type === type).map(([n]) => n);
  const defaults = Object.fromEntries(
    [...options].filter(([, s]) => s.default !== undefined).map(([n, s]) => [n, s.default]),
  );
  const parsed = yargsParser.detailed([...args], {
    boolean: byType('boolean'),
    string: byType('string'),
    number: byType('number'),
    array: [...options].filter(([, s]) => s.array === true).map(([n]) => n),
    default: defaults,
    // yargs declares each dashed option's camelCase spelling as an alias: --dryRun is --dry-run.
    alias: Object.fromEntries(
      [...options.keys()].filter((n) => n.includes('-')).map((n) => [n, [kebabAndCamel(n)[1]!]]),
    ),
    configuration: { 'parse-positional-numbers': false, 'populate--': true },
  });
  if (parsed.error !== null && parsed.error !== undefined) throw fail(parsed.error.message);
  const argv = parsed.argv as ParsedArgs;
  // Words after `--` are neither positionals nor unknown arguments to yargs: they are dropped.
  delete argv['--'];
  const words = argv._;
  const needed = positionals.filter((p) => p.required).length;
  if (words.length < needed) {
    throw fail(`Not enough non-option arguments: got ${words.length}, need at least ${needed}`);
  }
  const known = new Set(['_', '$0']);
  for (const name of [...options.keys(), ...positionals.map((p) => p.name)])
    for (const key of kebabAndCamel(name)) known.add(key);
  const unknown = Object.keys(argv).filter((k) => !known.has(k));
  const variadic = positionals.some((p) => p.variadic);
  const extra = variadic ? [] : words.slice(positionals.length).map(String);
  const strays = [...unknown, ...extra];
  if (strays.length > 0) {
    throw fail(`Unknown argument${strays.length > 1 ? 's' : ''}: ${strays.join(', ')}`);
  }
  let next = 0;
  for (const p of positionals) {
    const spec = positionalSpecs.get(p.name);
    const taken = p.variadic ? words.slice(next) : words.slice(next, next + 1);
    next += taken.length;
    if (taken.length === 0 && !p.variadic) continue;
    // yargs re-parses positionals as `--name word`, where a lone `-` is no value: an empty
    // string for a single positional, nothing for a variadic one (which is always an array).
    const value = p.variadic
      ? taken.filter((w) => w !== '-').map((w) => positionalValue(w, spec))
      : taken[0] === '-'
        ? ''
        : positionalValue(taken[0]!, spec);
    for (const key of kebabAndCamel(p.name)) argv[key] = value;
  }
  argv._ = [];
  // Flags given on the command line (a default is not given) that the action does not take;
  // yargs-parser reports the defaulted keys, which its typings leave out.
  const { defaulted = {} } = parsed as { defaulted?: Record<string, boolean> };
  const given = [...options.keys()].filter(
    (n) => !(n in common) && argv[n] !== undefined && defaulted[n] !== true,
  );
  checkActionFlags(verb, argv['action'], given);
  const missing = [...options]
    .filter(
      ([n, s]) => s.demandOption !== undefined && s.demandOption !== false && argv[n] === undefined,
    )
    .map(([n]) => n);
  if (missing.length > 0) {
    throw fail(`Missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  }
  const invalid = [
    ...[...options].map(([n, s]) => checkChoices(n, argv[n], s)),
    ...positionals.map((p) => {
      const spec = positionalSpecs.get(p.name);
      return spec === undefined ? undefined : checkChoices(p.name, argv[p.name], spec);
    }),
  ].filter((m): m is string => m !== undefined);
  if (invalid.length > 0) throw fail(`Invalid values:\n  ${invalid.join('\n  ')}`);
  return argv;
}
