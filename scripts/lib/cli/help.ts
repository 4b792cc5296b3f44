// `--help`, rendered from what the parser reads: the verb table (scripts/cli.ts) for the list of
// verbs and their actions, and a verb's own declarations (flags.ts) for its usage, positionals,
// flags and examples. Pure text; the front door (dispatch.ts) prints it.
import { describeActionFlags } from './action-flags.ts';
import type { AnyVerb, VerbRow } from './define-verb.ts';
import { COMMON_FLAGS, type FlagSpec, type PositionalSpec } from './flags.ts';

const WIDTH = 100;

/** Greedy word wrap of `text` into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Rows of [left column, description, tags]: the description wrapped into the right column, the
 * tags (`[string]`) flush right on its last line, or on a line of their own when they do not fit.
 */
function columns(rows: readonly (readonly [string, string, string?])[], maxLeft = 40): string[] {
  const nameWidth = Math.min(maxLeft, Math.max(...rows.map(([n]) => n.length))) + 2;
  return rows.flatMap(([name, describe, tags = '']) => {
    const lines = wrap(describe, WIDTH - 2 - nameWidth).map((part, j) =>
      `  ${(j === 0 && name.length < nameWidth ? name : '').padEnd(nameWidth)}${part}`.trimEnd(),
    );
    if (name.length >= nameWidth) lines.unshift(`  ${name}`);
    if (tags === '') return lines;
    const last = lines.pop() ?? '';
    return last.length + 1 + tags.length <= WIDTH
      ? [...lines, `${last}${tags.padStart(WIDTH - last.length)}`]
      : [...lines, last, tags.padStart(WIDTH)];
  });
}

const quote = (values: readonly unknown[]): string =>
  values.map((v) => JSON.stringify(v)).join(', ');

function flagTags(spec: FlagSpec): string {
  const choices = 'choices' in spec ? spec.choices : undefined;
  return [
    'array' in spec ? '[array]' : choices === undefined ? `[${spec.type}]` : '',
    spec.demand === true ? '[required]' : '',
    choices === undefined ? '' : `[choices: ${quote(choices)}]`,
    spec.default === undefined ? '' : `[default: ${JSON.stringify(spec.default)}]`,
  ]
    .filter((t) => t !== '')
    .join(' ');
}

function positionalTags(spec: PositionalSpec): string {
  return [
    spec.variadic === true ? '[array]' : '',
    spec.required === true ? '[required]' : '',
    spec.choices === undefined ? '' : `[choices: ${quote(spec.choices)}]`,
  ]
    .filter((t) => t !== '')
    .join(' ');
}

const HELP_ROWS: readonly (readonly [string, string, string])[] = [
  ['    --version', 'Show version number', '[boolean]'],
  ['-h, --help', 'Show help', '[boolean]'],
];

function optionRows(flags: Readonly<Record<string, FlagSpec>>): [string, string, string][] {
  return Object.entries(flags).map(([name, spec]) => [
    `    --${name}`,
    spec.describe,
    flagTags(spec),
  ]);
}

/** The top-level help: every verb with its description, then the flags every verb accepts. */
export function topLevelHelp(verbs: readonly VerbRow[]): string {
  const lines = ['proofgate <command>', '', 'Commands:'];
  lines.push(...columns(verbs.map((row) => [`proofgate ${row.name}`, row.describe])));
  lines.push('', 'Options:', ...columns([...optionRows(COMMON_FLAGS), ...HELP_ROWS]));
  return `${lines.join('\n')}\n`;
}

/** The actions of a verb, as help lines. */
export function actionsHelp(verb: VerbRow): string {
  const rows = (verb.actions ?? []).map((action) => {
    const spelled = action.takes === undefined ? '' : ` ${action.takes}`;
    return [`proofgate ${verb.name} ${action.spelling}${spelled}`, action.describe] as const;
  });
  const lines = ['Sub-actions (each declares its own flags; add --help to one):', ...columns(rows)];
  return `${lines.join('\n')}\n`;
}

/** A command as the verb table names it. */
export interface Command {
  /** How it is typed: `claim`, `authority keys`, `status --readiness`. */
  spelling: string;
  /** The same with what it takes: `install --hook <agent>`. */
  usage: string;
  describe: string;
  /** A verb with actions of its own: its help lists them too. */
  actions?: VerbRow;
}

/** The help of one command: usage, description, positionals, flags, examples (and actions). */
export function verbHelp(verb: AnyVerb, { usage: spelled, describe, actions }: Command): string {
  const positionals = Object.entries<PositionalSpec>(verb.positionals ?? {});
  const usage = positionals.map(([name, p]) => {
    const word = p.variadic === true ? `${name}..` : name;
    return p.required === true ? `<${word}>` : `[${word}]`;
  });
  const lines = [[`proofgate ${spelled}`, ...usage].join(' '), '', describe];
  if (positionals.length > 0) {
    const table = verb.flagsPerAction;
    lines.push('', 'Positionals:');
    lines.push(
      ...columns(
        positionals.map(([name, p]) => [
          name,
          name === 'action' && table !== undefined
            ? `${p.describe}; ${describeActionFlags(table)}`
            : p.describe,
          positionalTags(p),
        ]),
      ),
    );
  }
  const flags: Readonly<Record<string, FlagSpec>> = { ...COMMON_FLAGS, ...verb.flags };
  lines.push('', 'Options:', ...columns([...optionRows(flags), ...HELP_ROWS]));
  lines.push('', 'Examples:');
  lines.push(
    ...columns(
      verb.examples.map(([command, what]) => [command, what]),
      60,
    ),
  );
  if (actions?.actions !== undefined) lines.push('', actionsHelp(actions).trimEnd());
  return `${lines.join('\n')}\n`;
}
