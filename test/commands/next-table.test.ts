// The one table of next commands (core/next/next-table.ts) against the command line that exists:
// every entry, its holes filled with a harmless word, must resolve to a verb or sub-action under
// its new spelling and parse with that verb's own parser (lean-parse.ts: flags, positionals,
// choices, required options) and its toOptions checks. A planted bad entry shows the check bites.
import { describe, expect, it } from 'vitest';
import { verbTable } from '../../scripts/cli.ts';
import { COMMON_OPTIONS } from '../../scripts/lib/cli/execute-verb.ts';
import { leanParse } from '../../scripts/lib/cli/lean-parse.ts';
import { resolveSpelling } from '../../scripts/lib/cli/spellings.ts';
import { old, verbs } from '../../scripts/lib/cli/verb-rows.ts';
import { splitPassthrough, verbIndex } from '../../scripts/lib/cli/verb-index.ts';
import { NEXT_COMMANDS, nextCommand } from '../../scripts/lib/core/next/next-table.ts';

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
  const r = resolveSpelling(filled(template), verbs, old);
  if (r.kind !== 'module') return `${name}: "${template}" names no verb or sub-action`;
  if (r.deprecation !== undefined) return `${name}: "${template}" is an old spelling`;
  const row = verbTable.find((m) => m.name === r.module);
  if (row === undefined) return `${name}: no module ${r.module}`;
  const verb = await row.load();
  const { head } = splitPassthrough(r.args);
  const at = verbIndex(head)!;
  try {
    const argv = leanParse(verb, [...head.slice(0, at), ...head.slice(at + 1)], COMMON_OPTIONS);
    verb.toOptions(argv, { root: undefined, json: false, limit: 8192 });
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
    ['a verb that does not exist', 'render --check'],
    ['a missing required option', 'attest --control x1 --status PASS'],
    ['a value outside the choices', 'evaluate --run --audit-stage nope'],
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
