// A result STALE because the code moved says how it moved: the result judged the commit at HEAD
// and only uncommitted or untracked files differ (named), or the code changed since the result
// (a commit, and maybe uncommitted files too). Pure: the flow brings the paths and trees.
import { matchesGlob } from '../../shared/pathspec.ts';

/** How many paths a reason names before it counts the rest. */
const PATHS_NAMED = 5;

/** The reason every code-tree STALE starts with (describeStale). */
const CODE_STALE = 'no result for the current code';

export interface WorktreeFacts {
  /** Uncommitted or untracked paths inside the subject (plane storage and outputs left out). */
  dirty: readonly string[];
  /** The subject tree of the HEAD commit, when there is one. */
  headTree: string | undefined;
  /** HEAD's short commit id, for the reason. */
  headCommit: string | undefined;
  /** The untracked ones among `dirty`, with when each was last written (ms). */
  untracked?: ReadonlyMap<string, number>;
  /** The tracked ones among `dirty` still on disk, with when each was last written (ms). */
  tracked?: ReadonlyMap<string, number>;
}

/** The reason a result is STALE only because untracked files appeared (nameStaleCause). */
const UNCOMMITTED = `${CODE_STALE}: the working tree has uncommitted changes: `;

/** When a result's command ran (ms since the epoch). */
export interface RunWindow {
  start: number;
  end: number;
}

/** File times are rounded by some filesystems: a second of slack on each side of the run. */
const SLACK_MS = 1000;

/**
 * The files a control's own run most likely wrote: the result judged HEAD, and every path that
 * differs is untracked, was written while its command ran (not before it started, not after it
 * ended: a file created later, such as an installed skill or a new source file, is not the run's)
 * and matches none of `sources` (the control's inputs: a source is never an output). Undefined
 * otherwise: a modified tracked file, or an untracked one written outside the run, is the
 * person's work to commit or ignore.
 */
export function filesWrittenByRun(
  reason: string,
  run: RunWindow | undefined,
  facts: WorktreeFacts,
  sources: readonly string[] = [],
): string[] | undefined {
  if (!reason.startsWith(UNCOMMITTED) || run === undefined || facts.untracked === undefined)
    return undefined;
  const untracked = facts.untracked;
  const during = (p: string): boolean => {
    const time = untracked.get(p);
    return time !== undefined && time >= run.start - SLACK_MS && time <= run.end + SLACK_MS;
  };
  const source = (p: string): boolean => sources.some((g) => matchesGlob(p, g));
  const written = facts.dirty.every((p) => during(p) && !source(p));
  return written && facts.dirty.length > 0 ? [...facts.dirty] : undefined;
}

/**
 * The advice for a result STALE only because untracked files appeared that its run did not write:
 * the files named, to commit or ignore. Undefined when a tracked file changed too.
 */
export function untrackedAdvice(reason: string, facts: WorktreeFacts): string | undefined {
  const untracked = facts.untracked;
  if (!reason.startsWith(UNCOMMITTED) || untracked === undefined || facts.dirty.length === 0)
    return undefined;
  if (!facts.dirty.every((p) => untracked.has(p))) return undefined;
  const files = facts.dirty.length === 1 ? 'untracked file' : 'untracked files';
  const them = facts.dirty.length === 1 ? 'it' : 'them';
  return `${CODE_STALE}: ${files} ${namePaths(facts.dirty)}: commit ${them} or ignore ${them} (.gitignore)`;
}

/**
 * The tracked files a control's own run rewrote: the result judged HEAD, every path that differs
 * was written while its command ran, and some of them are tracked (a build that regenerates the
 * README). Such a command can never leave its result current, nor anyone's: it needs its files
 * declared as outputs (untracked first, since a tracked file is source) or to leave them alone.
 * Undefined otherwise.
 */
export function trackedRewrittenByRun(
  reason: string,
  run: RunWindow | undefined,
  facts: WorktreeFacts,
): string[] | undefined {
  const { untracked, tracked } = facts;
  if (!reason.startsWith(UNCOMMITTED) || run === undefined || tracked === undefined)
    return undefined;
  const during = (p: string): boolean => {
    const time = tracked.get(p) ?? untracked?.get(p);
    return time !== undefined && time >= run.start - SLACK_MS && time <= run.end + SLACK_MS;
  };
  const rewritten = facts.dirty.filter((p) => tracked.has(p));
  return rewritten.length > 0 && facts.dirty.every(during) ? rewritten : undefined;
}

/** `a.ts, b.ts, c.ts, d.ts, e.ts and 3 more`. */
export function namePaths(paths: readonly string[]): string {
  const named = paths.slice(0, PATHS_NAMED).join(', ');
  return paths.length > PATHS_NAMED ? `${named} and ${paths.length - PATHS_NAMED} more` : named;
}

/** Paths that are part of the subject: not under the plane's storage nor a declared output. */
export function subjectPaths(paths: readonly string[], excludes: readonly string[]): string[] {
  return paths.filter(
    (p) =>
      // as git's `:(exclude,glob)` pathspec reads each: `x/` only a directory's content, never a file
      // named `x`; a plain `x` that path and everything under it
      !excludes.some((e) => matchesGlob(p, e)),
  );
}

/**
 * The STALE reason with its cause named, or the reason unchanged when it is not about the code
 * tree. `lastTree` is the subject tree of the latest result.
 */
export function nameStaleCause(reason: string, lastTree: string, facts: WorktreeFacts): string {
  if (!reason.startsWith(CODE_STALE)) return reason;
  const last = /\((last [A-Z_]+)/.exec(reason)?.[1] ?? 'last result';
  const dirty = facts.dirty.length === 0 ? undefined : namePaths(facts.dirty);
  const head = facts.headCommit === undefined ? 'HEAD' : `commit ${facts.headCommit}`;
  if (facts.headTree === lastTree && dirty !== undefined)
    return `${CODE_STALE}: the working tree has uncommitted changes: ${dirty} (${last} on ${head}, without them)`;
  // "(last PASS on tree 0a1a…)" without its parentheses.
  const since = reason
    .slice(CODE_STALE.length)
    .trim()
    .replace(/^\((.*)\)$/, '$1');
  const now = facts.headCommit === undefined ? '' : `; HEAD is now commit ${facts.headCommit}`;
  const also =
    dirty === undefined ? '' : `; the working tree also has uncommitted changes: ${dirty}`;
  return `${CODE_STALE}: code changed since the result (${since}${now})${also}`;
}
