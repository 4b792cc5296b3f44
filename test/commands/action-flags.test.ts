// Flags declared per sub-action: every verb module whose command takes an `<action>` declares, for
// each action, the flags it takes; the table names only declared flags, covers every declared flag
// and every action, and the lean parser refuses a flag given to an action that does not take it
// (defaults never count as given).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verbTable } from '../../scripts/cli.ts';
import type { AnyVerb } from '../../scripts/lib/cli/define-verb.ts';
import { COMMON_OPTIONS } from '../../scripts/lib/cli/execute-verb.ts';
import { leanParse, recordVerb } from '../../scripts/lib/cli/lean-parse.ts';
import { actionSpelling } from '../../scripts/lib/cli/action-flags.ts';
import { UsageError } from '../../scripts/lib/core/errors.ts';

const verbs = await Promise.all(verbTable.map((row) => row.load()));
const withAction = verbs.filter((v) => (v.command ?? v.name).split(' ').includes('<action>'));

function ownFlags(verb: AnyVerb): Map<string, { type?: string; choices?: readonly unknown[] }> {
  const { options } = recordVerb(verb);
  return new Map([...options].filter(([name]) => !(name in COMMON_OPTIONS)));
}

function actions(verb: AnyVerb): string[] {
  return (recordVerb(verb).positionals.get('action')?.choices ?? []).map(String);
}

/** A command line that gives `flag` a value of its type. */
function giving(flag: string, spec: { type?: string; choices?: readonly unknown[] }): string[] {
  if (spec.type === 'boolean') return [`--${flag}`];
  if (spec.type === 'number') return [`--${flag}`, '3'];
  return [`--${flag}`, String((spec.choices?.[0] as string | undefined) ?? 'v')];
}

function refusal(verb: AnyVerb, args: string[]): UsageError | undefined {
  try {
    leanParse(verb, args, COMMON_OPTIONS);
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
}

describe('flags per action', () => {
  it('finds the verbs with an <action> positional', () => {
    expect(withAction.map((v) => v.name).sort()).toEqual(
      expect.arrayContaining(['campaign', 'casebase', 'decision', 'hypothesis', 'memory']),
    );
  });

  it.each(withAction.map((v) => [v.name, v]))(
    '%s: the table covers every action and every declared flag, and names no other',
    (_name, verb) => {
      const table = verb.flagsPerAction;
      expect(table, `${verb.name} declares no flagsPerAction`).toBeDefined();
      expect(Object.keys(table!).sort()).toEqual(actions(verb).sort());
      const declared = [...ownFlags(verb).keys()];
      const listed = new Set(Object.values(table!).flat());
      expect(declared.filter((f) => !listed.has(f))).toEqual([]);
      expect([...listed].filter((f) => !declared.includes(f))).toEqual([]);
    },
  );

  it.each(withAction.map((v) => [v.name, v]))(
    '%s: each action accepts its flags and its defaults, and refuses every other flag',
    (_name, verb) => {
      const flags = ownFlags(verb);
      for (const [action, allowed] of Object.entries(verb.flagsPerAction ?? {})) {
        // Defaults of flags the action does not take are not "given".
        expect(refusal(verb, [action])?.code, `${verb.name} ${action}`).not.toBe('BAD_FLAG');
        for (const [flag, spec] of flags) {
          const error = refusal(verb, [action, ...giving(flag, spec)]);
          if (allowed.includes(flag)) {
            expect(error?.message ?? '', `${verb.name} ${action} --${flag}`).not.toMatch(
              /is not a flag of/,
            );
          } else {
            expect(error?.code, `${verb.name} ${action} --${flag}`).toBe('BAD_FLAG');
            expect(error?.message).toContain(`--${flag} is not a flag of`);
            expect(error?.next).toBe(actionSpelling(verb.name, action).help);
          }
        }
      }
    },
  );

  it.each(withAction.map((v) => [v.name, v]))(
    '%s: references/<verb>.md has the same action → flags table',
    (_name, verb) => {
      const page = readFileSync(
        new URL(`../../references/${verb.name}.md`, import.meta.url),
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

  it('names the new spelling in the message and the next step', () => {
    const casebase = verbs.find((v) => v.name === 'casebase')!;
    const error = refusal(casebase, ['observe', '--out', 'x.json']);
    expect(error?.message).toBe('--out is not a flag of "knowledge casebase observe"');
    expect(error?.expected).toBe('one of --id, --result, --project, --environment, --confirmation');
    expect(error?.next).toBe('proofgate knowledge casebase --help');
    const keys = verbs.find((v) => v.name === 'keys')!;
    expect(refusal(keys, ['list', '--if-missing'])?.message).toBe(
      '--if-missing is not a flag of "authority keys list"',
    );
    const hook = verbs.find((v) => v.name === 'hook')!;
    const install = refusal(hook, ['install', '--trust', 'trust.json']);
    expect(install?.message).toBe('--trust is not a flag of "install --hook"');
    expect(install?.next).toBe('proofgate install --hook --help');
    // The camelCase spelling of a flag is the same flag.
    expect(refusal(casebase, ['retrieve', '--halfLifeDays', '3'])?.code).toBe('BAD_FLAG');
    // A flag given its default value explicitly is still given.
    expect(refusal(casebase, ['retrieve', '--no-none-failed'])?.code).toBe('BAD_FLAG');
  });
});
