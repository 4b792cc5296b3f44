// The front door of `proofgate`: finds the verb (and sub-action) on the command line and loads only
// the module that runs it. The verb list, `--help` without a verb, `--version`, an unknown verb
// and a verb named without its sub-action are answered from the table alone, without loading the
// parser or any verb. An old spelling runs as before, after one deprecation line on stderr.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import type { ExitCode } from '../core/errors.ts';
import type { AnyVerb } from './define-verb.ts';
import { reportError, VERSION } from './report-error.ts';
import { resolveSpelling, type OldSpelling, type SubAction, type VerbRow } from './spellings.ts';
import { verbIndex } from './verb-index.ts';

/** A verb module (scripts/<name>.ts): enough to list it without loading it. */
export interface VerbEntry {
  name: string;
  describe: string;
  load(): Promise<AnyVerb>;
}

/** The command line's vocabulary: the modules, the top-level verbs, the old spellings. */
export interface CliTable {
  modules: readonly VerbEntry[];
  verbs: readonly VerbRow[];
  old: readonly OldSpelling[];
}

/** A plain list of modules is a table where each module is a verb of its own. */
function asTable(table: CliTable | readonly VerbEntry[]): CliTable {
  if (!Array.isArray(table)) return table as CliTable;
  const modules = table as readonly VerbEntry[];
  const verbs = modules.map((m) => ({ name: m.name, describe: m.describe, module: m.name }));
  return { modules, verbs, old: [] };
}

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

const COMMON_FLAGS: readonly (readonly [string, string, string])[] = [
  ['    --root', 'Repository root (default: git top level of the cwd)', '[string]'],
  ['    --json', 'Print one JSON document on stdout', '[boolean] [default: false]'],
  ['    --limit', 'Bound on human output, in bytes', '[number] [default: 8192]'],
  ['    --version', 'Show version number', '[boolean]'],
  ['-h, --help', 'Show help', '[boolean]'],
];

/** Rows of [left column, description], the description wrapped into the right column. */
function columns(rows: readonly (readonly [string, string])[]): string[] {
  const nameWidth = Math.max(...rows.map(([n]) => n.length)) + 2;
  return rows.flatMap(([name, describe]) =>
    wrap(describe, WIDTH - 2 - nameWidth).map((part, j) =>
      `  ${(j === 0 ? name : '').padEnd(nameWidth)}${part}`.trimEnd(),
    ),
  );
}

/** `--readiness`, `keys`, `--hook <agent>`: a sub-action as typed after its verb. */
function subSpelling(sub: SubAction): string {
  return sub.takes === undefined ? sub.spelling : `${sub.spelling} ${sub.takes}`;
}

/** The sub-actions of a verb, as help lines. */
export function subActionHelp(verb: VerbRow, scriptName = 'proofgate'): string {
  const rows = (verb.subs ?? []).map(
    (sub) => [`${scriptName} ${verb.name} ${subSpelling(sub)}`, sub.describe] as const,
  );
  const lines = ['Sub-actions (each declares its own flags; add --help to one):', ...columns(rows)];
  return `${lines.join('\n')}\n`;
}

/**
 * The top-level help: every verb with its description, the old spellings still accepted, then
 * the flags every verb accepts.
 */
export function topLevelHelp(
  given: CliTable | readonly VerbEntry[],
  scriptName = 'proofgate',
): string {
  const table = asTable(given);
  const lines = [`${scriptName} <command>`, '', 'Commands:'];
  lines.push(...columns(table.verbs.map((row) => [`${scriptName} ${row.name}`, row.describe])));
  if (table.old.length > 0) {
    lines.push('', 'Deprecated (still accepted for one release, with a line on stderr):');
    lines.push(
      ...columns(table.old.map((o) => [`${scriptName} ${o.spelling.join(' ')}`, o.instead])),
    );
  }
  lines.push('', 'Options:');
  const flagWidth = Math.max(...COMMON_FLAGS.map(([flag]) => flag.length)) + 2;
  for (const [flag, describe, kind] of COMMON_FLAGS) {
    const left = `  ${flag.padEnd(flagWidth)}${describe}`;
    lines.push(`${left}${kind.padStart(Math.max(1, WIDTH - left.length))}`);
  }
  return `${lines.join('\n')}\n`;
}

function answerWithoutVerb(
  table: CliTable,
  args: readonly string[],
  at: number | undefined,
  ctx: Context,
): ExitCode {
  const wantsJson = args.includes('--json');
  try {
    if (at !== undefined) {
      throw new UsageError('BAD_FLAG', `Unknown verb: ${args[at]!}`, {
        expected: `one of ${table.verbs.map((row) => row.name).join(', ')}`,
        next: 'run "proofgate --help" for the list of verbs',
      });
    }
    if (args.includes('--help') || args.includes('-h')) {
      ctx.out.write(topLevelHelp(table));
      return 0;
    }
    if (args.includes('--version')) {
      ctx.out.write(`${VERSION}\n`);
      return 0;
    }
    throw new UsageError('BAD_FLAG', 'Name a verb. Run "proofgate --help" for the list.', {
      next: 'run "proofgate --help" for usage',
    });
  } catch (error) {
    return reportError(error, wantsJson, ctx, args);
  }
}

/** A verb named without the sub-action it needs: its sub-actions under --help, else exit 2. */
function answerPickSub(verb: VerbRow, args: readonly string[], ctx: Context): ExitCode {
  if (args.includes('--help') || args.includes('-h')) {
    ctx.out.write(`proofgate ${verb.name}\n\n${verb.describe}\n\n${subActionHelp(verb)}`);
    return 0;
  }
  const subs = (verb.subs ?? []).map((s) => `${verb.name} ${s.spelling}`).join(', ');
  const error = new UsageError('BAD_FLAG', `proofgate ${verb.name} needs a sub-action`, {
    expected: `one of ${subs}`,
    next: `run "proofgate ${verb.name} --help" for its sub-actions`,
  });
  return reportError(error, args.includes('--json'), ctx, args);
}

/**
 * Loads only the module that runs the command line, so start-up pays for one verb's dependencies.
 * Never throws.
 */
export async function dispatchTable(
  given: CliTable | readonly VerbEntry[],
  args: readonly string[],
  ctx: Context,
): Promise<ExitCode> {
  const table = asTable(given);
  const resolved = resolveSpelling(args, table.verbs, table.old);
  if (resolved.kind === 'pick-sub') return answerPickSub(resolved.verb, args, ctx);
  const entry =
    resolved.kind === 'module'
      ? table.modules.find((row) => row.name === resolved.module)
      : undefined;
  if (resolved.kind !== 'module' || entry === undefined)
    return answerWithoutVerb(table, args, verbIndex(args), ctx);
  if (resolved.deprecation !== undefined) ctx.err.write(`${resolved.deprecation}\n`);
  try {
    const [verb, { runVerb }] = await Promise.all([entry.load(), import('./run-verb.ts')]);
    const code = await runVerb(verb, resolved.args, ctx, resolved.spelled);
    const verbRow = table.verbs.find((v) => v.name === resolved.module);
    if (resolved.spelled === undefined && verbRow?.subs !== undefined && wantsHelp(args))
      ctx.out.write(`\n${subActionHelp(verbRow)}`);
    return code;
  } catch (error) {
    return reportError(error, args.includes('--json'), ctx, args);
  }
}

function wantsHelp(args: readonly string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}
