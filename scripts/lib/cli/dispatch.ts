// The yargs tree of a list of verbs, loaded only to render --help and --version and to refuse an
// unknown or missing verb. A verb's command line is always parsed by lean-parse.ts, the one
// parser of every run, here too (see ARCHITECTURE.md).
import yargs from 'yargs';
import type { Argv } from 'yargs';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import type { ExitCode } from '../core/errors.ts';
import type { AnyVerb } from './define-verb.ts';
import { COMMON_OPTIONS, executeVerb } from './execute-verb.ts';
import { leanParse } from './lean-parse.ts';
import { reportError, VERSION } from './report-error.ts';
import { splitPassthrough, verbIndex } from './verb-index.ts';

function addCommonOptions(y: Argv): Argv {
  return y.options(COMMON_OPTIONS);
}

const HELP_OR_VERSION = new Set(['--help', '-h', '--version']);

/** Parses `args` against `verbs` and runs the chosen verb. Never throws. */
export async function dispatch(
  verbs: readonly AnyVerb[],
  whole: readonly string[],
  ctx: Context,
  scriptName = 'proofgate',
): Promise<ExitCode> {
  const { head: args, rest } = splitPassthrough(whole);
  const at = verbIndex(args);
  const verb = at === undefined ? undefined : verbs.find((v) => v.name === args[at]);
  const wantsHelp = args.some((arg) => HELP_OR_VERSION.has(arg));
  const run: RunState = { exit: 0, wantsJson: args.includes('--json'), rest };
  try {
    if (verb !== undefined && at !== undefined && !wantsHelp) {
      await runLean(verb, [...args.slice(0, at), ...args.slice(at + 1)], ctx, run);
    } else {
      await parseTree(verbs, args, ctx, run, scriptName);
    }
  } catch (error) {
    return reportError(error, run.wantsJson, ctx, args);
  }
  return run.exit;
}

interface RunState {
  exit: ExitCode;
  wantsJson: boolean;
  /** The words after `--`, handed to the verb as `argv['--']`. */
  rest: string[] | undefined;
}

function baseParser(args: readonly string[], scriptName: string): Argv {
  return addCommonOptions(yargs([...args]))
    .scriptName(scriptName)
    .strict()
    .exitProcess(false)
    .fail((message, error) => {
      throw (
        error ??
        new UsageError('BAD_FLAG', message, { next: `run "${scriptName} --help" for usage` })
      );
    });
}

/** Runs one verb, parsed by the lean parser. `rest` is the command line without the verb's name. */
async function runLean(
  verb: AnyVerb,
  rest: readonly string[],
  ctx: Context,
  run: RunState,
): Promise<void> {
  const argv = leanParse(verb, rest, COMMON_OPTIONS);
  run.wantsJson = argv['json'] === true;
  run.exit = await executeVerb(verb, argv, ctx, run.rest);
}

/** The full command tree with help for every verb: `--help`, `--version` and unknown verbs. */
async function parseTree(
  verbs: readonly AnyVerb[],
  args: readonly string[],
  ctx: Context,
  run: RunState,
  scriptName: string,
): Promise<void> {
  let parser = baseParser(args, scriptName)
    .version(VERSION)
    .help()
    .alias('h', 'help')
    .wrap(100)
    .demandCommand(1, 'Name a verb. Run "proofgate --help" for the list.');
  for (const verb of verbs) {
    parser = parser.command({
      command: verb.command ?? verb.name,
      describe: verb.describe,
      builder: (y: Argv) => {
        let built = verb.builder(y);
        for (const [cmd, what] of verb.examples) built = built.example(cmd, what);
        return built;
      },
      // yargs' own argv is never used: a run reached through the tree (`--json false scan`,
      // where the verb is not the first word) is parsed again by the lean parser.
      handler: async () => {
        const at = args.indexOf(verb.name);
        const rest = at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 1)];
        await runLean(verb, rest, ctx, run);
      },
    });
  }
  // The callback form hands --help and --version text back instead of printing it, so all
  // output goes through ctx.out.
  let shown = '';
  await parser.parseAsync([...args], {}, (_error, _argv, output) => {
    shown = output;
  });
  if (shown !== '') ctx.out.write(`${shown}\n`);
}
