// The one table of next commands (core/next/next-table.ts) against the command line that exists:
// every entry, its holes filled with a harmless word, must resolve in the verb table
// (scripts/cli.ts) to a verb or action under its current spelling and parse with the one parser
// (parse-args.ts: flags, positionals, choices, required options) and that command's toOptions
// checks. A planted bad entry shows the check bites.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../scripts/lib/cli/parse-args.ts';
import { NEXT_COMMANDS, nextCommand } from '../../scripts/lib/core/next/next-table.ts';
import { commandOf } from '../helpers/verb-options.ts';

/** A value of the right shape for a hole whose value the verb checks; any other hole gets x1. */
const SAMPLE: Readonly<Record<string, string>> = { shard: '1/2' };

/** The entry's words with every `<hole>` replaced by a harmless value. */
function filled(template: string): string[] {
  return template
    .replace(/<([^>]+)>/g, (_hole, name: string) => SAMPLE[name] ?? 'x1')
    .split(' ')
    .filter((w) => w !== '');
}

async function problemOf(name: string, template: string): Promise<string | undefined> {
  const command = await commandOf(filled(template));
  if (typeof command === 'string') return `${name}: "${template}": ${command}`;
  try {
    const argv = parseArgs(command.verb, command.args, command.spelling);
    command.verb.toOptions(argv, { root: undefined, json: false, limit: 8192 });
  } catch (error) {
    return `${name}: "${template}": ${(error as Error).message}`;
  }
  return undefined;
}

async function problemsOf(table: Readonly<Record<string, string>>): Promise<string[]> {
  const found = await Promise.all(Object.entries(table).map(([n, t]) => problemOf(n, t)));
  return found.filter((p): p is string => p !== undefined);
}

describe('the next-command table', { timeout: 60_000 }, () => {
  it('every entry parses against the verbs, sub-actions and flags that exist', async () => {
    expect(Object.keys(NEXT_COMMANDS).length).toBeGreaterThan(30);
    expect(await problemsOf(NEXT_COMMANDS)).toEqual([]);
  });

  it.each([
    ['a flag that does not exist', 'init --update'],
    ['an unknown flag on a sub-action', 'authority keys generate --authority-id x --force'],
    ['an old spelling', 'keys list'],
    ['a view that does not exist', 'query blockerz'],
    ['a verb that does not exist', 'frobnicate --check'],
    ['a renamed word', 'render --check'],
    ['a missing required option', 'attest --control x1 --status PASS'],
    ['a value outside the choices', 'claim --scope nope'],
  ])('refuses a planted entry: %s', async (_what, planted) => {
    const problems = await problemsOf({ ...NEXT_COMMANDS, planted });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^planted: /);
  });

  it('fills the holes it is given, quoted for a shell, and leaves the others for the reader', () => {
    expect(nextCommand('evaluateControl', { control: 'ENG.TESTS' })).toBe(
      'proofgate evaluate --run --control ENG.TESTS',
    );
    expect(nextCommand('adoptNotApplicable', { control: 'A.b', why: "it's moot" })).toBe(
      `proofgate adopt --not-applicable A.b --rationale 'it'\\''s moot'`,
    );
    expect(nextCommand('campaignStartIn', { campaign: 'c1' })).toBe(
      'proofgate campaign start --campaign c1 --task <task id>',
    );
  });
});
