// The shape every verb module has (see ARCHITECTURE.md): its flags and positionals as data, the
// parsed command line → typed options, a `run(options, ctx)` returning a result object, a
// renderer and an exit-code function; and the shape of its row in the verb table (scripts/cli.ts),
// the one list of what a user can type, where its name and one-line description are.
import type { Context } from '../core/context.ts';
import type { CommonOptions } from '../core/options.ts';
import type { ExitCode } from '../core/errors.ts';
import type { Declared, FlagSpecs, Parsed, PositionalSpecs } from './flags.ts';

export interface VerbSpec<
  F extends FlagSpecs,
  P extends PositionalSpecs,
  Options,
  Result,
> extends Declared<F, P> {
  /** Shown under --help: [command line, what it does]. At least one. */
  examples: readonly (readonly [string, string])[];
  /** The parsed command line → typed options; throws UsageError on bad input. */
  toOptions(argv: Parsed<F, P>, common: CommonOptions): Options;
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

/** Fixes a verb module's shape; the flag and positional declarations type its `toOptions`. */
export function defineVerb<
  const F extends FlagSpecs,
  Options,
  Result,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a verb without positionals
  const P extends PositionalSpecs = {},
>(spec: VerbSpec<F, P, Options, Result>): VerbSpec<F, P, Options, Result> {
  return spec;
}

/** A verb of any shape, as the table holds it; its parsed command line is typed where declared. */
/* eslint-disable @typescript-eslint/no-explicit-any -- the table holds verbs of every shape */
export type AnyVerb = Omit<
  VerbSpec<any, any, any, any>,
  'flags' | 'positionals' | 'flagsPerAction' | 'toOptions'
> & {
  flags: FlagSpecs;
  positionals?: PositionalSpecs;
  flagsPerAction?: Readonly<Record<string, readonly string[]>>;
  toOptions(argv: any, common: CommonOptions): any;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** An action of a verb, run by a module of its own (which declares its flags). */
export interface ActionRow {
  /** `keys`: the word right after the verb; `--readiness`: a flag anywhere on the line. */
  spelling: string;
  /** What a flag spelling takes, shown in help: `<agent>`. */
  takes?: string;
  describe: string;
  load: () => Promise<AnyVerb>;
}

/** A top-level verb: a row of `proofgate --help`. */
export interface VerbRow {
  name: string;
  describe: string;
  /** The module run when no action is named; none: an action must be named. */
  load?: () => Promise<AnyVerb>;
  actions?: readonly ActionRow[];
}

/** A word of an earlier release, refused with the spelling that does the same today. */
export interface Renamed {
  /** `['keys']`, `['query', 'blockers']` (the next word), `['evaluate', '--claim']` (a flag). */
  words: readonly string[];
  instead: string;
}
