// The world a command sees (see ARCHITECTURE.md). Only scripts/lib/io/host/context.ts builds a real one;
// tests build one with test/helpers/context.ts.

export interface Clock {
  now(): Date;
}

interface Output {
  write(text: string): void;
}

export interface Context {
  /** Directory the command was started from; `--root` defaults to its git top level. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  out: Output;
  err: Output;
  /** Standard error is a terminal: progress lines are shown there unless asked otherwise. */
  errIsTerminal?: boolean;
  /** Reads all of standard input (hooks receive their JSON this way). */
  readStdin(): Promise<string>;
}
