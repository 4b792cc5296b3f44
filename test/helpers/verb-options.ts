// What a verb's yargs parser accepts, read from the parser itself: its option names (plus the
// options every verb has) and the choices of its positionals. Shared by the docs-drift and
// workflow tests (test/helpers/workflow-commands.ts), so both judge commands by the same rule.
import yargs from 'yargs';
import { verbTable } from '../../scripts/cli.ts';

export const COMMON_OPTIONS = new Set(['root', 'json', 'limit', 'help', 'version']);
export const VERB_NAMES = new Set(verbTable.map((row) => row.name));

interface ParserOptions {
  key: Record<string, unknown>;
  choices: Record<string, readonly unknown[] | undefined>;
}

async function parserOptions(name: string): Promise<ParserOptions> {
  const row = verbTable.find((r) => r.name === name);
  if (row === undefined) throw new Error(`no verb ${name}`);
  const verb = await row.load();
  // getOptions() is public yargs API but missing from @types/yargs.
  const parser = verb.builder(yargs([])) as unknown as { getOptions(): ParserOptions };
  return parser.getOptions();
}

/** Every --flag the verb accepts, without the dashes. */
export async function optionsOf(name: string): Promise<Set<string>> {
  return new Set([...Object.keys((await parserOptions(name)).key), ...COMMON_OPTIONS]);
}

/** The allowed values of one positional or option; undefined when it has no choices. */
export async function choicesOf(name: string, key: string): Promise<string[] | undefined> {
  return (await parserOptions(name)).choices[key]?.map(String);
}

/** `--no-x` is yargs' negation of a boolean `--x`. */
export function isKnownFlag(options: Set<string>, flag: string): boolean {
  return options.has(flag) || (flag.startsWith('no-') && options.has(flag.slice(3)));
}
