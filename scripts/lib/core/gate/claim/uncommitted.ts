// What a verdict judged that no commit holds: the subject binds the working tree as it is on disk
// (references/bindings.md), so a claim granted over edited or new files binds files no commit
// has. A granted claim says so, and a release (which ships a commit) is refused until they are
// committed. Pure: the flow brings git's status of the working tree.
import { matchesGlob } from '../../shared/pathspec.ts';
import type { ClaimBlocker } from './decide-claim.ts';
import { quoteArg } from '../../next/next-command.ts';
import { namePaths, subjectPaths } from '../status/stale-cause.ts';

export interface Uncommitted {
  /** The commit HEAD names (the judged tree is it plus these files); absent before the first. */
  head?: string;
  /** Tracked files edited, deleted or staged but not committed. */
  modified: string[];
  /** New files git does not track and no .gitignore ignores. */
  untracked: string[];
}

/** The part of git's status a verdict reads (io/repo/worktree-state.ts WorktreeState). */
export interface StatusPaths {
  dirty: readonly string[];
  staged: readonly string[];
  untracked: readonly string[];
  head: string | undefined;
}

/** The subject's limits: excluded globs and, for a subproject plane, the included ones. */
export interface SubjectLimits {
  excludes: readonly string[];
  includes?: readonly string[] | undefined;
  /** Installed skill files byte-identical to this version's: in no subject when untracked. */
  skill?: readonly string[];
}

// As git's `:(glob)` pathspec reads it (bindings.md "inputs"): a glob without wildcards names a
// path and everything under it, `x/` only the content of a directory `x`.
function included(path: string, globs: readonly string[]): boolean {
  return globs.some((g) => matchesGlob(path, g));
}

/** The uncommitted files inside the subject; undefined when the subject is HEAD's as committed. */
export function listUncommitted(
  status: StatusPaths,
  limits: SubjectLimits,
): Uncommitted | undefined {
  const untrackedSet = new Set(status.untracked);
  const skill = new Set(limits.skill ?? []);
  const changed = [...new Set([...status.dirty, ...status.staged])].filter(
    (p) => !(skill.has(p) && untrackedSet.has(p)),
  );
  const inScope = subjectPaths(changed, limits.excludes).filter(
    (p) => limits.includes === undefined || included(p, limits.includes),
  );
  if (inScope.length === 0) return undefined;
  const sorted = inScope.sort();
  return {
    ...(status.head === undefined ? {} : { head: status.head }),
    modified: sorted.filter((p) => !untrackedSet.has(p)),
    untracked: sorted.filter((p) => untrackedSet.has(p)),
  };
}

function count(n: number, what: string): string {
  return `${n} ${what}`;
}

/** `2 modified (a.ts, b.ts), 1 untracked (c.ts)`. */
export function describeUncommitted(u: Uncommitted): string {
  const parts: string[] = [];
  if (u.modified.length > 0)
    parts.push(`${count(u.modified.length, 'modified')} (${namePaths(u.modified)})`);
  if (u.untracked.length > 0)
    parts.push(`${count(u.untracked.length, 'untracked')} (${namePaths(u.untracked)})`);
  return parts.join(', ');
}

/** The line a granted claim adds under its verdict when the judged tree is not a commit. */
export function describeGrantedOnWorkingTree(u: Uncommitted): string {
  const head = u.head === undefined ? 'no commit yet' : `commit ${u.head.slice(0, 7)}`;
  return `granted on the working tree, not on a commit (HEAD is ${head}): ${describeUncommitted(u)} not committed; commit exactly these and the claim binds that commit's tree`;
}

/** Files named in a printed `git add`; more than this and `git status` lists them instead. */
const ADD_NAMED = 10;

/** A release ships a commit: files not committed block it. */
export function uncommittedBlockers(u: Uncommitted | undefined): ClaimBlocker[] {
  if (u === undefined) return [];
  const paths = [...u.modified, ...u.untracked];
  return [
    {
      control: 'working-tree',
      stage: 'self',
      status: 'TODO',
      reason: `a release binds a commit: ${describeUncommitted(u)} not committed (commit them, or .gitignore build output)`,
      next:
        paths.length <= ADD_NAMED
          ? `git add -- ${paths.map(quoteArg).join(' ')} && git commit`
          : 'git status --short',
    },
  ];
}

/** What the claim entry records: counts only, so an entry stays small whatever the tree. */
export function summarizeUncommitted(u: Uncommitted): {
  head?: string;
  modified: number;
  untracked: number;
} {
  return {
    ...(u.head === undefined ? {} : { head: u.head }),
    modified: u.modified.length,
    untracked: u.untracked.length,
  };
}
