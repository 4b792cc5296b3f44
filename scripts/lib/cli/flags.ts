// The flags and positionals a verb declares, as plain data: the one source the parser
// (parse-args.ts) reads to parse a command line and the help (help.ts) reads to describe it. The
// type of each parsed value comes from its declaration: a `choices` list declared `as const` is
// a union, a default or `demand` removes `undefined`.

interface FlagBase {
  describe: string;
  /** Refused when absent (exit 2, "Missing required argument"). */
  demand?: true;
  /** Given, its value must not be blank (exit 2, "--x needs a value"); a single value is trimmed. */
  nonEmpty?: true;
}

export type FlagSpec =
  | (FlagBase & { type: 'boolean'; default?: boolean })
  | (FlagBase & { type: 'number'; default?: number })
  | (FlagBase & {
      type: 'string';
      default?: string;
      choices?: readonly string[];
      /** `--no-<name>` is accepted and parses as `false`. */
      negatable?: true;
    })
  | (FlagBase & { type: 'string'; array: true; choices?: readonly string[]; default?: never });

export interface PositionalSpec {
  describe: string;
  choices?: readonly string[];
  /** `<name>`: refused when absent; otherwise `[name]`. */
  required?: true;
  /** `[name..]`: every remaining word, as an array. */
  variadic?: true;
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;
export type PositionalSpecs = Readonly<Record<string, PositionalSpec>>;

type Absent<S> = S extends { default: unknown } | { demand: true } ? never : undefined;
type Word<S> = S extends { choices: readonly (infer C)[] } ? C : string;

/** The parsed value of one declared flag. */
export type FlagValue<S> = S extends { array: true }
  ? Word<S>[] | Absent<S>
  : S extends { type: 'boolean' }
    ? boolean | Absent<S>
    : S extends { type: 'number' }
      ? number | Absent<S>
      : Word<S> | Absent<S> | (S extends { negatable: true } ? false : never);

type PositionalValue<S> = S extends { variadic: true }
  ? string[]
  : Word<S> | (S extends { required: true } ? never : undefined);

/** A command line parsed against its declarations; `--`: the words after a lone `--`. */
export type Parsed<F extends FlagSpecs, P extends PositionalSpecs> = {
  readonly [K in keyof F]: FlagValue<F[K]>;
} & { readonly [K in keyof P]: PositionalValue<P[K]> } & { readonly '--'?: readonly string[] };

/** Action → the flags it takes (a verb whose first positional is `action`). */
export type ActionFlags<F extends FlagSpecs, P extends PositionalSpecs> = P extends {
  action: { choices: readonly (infer A)[] };
}
  ? { readonly [K in A & string]: readonly (keyof F & string)[] }
  : never;

/** What a command declares: its flags, its positionals in order, the flags of each action. */
export interface Declared<F extends FlagSpecs, P extends PositionalSpecs> {
  flags: F;
  positionals?: P;
  /**
   * For a command whose first positional is `action`: each action's own flags (the common flags
   * excepted). A flag given to an action that does not list it is refused.
   */
  flagsPerAction?: ActionFlags<F, P>;
}

/** The common flags as parsed: what every command line yields besides its verb's own flags. */
export interface CommonArgs {
  readonly root: string | undefined;
  readonly json: boolean;
  readonly limit: number;
}

/** The flags every verb accepts. */
export const COMMON_FLAGS = {
  root: { type: 'string', describe: 'Repository root (default: git top level of the cwd)' },
  json: { type: 'boolean', default: false, describe: 'Print one JSON document on stdout' },
  limit: { type: 'number', default: 8192, describe: 'Bound on human output, in bytes' },
} as const satisfies FlagSpecs;
