// The front door of `proofgate`: finds the verb, and its action, on the command line in the verb
// table (scripts/cli.ts), loads only the module that runs it and the parser, and runs it. The
// verb list, `--help` without a verb, `--version`, an unknown or renamed word and a verb named
// without the action it needs are answered from the table alone, without loading any verb.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import type { ExitCode } from '../core/errors.ts';
import type { AnyVerb, Renamed, VerbRow } from './define-verb.ts';
import { executeVerb } from './execute-verb.ts';
import { actionsHelp, topLevelHelp, verbHelp, type Command } from './help.ts';
import { reportError, VERSION } from './report-error.ts';

const FLAGS_WITH_VALUES = new Set(['--root', '--limit']);

/** Index of the first word after `from` that is neither a flag nor the value of a common flag. */
function wordAt(head: readonly string[], from = 0): number | undefined {
  for (let i = from; i < head.length; i++) {
    if (FLAGS_WITH_VALUES.has(head[i]!)) i++;
    else if (!head[i]!.startsWith('-')) return i;
  }
  return undefined;
}

/** Where `spelling` (a word right after the verb, or a flag anywhere after it) is on the line. */
function spelledAt(head: readonly string[], at: number, spelling: string): number | undefined {
  if (!spelling.startsWith('--')) {
    const i = wordAt(head, at + 1);
    return i !== undefined && head[i] === spelling ? i : undefined;
  }
  for (let i = at + 1; i < head.length; i++)
    if (head[i] === spelling || head[i]!.startsWith(`${spelling}=`)) return i;
  return undefined;
}

/** What a command line names in the verb table. */
export type Resolved =
  | { kind: 'run'; command: Command; load: () => Promise<AnyVerb>; args: string[] }
  | { kind: 'pick'; row: VerbRow }
  | { kind: 'renamed'; renamed: Renamed }
  | { kind: 'unknown'; word: string }
  | { kind: 'none' };

/**
 * The command `args` names: the module that runs it and the words it parses (the command line
 * without the verb and a word action; a flag action is one of the module's own flags).
 */
export function resolveCommand(
  verbs: readonly VerbRow[],
  args: readonly string[],
  renamed: readonly Renamed[] = [],
): Resolved {
  const cut = args.indexOf('--');
  const head = cut === -1 ? [...args] : args.slice(0, cut);
  const tail = cut === -1 ? [] : args.slice(cut);
  const at = wordAt(head);
  if (at === undefined) return { kind: 'none' };
  const old = renamed.find(
    ({ words: [first, second] }) =>
      head[at] === first && (second === undefined || spelledAt(head, at, second) !== undefined),
  );
  if (old !== undefined) return { kind: 'renamed', renamed: old };
  const verb = verbs.find((v) => v.name === head[at]);
  if (verb === undefined) return { kind: 'unknown', word: head[at]! };
  for (const action of verb.actions ?? []) {
    const i = spelledAt(head, at, action.spelling);
    if (i === undefined) continue;
    const skip = action.spelling.startsWith('--') ? [at] : [at, i];
    const spelling = `${verb.name} ${action.spelling}`;
    const usage = action.takes === undefined ? spelling : `${spelling} ${action.takes}`;
    return {
      kind: 'run',
      command: { spelling, usage, describe: action.describe },
      load: action.load,
      args: [...head.filter((_w, j) => !skip.includes(j)), ...tail],
    };
  }
  if (verb.load === undefined) return { kind: 'pick', row: verb };
  return {
    kind: 'run',
    command: { spelling: verb.name, usage: verb.name, describe: verb.describe, actions: verb },
    load: verb.load,
    args: [...head.filter((_w, j) => j !== at), ...tail],
  };
}

function refusal(resolved: Resolved, verbs: readonly VerbRow[]): UsageError {
  if (resolved.kind === 'renamed') {
    const { words, instead } = resolved.renamed;
    return new UsageError(
      'BAD_FLAG',
      `unknown command '${words.join(' ')}': did you mean '${instead}'?`,
      { next: 'run "proofgate --help" for the list of verbs' },
    );
  }
  if (resolved.kind === 'unknown')
    return new UsageError('BAD_FLAG', `Unknown verb: ${resolved.word}`, {
      expected: `one of ${verbs.map((row) => row.name).join(', ')}`,
      next: 'run "proofgate --help" for the list of verbs',
    });
  if (resolved.kind === 'pick') {
    const { name, actions = [] } = resolved.row;
    return new UsageError('BAD_FLAG', `proofgate ${name} needs a sub-action`, {
      expected: `one of ${actions.map((a) => `${name} ${a.spelling}`).join(', ')}`,
      next: `run "proofgate ${name} --help" for its sub-actions`,
    });
  }
  return new UsageError('BAD_FLAG', 'Name a verb. Run "proofgate --help" for the list.', {
    next: 'run "proofgate --help" for usage',
  });
}

/** The text `--help` or `--version` asks for without loading a verb, if that is all it asks. */
function answerFromTable(
  resolved: Resolved,
  head: readonly string[],
  verbs: readonly VerbRow[],
): string | undefined {
  const help = head.includes('--help') || head.includes('-h');
  if (resolved.kind === 'pick' && help) {
    const { name, describe } = resolved.row;
    return `proofgate ${name}\n\n${describe}\n\n${actionsHelp(resolved.row)}`;
  }
  if (resolved.kind !== 'none') return undefined;
  if (help) return topLevelHelp(verbs);
  return head.includes('--version') ? `${VERSION}\n` : undefined;
}

/**
 * Runs the command line `args` against the verb table. Loads only the module that runs it, so
 * start-up pays for one verb's dependencies. Never throws.
 */
export async function dispatch(
  verbs: readonly VerbRow[],
  args: readonly string[],
  ctx: Context,
  renamed: readonly Renamed[] = [],
): Promise<ExitCode> {
  const cut = args.indexOf('--');
  const head = cut === -1 ? args : args.slice(0, cut);
  let wantsJson = head.includes('--json');
  try {
    const resolved = resolveCommand(verbs, args, renamed);
    const answer = answerFromTable(resolved, head, verbs);
    if (answer !== undefined) {
      ctx.out.write(answer);
      return 0;
    }
    if (resolved.kind !== 'run') throw refusal(resolved, verbs);
    const [verb, { parseArgs }] = await Promise.all([resolved.load(), import('./parse-args.ts')]);
    if (head.includes('--help') || head.includes('-h')) {
      ctx.out.write(verbHelp(verb, resolved.command));
      return 0;
    }
    if (head.includes('--version')) {
      ctx.out.write(`${VERSION}\n`);
      return 0;
    }
    const argv = parseArgs(verb, resolved.args, resolved.command.spelling);
    wantsJson = argv.json;
    return await executeVerb(verb, argv, ctx);
  } catch (error) {
    return reportError(error, wantsJson, ctx, args);
  }
}
