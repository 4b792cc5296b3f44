// Builds the yargs parser for a list of verbs and runs one: the single catch and the single place
// that turns results and errors into output and an exit code (see ARCHITECTURE.md).
import yargs from 'yargs';
import type { Argv } from 'yargs';
import type { Context } from '../core/context.ts';
import { InternalError, UsageError, isCliError } from '../core/errors.ts';
import type { CliError, ExitCode } from '../core/errors.ts';
import type { AnyVerb, ParsedArgs } from './define-verb.ts';
import { boundText, formatError } from '../render/emit.ts';
import type { CommonOptions } from '../core/options.ts';
import { readPackageVersion } from '../io/package-version.ts';

const DEFAULT_LIMIT = 8192;
/** The version printed by --version and in error reports, from package.json. */
export const VERSION = readPackageVersion();

function addCommonOptions(y: Argv): Argv {
  return y
    .option('root', {
      type: 'string',
      describe: 'Repository root (default: git top level of the cwd)',
    })
    .option('json', {
      type: 'boolean',
      default: false,
      describe: 'Print one JSON document on stdout',
    })
    .option('limit', {
      type: 'number',
      default: DEFAULT_LIMIT,
      describe: 'Bound on human output, in bytes',
    });
}

function readCommon(argv: ParsedArgs): CommonOptions {
  const limit = argv['limit'];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 256) {
    throw new UsageError(
      'BAD_VALUE',
      `--limit must be a whole number of bytes >= 256, got ${String(limit)}`,
      {
        where: '--limit',
        expected: 'an integer >= 256',
        next: 'omit --limit for the default of 8192 bytes',
      },
    );
  }
  const root = argv['root'];
  return { root: typeof root === 'string' ? root : undefined, json: argv['json'] === true, limit };
}

async function execute(verb: AnyVerb, argv: ParsedArgs, ctx: Context): Promise<ExitCode> {
  const common = readCommon(argv);
  const options: unknown = verb.toOptions(argv, common);
  const result: unknown = await verb.run(options, ctx);
  if (common.json) {
    ctx.out.write(`${JSON.stringify(verb.toJson ? verb.toJson(result) : result, null, 2)}\n`);
  } else {
    const text = verb.render(result);
    const whole = text.endsWith('\n') ? text : `${text}\n`;
    // An empty rendering prints nothing (a Stop hook allows by staying silent). Only prose for a
    // person is bounded; a machine format is printed whole (a cut JSONL file is invalid).
    if (text !== '')
      ctx.out.write(
        verb.isMachineOutput?.(result) === true ? whole : boundText(whole, common.limit),
      );
  }
  return verb.exitCode(result);
}

function toCliError(error: unknown): CliError {
  if (isCliError(error)) return error;
  return new InternalError(error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

/** Parses `args` against `verbs` and runs the chosen verb. Never throws. */
export async function dispatch(
  verbs: readonly AnyVerb[],
  args: readonly string[],
  ctx: Context,
  scriptName = 'proofgate',
): Promise<ExitCode> {
  let exit: ExitCode = 0;
  let wantsJson = args.includes('--json');
  let parser = addCommonOptions(yargs([...args]))
    .scriptName(scriptName)
    .strict()
    .version(VERSION)
    .help()
    .alias('h', 'help')
    .wrap(100)
    .exitProcess(false)
    .fail((message, error) => {
      throw (
        error ??
        new UsageError('BAD_FLAG', message, { next: `run "${scriptName} --help" for usage` })
      );
    })
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
      handler: async (argv) => {
        wantsJson = argv['json'] === true;
        exit = await execute(verb, argv, ctx);
      },
    });
  }
  try {
    // The callback form hands --help and --version text back instead of printing it, so all
    // output goes through ctx.out.
    let shown = '';
    await parser.parseAsync([...args], {}, (_error, _argv, output) => {
      shown = output;
    });
    if (shown !== '') ctx.out.write(`${shown}\n`);
  } catch (error) {
    const cliError = toCliError(error);
    if (wantsJson) {
      ctx.out.write(`${JSON.stringify({ error: errorToJson(cliError) }, null, 2)}\n`);
    }
    ctx.err.write(formatError(cliError, VERSION));
    return cliError.exitCode;
  }
  return exit;
}

function errorToJson(error: CliError): Record<string, unknown> {
  return {
    name: error.name,
    code: error.code,
    message: error.message,
    exitCode: error.exitCode,
    ...(error.where === undefined ? {} : { where: error.where }),
    ...(error.expected === undefined ? {} : { expected: error.expected }),
    ...(error.next === undefined ? {} : { next: error.next }),
    ...(error.problems.length === 0 ? {} : { problems: error.problems }),
  };
}

/** A row of the verb table: enough to list the verb without loading its module. */
export interface VerbEntry {
  name: string;
  describe: string;
  load(): Promise<AnyVerb>;
}

function listingOnly(entry: VerbEntry): AnyVerb {
  return {
    name: entry.name,
    describe: entry.describe,
    examples: [],
    builder: (y) => y,
    toOptions: () => undefined,
    run: () => Promise.reject(new UsageError('BAD_FLAG', `verb ${entry.name} was not loaded`)),
    render: () => '',
    exitCode: () => 2,
  };
}

const FLAGS_WITH_VALUES = new Set(['--root', '--limit']);

/** The first argument that is neither a flag nor the value of a common flag: the verb. */
function firstPositional(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (FLAGS_WITH_VALUES.has(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/**
 * Loads only the verb named on the command line, so start-up pays for one verb's dependencies.
 * Without a known verb (`proofgate --help`, a typo) the table is listed from its descriptions.
 */
export async function dispatchTable(
  table: readonly VerbEntry[],
  args: readonly string[],
  ctx: Context,
): Promise<ExitCode> {
  const verbName = firstPositional(args);
  const entry = table.find((row) => row.name === verbName);
  if (entry !== undefined) return dispatch([await entry.load()], args, ctx);
  return dispatch(table.map(listingOnly), args, ctx);
}
