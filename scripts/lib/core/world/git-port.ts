// What a flow asks git, beside the gate's subject bindings: HEAD and the tracked files, where the repository
// keeps its files, the branch, objects and changed paths, the trusted base, the base probe and the
// working-tree state a verdict shares, and whether declared outputs are tracked (io/git.ts and its
// neighbours; only cli/world imports io/git.ts).
import type { SubjectScope } from '../binding/build-subject.ts';
import type { ChangedLines } from '../efficacy/changed-lines.ts';

/** Where a repository keeps its files (absolute). */
export interface RepositoryPlaces {
  /** The repository top level. */
  top: string;
  /** The worktree's own git dir, its common git dir and its real index file. */
  gitDir: string;
  commonDir: string;
  indexFile: string;
}

/** The branch of the clone: its common dir (shared by every worktree) and current branch. */
export interface GitState {
  /** Absolute git common dir, shared by every worktree of the clone. */
  commonDir: string;
  /** Current branch, or undefined when HEAD is detached. */
  branch: string | undefined;
}

/** The protected ref whose rules decide, and the commit they are read at. */
export interface TrustedBase {
  /** E.g. `origin/main`. */
  ref: string;
  /** The merge base of HEAD and the ref (the ref's tip when they share no history). */
  commit: string;
  /**
   * Why this base is not trusted (a local branch, a remote that is this repository, a ref moved by
   * something other than a fetch): the verdict then judges as without a base and says why.
   */
  untrusted?: { why: string; next: string };
}

/** One `git status` of the working tree (io/repo/worktree-state.ts). */
export interface WorktreeState {
  /** The raw status output: every byte is part of the cache key. */
  raw: Buffer;
  /** Paths (relative to the repository top level) whose working-tree state differs from the index. */
  dirty: string[];
  /** The untracked ones among them (new files git does not know). */
  untracked: string[];
  /** Paths whose index entry differs from HEAD (staged, or unmerged): uncommitted as well. */
  staged: string[];
  /** The staged ones among them that HEAD does not hold (added to the index). */
  added: string[];
  /** The commit HEAD named when status ran (`# branch.oid`); undefined before the first commit. */
  head: string | undefined;
  /** Index entries flagged assume-unchanged or skip-worktree (their flags never hide an edit). */
  flagged: string[];
  /**
   * True when the listing cannot be summarised by file contents alone (a submodule, an untracked
   * nested repository, or a path that is not valid UTF-8): such states are never cached.
   */
  opaque: boolean;
  /**
   * Submodules with changes inside them not committed there (tracked edits or untracked files):
   * the subject binds a submodule's checked-out commit, which does not hold them.
   */
  uncommittedSubmodules?: string[];
}

/** A control's declared outputs (files its command writes). */
export interface DeclaredOutputs {
  id: string;
  outputs?: readonly string[] | undefined;
}

export interface GitPort {
  /** HEAD's commit; undefined before the first commit. */
  resolveHead(root: string): Promise<string | undefined>;
  /** The paths git tracks under `root`; undefined when git cannot list them. */
  listTrackedFiles(root: string): Promise<string[] | undefined>;
  findRepositoryPaths(root: string): Promise<RepositoryPlaces>;
  readGitState(root: string): Promise<GitState>;
  hasObject(root: string, object: string): Promise<boolean>;
  /** Paths (relative to the root) that differ between `from` and `to` under `scope`. */
  listChangedPaths(root: string, from: string, to: string, scope: SubjectScope): Promise<string[]>;
  /** The lines changed between the commit `from` and the commit or tree `to`, per file. */
  listChangedLines(root: string, from: string, to: string): Promise<ChangedLines>;
  /** The bytes of each of `paths` (relative to the root) at `commit`; a path it lacks is left out. */
  readFilesAt(
    root: string,
    commit: string,
    paths: readonly string[],
  ): Promise<Map<string, Uint8Array>>;
  /** The upstream branch (else the default remote branch) whose rules decide; undefined: none. */
  findTrustedBase(root: string): Promise<TrustedBase | undefined>;
  /** The full id of the commit `ref` names; undefined when it names none. */
  resolveCommit(root: string, ref: string): Promise<string | undefined>;
  /** HEAD's commit, its tree and the recent commits (up to `depth`); undefined before the first. */
  readHeadFacts(
    root: string,
    depth: number,
  ): Promise<{ commit: string; gitTree: string; recent: string[] } | undefined>;
  /**
   * Starts the base probe and the verdict's memo of git answers for `root`; returns their end.
   * With `ledgerRel`, the ledger's listing at HEAD is asked as soon as the probe knows HEAD.
   */
  startBaseProbe(root: string, ledgerRel?: string): () => void;
  /** Starts `git status` for the verdict (shared by its readers until ended). */
  startWorktreeState(top: string): Promise<void>;
  endWorktreeState(top: string): void;
  readWorktreeState(top: string, onStarted?: () => void): Promise<WorktreeState | undefined>;
  /** The state a subject binding of this verdict was computed from, taken once. */
  takeBoundState(top: string): WorktreeState | undefined;
  modifiedTimes(top: string, paths: readonly string[]): Map<string, number>;
  /** Usage error (exit 2) when git tracks a file a control declares as an output. */
  assertOutputsUntracked(
    root: string,
    controls: readonly DeclaredOutputs[],
    where: string,
  ): Promise<void>;
}
