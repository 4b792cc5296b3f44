// A result STALE because the code moved says how it moved: the result judged the commit at HEAD
// and only uncommitted or untracked files differ (named), or the code changed since the result
// (a commit, and maybe uncommitted files too). Pure: the flow brings the paths and trees.
import { minimatch } from 'minimatch';

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
      !excludes.some((e) =>
        e.endsWith('/') ? p.startsWith(e) : p === e || minimatch(p, e, { dot: true }),
      ),
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
