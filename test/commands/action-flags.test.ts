// Flags declared per action: every command whose first positional is `action` declares, for each
// action, the flags it takes; the table names only declared flags, covers every declared flag and
// every action, and the parser refuses a flag given to an action that does not take it (defaults
// never count as given).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verbs } from '../../scripts/cli.ts';
import type { AnyVerb } from '../../scripts/lib/cli/define-verb.ts';
import type { FlagSpec } from '../../scripts/lib/cli/flags.ts';
import { parseArgs } from '../../scripts/lib/cli/parse-args.ts';
import { UsageError } from '../../scripts/lib/core/errors.ts';

/** Every command of the table by its spelling, loaded. */
const commands = await Promise.all(
  verbs
    .flatMap((row) => [
      ...(row.load === undefined ? [] : [{ spelling: row.name, load: row.load }]),
      ...(row.actions ?? []).map((a) => ({ spelling: `${row.name} ${a.spelling}`, load: a.load })),
    ])
    .map(async ({ spelling, load }) => ({ spelling, verb: await load() })),
);
const withAction = commands.filter(({ verb }) => verb.positionals?.['action'] !== undefined);

function actions(verb: AnyVerb): readonly string[] {
  return verb.positionals?.['action']?.choices ?? [];
}

/** A command line that gives `flag` a value of its type. */
function giving(flag: string, spec: FlagSpec): string[] {
  if (spec.type === 'boolean') return [`--${flag}`];
  if (spec.type === 'number') return [`--${flag}`, '3'];
  return [`--${flag}`, ('choices' in spec ? spec.choices?.[0] : undefined) ?? 'v'];
}

function refusal(spelling: string, verb: AnyVerb, args: string[]): UsageError | undefined {
  try {
    parseArgs(verb, args, spelling);
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
}

const byName = (spelling: string): AnyVerb => commands.find((c) => c.spelling === spelling)!.verb;

describe('flags per action', () => {
  it('finds the commands with an action positional', () => {
    expect(withAction.map((c) => c.spelling)).toEqual(
      expect.arrayContaining([
        'campaign',
        'knowledge casebase',
        'knowledge decision',
        'knowledge hypothesis',
        'knowledge memory',
        'authority keys',
      ]),
    );
  });

  it.each(withAction.map((c) => [c.spelling, c.verb] as const))(
    '%s: the table covers every action and every declared flag, and names no other',
    (spelling, verb) => {
      const table = verb.flagsPerAction;
      expect(table, `${spelling} declares no flagsPerAction`).toBeDefined();
      expect(Object.keys(table!).sort()).toEqual([...actions(verb)].sort());
      const declared = Object.keys(verb.flags);
      const listed = new Set(Object.values(table!).flat());
      expect(declared.filter((f) => !listed.has(f))).toEqual([]);
      expect([...listed].filter((f) => !declared.includes(f))).toEqual([]);
    },
  );

  it.each(withAction.map((c) => [c.spelling, c.verb] as const))(
    '%s: each action accepts its flags and its defaults, and refuses every other flag',
    (spelling, verb) => {
      for (const [action, allowed] of Object.entries(verb.flagsPerAction ?? {})) {
        // Defaults of flags the action does not take are not "given".
        expect(refusal(spelling, verb, [action])?.code, `${spelling} ${action}`).not.toBe(
          'BAD_FLAG',
        );
        for (const [flag, spec] of Object.entries(verb.flags)) {
          const error = refusal(spelling, verb, [action, ...giving(flag, spec)]);
          if (allowed.includes(flag)) {
            expect(error?.message ?? '', `${spelling} ${action} --${flag}`).not.toMatch(
              /is not a flag of/,
            );
          } else {
            expect(error?.code, `${spelling} ${action} --${flag}`).toBe('BAD_FLAG');
            expect(error?.message).toContain(`--${flag} is not a flag of "${spelling} ${action}"`);
            expect(error?.next).toBe(`proofgate ${spelling} --help`);
          }
        }
      }
    },
  );

  it.each(withAction.map((c) => [c.spelling, c.verb] as const))(
    '%s: its reference page has the same action → flags table',
    (spelling, verb) => {
      const page = readFileSync(
        new URL(`../../references/${spelling.split(' ').pop()!}.md`, import.meta.url),
        'utf8',
      );
      const section = page.split('\n## Flags per action\n')[1]?.split('\n## ')[0] ?? '';
      const rows = Object.fromEntries(
        section
          .split('\n')
          .map((line) => /^\| ([a-z][\w-]*) \| (.*) \|$/.exec(line))
          .filter((m): m is RegExpExecArray => m !== null && m[1] !== 'action')
          .map((m) => [m[1]!, [...m[2]!.matchAll(/`--([a-z][\w-]*)`/g)].map((f) => f[1]!)]),
      );
      expect(rows).toEqual(verb.flagsPerAction);
    },
  );

  it('names the spelling in the message and the next step', () => {
    const casebase = byName('knowledge casebase');
    const error = refusal('knowledge casebase', casebase, ['observe', '--out', 'x.json']);
    expect(error?.message).toBe('--out is not a flag of "knowledge casebase observe"');
    expect(error?.expected).toBe('one of --id, --result, --project, --environment, --confirmation');
    expect(error?.next).toBe('proofgate knowledge casebase --help');
    const keys = byName('authority keys');
    expect(refusal('authority keys', keys, ['list', '--if-missing'])?.message).toBe(
      '--if-missing is not a flag of "authority keys list"',
    );
    // The camelCase spelling of a flag is the same flag.
    const retrieve = ['retrieve', '--halfLifeDays', '3'];
    expect(refusal('knowledge casebase', casebase, retrieve)?.code).toBe('BAD_FLAG');
    // A flag given its default value explicitly is still given.
    const noneFailed = ['retrieve', '--no-none-failed'];
    expect(refusal('knowledge casebase', casebase, noneFailed)?.code).toBe('BAD_FLAG');
  });
});
