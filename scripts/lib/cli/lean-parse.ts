// The argument parser of a verb run without --help: the verb's yargs builder is replayed onto a
// recorder (option and positional declarations only), and the command line is parsed with
// yargs-parser, the tokenizer yargs itself uses, followed by the checks yargs makes in strict
// mode (unknown arguments, missing positionals and required options, choices). Loading and
// setting up yargs costs tens of milliseconds per start, most of it for help and messages that
// a verb run never shows. A builder that calls anything the recorder does not know is handed
// back (`undefined`), and the caller parses with yargs instead; a test compares both parsers
// on every verb.
import yargsParser from 'yargs-parser';
import type { Argv } from 'yargs';
import { UsageError } from '../core/errors.ts';
import type { AnyVerb, ParsedArgs } from './define-verb.ts';

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

/** Records the builder's declarations; marks the record unusable on anything else. */
function record(verb: AnyVerb, common: Readonly<Record<string, OptionSpec>>) {
  const options = new Map<string, OptionSpec>(Object.entries(common));
  const positionals = new Map<string, OptionSpec>();
  let usable = true;
  const declare = (into: Map<string, OptionSpec>, name: unknown, spec: unknown): void => {
    if (typeof name !== 'string' || typeof spec !== 'object' || spec === null) usable = false;
    else if (Object.keys(spec).some((k) => !KNOWN_KEYS.has(k))) usable = false;
    else into.set(name, spec);
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
        return () => ((usable = false), recorder);
      },
    },
  ) as Argv;
  verb.builder(recorder);
  return usable ? { options, positionals } : undefined;
}

function commandPositionals(verb: AnyVerb): Positional[] | undefined {
  const list: Positional[] = [];
  for (const token of (verb.command ?? verb.name).split(' ').slice(1)) {
    const match = /^([<[])([A-Za-z][\w-]*)(\.\.)?([>\]])$/.exec(token);
    if (match === null) return undefined;
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
 * Parses `args` (the command line without the verb's name) for `verb`, or returns undefined when
 * the verb's builder uses something only yargs understands.
 */
export function leanParse(
  verb: AnyVerb,
  args: readonly string[],
  common: Readonly<Record<string, OptionSpec>>,
): ParsedArgs | undefined {
  const recorded = record(verb, common);
  const positionals = commandPositionals(verb);
  if (recorded === undefined || positionals === undefined) return undefined;
  const { options, positionals: positionalSpecs } = recorded;
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
