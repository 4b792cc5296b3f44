// The git questions prefetch.ts started as the process started, before the hot script loaded:
// one is taken, once, for a call whose arguments (pinned settings included), directory and
// environment are exactly those it was started with, so its answer is the one the facade's own
// process would have given, read a few milliseconds earlier in the same invocation. Any other
// call, a second identical one, or a process that failed to start or was ended by a signal goes
// to git as before.

/** What git answered: run-git.ts's GitResult (declared here too: run-git.ts imports this file). */
export interface GitAnswer {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Where prefetch.ts leaves the questions it started, for the gateway to take. */
export const PREFETCHED = Symbol.for('proofgate.prefetched-git');

/** A question started ahead, as prefetch.ts leaves it. */
export interface Prefetched {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  result: Promise<GitAnswer | undefined>;
  /** Holds the process open again (an untaken question never does). */
  take(): void;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, i) => item === b[i]);

function sameEnv(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** The answer to exactly this call if it was started ahead, handed out once; else undefined. */
export function takePrefetched(
  argv: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>>,
): Promise<GitAnswer | undefined> | undefined {
  const started = (globalThis as Record<symbol, unknown>)[PREFETCHED];
  if (!Array.isArray(started)) return undefined;
  const list = started as Prefetched[];
  const at = list.findIndex((p) => p.cwd === cwd && sameList(p.argv, argv) && sameEnv(p.env, env));
  if (at === -1) return undefined;
  const [found] = list.splice(at, 1);
  found?.take();
  return found?.result;
}
