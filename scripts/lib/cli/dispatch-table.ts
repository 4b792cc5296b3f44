// The front door of `proofgate`: finds the verb on the command line and loads only that verb's
// module. The verb list, `--help` without a verb, `--version` and an
// unknown verb are answered from the table alone, without loading the parser or any verb.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import type { ExitCode } from '../core/errors.ts';
import type { AnyVerb } from './define-verb.ts';
import { reportError, VERSION } from './report-error.ts';
import { verbIndex } from './verb-index.ts';

/** A row of the verb table: enough to list the verb without loading its module. */
export interface VerbEntry {
  name: string;
  describe: string;
  load(): Promise<AnyVerb>;
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

/** The top-level help: every verb with its description, then the flags every verb accepts. */
export function topLevelHelp(table: readonly VerbEntry[], scriptName = 'proofgate'): string {
  const names = table.map((row) => `${scriptName} ${row.name}`);
  const nameWidth = Math.max(...names.map((n) => n.length)) + 2;
  const lines = [`${scriptName} <command>`, '', 'Commands:'];
  table.forEach((row, i) => {
    const text = wrap(row.describe, WIDTH - 2 - nameWidth);
    text.forEach((part, j) => {
      lines.push(`  ${(j === 0 ? names[i]! : '').padEnd(nameWidth)}${part}`.trimEnd());
    });
  });
  lines.push('', 'Options:');
  const flagWidth = Math.max(...COMMON_FLAGS.map(([flag]) => flag.length)) + 2;
  for (const [flag, describe, kind] of COMMON_FLAGS) {
    const left = `  ${flag.padEnd(flagWidth)}${describe}`;
    lines.push(`${left}${kind.padStart(Math.max(1, WIDTH - left.length))}`);
  }
  return `${lines.join('\n')}\n`;
}

function answerWithoutVerb(
  table: readonly VerbEntry[],
  args: readonly string[],
  at: number | undefined,
  ctx: Context,
): ExitCode {
  const wantsJson = args.includes('--json');
  try {
    if (at !== undefined) {
      throw new UsageError('BAD_FLAG', `Unknown verb: ${args[at]!}`, {
        expected: `one of ${table.map((row) => row.name).join(', ')}`,
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

/**
 * Loads only the verb named on the command line, so start-up pays for one verb's dependencies.
 * Never throws.
 */
export async function dispatchTable(
  table: readonly VerbEntry[],
  args: readonly string[],
  ctx: Context,
): Promise<ExitCode> {
  const at = verbIndex(args);
  const entry = at === undefined ? undefined : table.find((row) => row.name === args[at]);
  if (entry === undefined) return answerWithoutVerb(table, args, at, ctx);
  try {
    const [verb, { runVerb }] = await Promise.all([entry.load(), import('./run-verb.ts')]);
    return await runVerb(verb, args, ctx);
  } catch (error) {
    return reportError(error, args.includes('--json'), ctx, args);
  }
}
