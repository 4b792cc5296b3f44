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
