// The project's files as a control's reach is resolved from them (core/reach/): in the working tree
// as they are on disk, or at a commit of the trusted base (io/repo/project-files.ts).
import type { FileText } from '../reach/reach.ts';

export interface ReachPort {
  /**
   * Every file of the project under `root` (paths relative to it): at `commit`, its tree; else the
   * tracked files and the untracked ones the repository's .gitignore files leave visible. Empty
   * when git cannot list them.
   */
  listProjectFiles(root: string, commit?: string): Promise<string[]>;
  /** Each path (relative to `root`) as it is at `commit`, or on disk when none is given. */
  readProjectFiles(
    root: string,
    paths: readonly string[],
    commit?: string,
  ): Promise<Map<string, FileText>>;
}
