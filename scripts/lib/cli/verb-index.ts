// Where the verb sits on a command line: flags and the values of the common flags come first.

const FLAGS_WITH_VALUES = new Set(['--root', '--limit']);

/** Index of the first argument that is neither a flag nor the value of a common flag: the verb. */
export function verbIndex(args: readonly string[]): number | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return undefined;
    if (FLAGS_WITH_VALUES.has(arg)) i++;
    else if (!arg.startsWith('-')) return i;
  }
  return undefined;
}

/**
 * The command line split at the first `--`: the words after it are a command the verb records
 * as given (`adopt --fills SLOT -- <argv...>`), never parsed as flags, never read as --help.
 */
export function splitPassthrough(args: readonly string[]): {
  head: string[];
  rest: string[] | undefined;
} {
  const at = args.indexOf('--');
  return at === -1
    ? { head: [...args], rest: undefined }
    : { head: args.slice(0, at), rest: args.slice(at + 1) };
}
