// The lean parser of verb runs against yargs itself: for every registered verb, a corpus of
// command lines built from the verb's own declarations (each flag in each form, missing and
// extra positionals, unknown flags, bad choices, number-looking words) must give the same argv
// for every declared key, or an error in both. Every verb must be recordable: the lean parser is
// the one parser of every run, and yargs only renders help.
import yargs from 'yargs';
import type { Argv } from 'yargs';
import { describe, expect, it } from 'vitest';
import { verbTable } from '../../scripts/cli.ts';
import type { AnyVerb, ParsedArgs } from '../../scripts/lib/cli/define-verb.ts';
import { COMMON_OPTIONS } from '../../scripts/lib/cli/execute-verb.ts';
import { leanParse, recordVerb } from '../../scripts/lib/cli/lean-parse.ts';
import { InternalError, UsageError } from '../../scripts/lib/core/errors.ts';

type Outcome = { error: true } | { argv: Record<string, unknown> };

interface Declared {
  options: Map<string, { type?: string; array?: boolean; choices?: readonly unknown[] }>;
  positionals: { name: string; required: boolean; choices?: readonly unknown[] }[];
}

/** The verb's declarations, read from a real yargs instance. */
function declared(verb: AnyVerb): Declared {
  const options = new Map<
    string,
    { type?: string; array?: boolean; choices?: readonly unknown[] }
  >();
  const positionalSpecs = new Map<string, { choices?: readonly unknown[] }>();
  const spy = new Proxy(yargs([]), {
    get(target, prop, receiver) {
      if (prop === 'option' || prop === 'options')
        return (
          name: string,
          spec: { type?: string; array?: boolean; choices?: readonly unknown[] },
        ) => {
          options.set(name, spec);
          return receiver as Argv;
        };
      if (prop === 'positional')
        return (name: string, spec: { choices?: readonly unknown[] }) => {
          positionalSpecs.set(name, spec);
          return receiver as Argv;
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  verb.builder(spy);
  const positionals = (verb.command ?? verb.name)
    .split(' ')
    .slice(1)
    .map((token) => {
      const name = token.replace(/[<>[\].]/g, '');
      return { name, required: token.startsWith('<'), ...positionalSpecs.get(name) };
    });
  return { options, positionals };
}

function corpus(verb: AnyVerb): string[][] {
  const { options, positionals } = declared(verb);
  const fill = (p: Declared['positionals'][number]): string =>
    String((p.choices?.[0] as string | undefined) ?? 'x1');
  const req = positionals.filter((p) => p.required).map(fill);
  const all = positionals.map(fill);
  const lines: string[][] = [
    req,
    [],
    all,
    [...all, 'extra'],
    [...req, '--nope'],
    [...req, '--json'],
    [...req, '--limit', '300'],
    [...req, '--root', '/tmp', '--json=false'],
    [...req, '--', 'after'],
    ['--json', ...req],
    [...req, '--limit', 'abc'],
    [...req, '--limit=512', '--json', 'true'],
  ];
  positionals.forEach((_p, i) => {
    const swap = (word: string): string[] => all.map((w, j) => (j === i ? word : w));
    lines.push(swap('bogus'), swap('12'), swap('-'));
  });
  for (const [name, spec] of options) {
    const flag = `--${name}`;
    if (name.includes('-')) {
      const camel = name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
      lines.push([...req, `--${camel}`], [...req, `--${camel}`, 'v']);
    }
    if (spec.type === 'boolean') {
      lines.push([...req, flag], [...req, `--no-${name}`], [...req, `${flag}=false`]);
    } else if (spec.type === 'number') {
      lines.push([...req, flag, '3'], [...req, flag, 'x'], [...req, `${flag}=7`]);
    } else {
      const value = String((spec.choices?.[0] as string | undefined) ?? 'v');
      lines.push([...req, flag, value], [...req, `${flag}=${value}`], [...req, flag]);
      lines.push([...req, flag, value, flag, value], [...req, flag, value, 'w2']);
      lines.push([...req, flag, '12'], [...req, flag, 'bogus']);
    }
  }
  return lines;
}

function pick(argv: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => argv[k] !== undefined).map((k) => [k, argv[k]]));
}

async function viaYargs(verb: AnyVerb, rest: readonly string[]): Promise<Outcome> {
  let seen: ParsedArgs | undefined;
  const positionals = (verb.command ?? verb.name).split(' ').slice(1);
  try {
    await yargs([...rest])
      .options(COMMON_OPTIONS)
      .strict()
      .exitProcess(false)
      .help(false)
      .version(false)
      .fail((message, error) => {
        throw error ?? new Error(message);
      })
      .command({
        command: ['$0', ...positionals].join(' '),
        describe: verb.describe,
        builder: (y: Argv) => verb.builder(y),
        handler: (argv) => {
          seen = argv;
        },
      })
      .parseAsync([...rest]);
  } catch {
    return { error: true };
  }
  return seen === undefined ? { error: true } : { argv: seen };
}

function viaLean(verb: AnyVerb, rest: readonly string[]): Outcome {
  try {
    // The per-action flag rule is proofgate's own, not yargs': test/commands/action-flags.test.ts.
    const { flagsPerAction: _perAction, ...parsing } = verb;
    return { argv: leanParse(parsing, rest, COMMON_OPTIONS) };
  } catch (error) {
    // An unrecordable builder is a failure of its own, never an agreement on "error".
    if (error instanceof InternalError) throw error;
    return { error: true };
  }
}

const verbs = await Promise.all(verbTable.map((row) => row.load()));

describe('the lean parser agrees with yargs on every verb', () => {
  it.each(verbs.map((v) => [v.name, v]))('%s', async (_name, verb) => {
    const { options, positionals } = declared(verb);
    const keys = [
      ...Object.keys(COMMON_OPTIONS),
      ...options.keys(),
      ...positionals.map((p) => p.name),
    ];
    const lines = corpus(verb);
    expect(lines.length).toBeGreaterThan(8);
    const shown = (o: Outcome): unknown => ('error' in o ? o : pick(o.argv, keys));
    const differences: unknown[] = [];
    for (const rest of lines) {
      const lean = shown(viaLean(verb, rest));
      const reference = shown(await viaYargs(verb, rest));
      if (JSON.stringify(lean) !== JSON.stringify(reference))
        differences.push(
          `${rest.join(' ')} | lean ${JSON.stringify(lean)} | yargs ${JSON.stringify(reference)}`,
        );
    }
    expect(differences).toEqual([]);
  });

  it('records every verb module, sub-action modules included', () => {
    expect(verbs.length).toBe(verbTable.length);
    for (const verb of verbs) {
      expect(() => recordVerb(verb), verb.name).not.toThrow();
      expect(() => leanParse(verb, ['--help-me-not'], COMMON_OPTIONS)).toThrow(UsageError);
    }
  });

  it('--base takes a git ref in every verb that has it', () => {
    const withBase = verbs.filter((v) => recordVerb(v).options.has('base'));
    expect(withBase.map((v) => v.name).sort()).toEqual([
      'approve',
      'claim',
      'report',
      'status',
      'verify',
    ]);
    for (const verb of withBase) {
      expect(recordVerb(verb).options.get('base')?.type, verb.name).toBe('string');
      const words = verb.name === 'report' ? ['--html', 'r.html'] : [];
      const argv = leanParse(verb, [...words, '--base', 'origin/main'], COMMON_OPTIONS);
      expect(argv['base'], verb.name).toBe('origin/main');
    }
  });

  it('refuses a builder that uses more than option and positional declarations', () => {
    const odd = {
      ...verbs[0]!,
      builder: (y: Argv) => y.option('a', { type: 'string' }).conflicts('a', 'b'),
    };
    expect(() => leanParse(odd, [], COMMON_OPTIONS)).toThrow(/cannot be parsed: \.conflicts\(\)/);
    const coerced = {
      ...verbs[0]!,
      builder: (y: Argv) => y.option('a', { type: 'string', coerce: String }),
    };
    expect(() => recordVerb(coerced)).toThrow(InternalError);
    expect(() => recordVerb(coerced)).toThrow(/coerce on a/);
    const word = { ...verbs[0]!, command: `${verbs[0]!.name} <a|b>` };
    expect(() => leanParse(word, ['a'], COMMON_OPTIONS)).toThrow(InternalError);
  });
});
