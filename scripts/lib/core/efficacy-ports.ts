// What the efficacy flow needs beyond GateIO: a disposable copy of the working tree (a temporary
// git worktree) and file access inside it. The real implementation is
// scripts/lib/io/temp-worktree.ts; nothing here may touch the user's working tree or index.

export interface TempWorktree {
  /** Absolute directory of the temporary worktree. */
  dir: string;
  /** Aborted when the process is interrupted; running commands are killed with it. */
  signal: AbortSignal;
}

export interface EfficacyIO {
  /**
   * Runs `fn` in a temporary worktree holding exactly the current working tree (tracked and
   * untracked-not-ignored files, uncommitted edits included). The worktree is removed and pruned
   * afterwards, also when `fn` throws or the process receives SIGINT, SIGTERM or SIGHUP.
   */
  withWorktree<T>(root: string, fn: (worktree: TempWorktree) => Promise<T>): Promise<T>;
  /** Files of the worktree matching the globs (git `:(glob)` pathspecs), sorted. */
  listFiles(worktree: TempWorktree, globs: readonly string[]): Promise<string[]>;
  readText(worktree: TempWorktree, file: string): Promise<string>;
  writeText(worktree: TempWorktree, file: string, text: string): Promise<void>;
  /** Applies a unified diff with `git apply`; returns git's complaint when it does not apply. */
  applyPatch(worktree: TempWorktree, patch: Uint8Array): Promise<string | undefined>;
  /** Puts the worktree back to the state it was created with (undoes an applied patch). */
  reset(worktree: TempWorktree): Promise<void>;
  /** Bytes of a file the user names (a patch), resolved against `cwd`; UsageError when unreadable. */
  readUserFile(cwd: string, path: string): Promise<Uint8Array>;
}
