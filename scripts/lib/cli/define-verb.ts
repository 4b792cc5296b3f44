// The shape every verb module has (see ARCHITECTURE.md). A verb is a yargs command module plus
// a pure-ish `run(options, ctx)` returning a result object, a renderer and an exit-code function.
import type { Argv } from 'yargs';
import type { Context } from '../core/context.ts';
import type { CommonOptions } from '../core/options.ts';
import type { ExitCode } from '../core/errors.ts';

/** Flags every verb accepts (see ARCHITECTURE.md). */
export type ParsedArgs = Record<string, unknown> & { _: (string | number)[] };

export interface VerbSpec<Options, Result> {
  /** The verb as typed: `proofgate <name>`; file `scripts/<name>.ts`. */
  name: string;
  /** yargs command string, e.g. `trace <action> [traces..]`; defaults to the name. */
  command?: string;
  describe: string;
  /** Shown under --help: [command line, what it does]. At least one. */
  examples: readonly (readonly [string, string])[];
  builder(yargs: Argv): Argv;
  /**
   * For a command with an `<action>` positional: each action's verb-specific flags (kebab names,
   * the common flags excepted). A flag given to an action that does not list it is refused.
   */
  flagsPerAction?: Readonly<Record<string, readonly string[]>>;
  /** argv → typed options; throws UsageError on bad input. */
  toOptions(argv: ParsedArgs, common: CommonOptions): Options;
  run(options: Options, ctx: Context): Promise<Result>;
  /** Human output; the verdict on the first line. */
  render(result: Result): string;
  /**
   * True when `render` produced a machine format (JSONL, SARIF, XML) that a reader parses: it is
   * printed whole, never cut at --limit, because a cut document is a corrupt one.
   */
  isMachineOutput?(result: Result): boolean;
  /** The single JSON document printed under --json; default: the result itself. */
  toJson?(result: Result): unknown;
  exitCode(result: Result): ExitCode;
}

export function defineVerb<Options, Result>(
  spec: VerbSpec<Options, Result>,
): VerbSpec<Options, Result> {
  return spec;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds verbs of every shape
export type AnyVerb = VerbSpec<any, any>;
