// The Stop hook's files and places (references/hook.md): which project a hook runs for, its log
// and task file inside the git dir, and the agents' settings files (io/hook/hook-files.ts,
// io/hook/hook-project.ts).
import type { TaskFile } from '../hook/task-controls.ts';
import type { PlaneLocation } from '../plane/plane.ts';
import type { GitPort } from './git-port.ts';

/** The project a hook runs for: none, or its top level, plane and hook directory. */
export type HookProject =
  | { kind: 'none' }
  | {
      kind: 'plane';
      top: string;
      plane: PlaneLocation;
      /** `<git dir>/proofgate`: the hook's log and task file. */
      dir: string;
    };

export interface HookPort {
  /** `<git dir>/proofgate`: per worktree, so two worktrees keep separate tasks and logs. */
  hookDir(root: string): Promise<string>;
  readTaskFile(dir: string): TaskFile | undefined;
  writeTaskFile(dir: string, named: { campaign: string; task: string }): string;
  appendHookLog(dir: string, line: string): void;
  existingDir(path: string): string | undefined;
  /** The top level of the work tree holding `start`, found on disk (no git process). */
  findTopOnDisk(start: string): string | undefined;
  locateHookProject(anchor: string): Promise<HookProject>;
  readJsonSettings(file: string): unknown;
  writeJsonSettings(file: string, value: unknown): void;
  /** The names of the files at the project's root (its manifests say what kind it is). */
  listRootFiles(root: string): string[];
  /** The per-user `proofgate` on `path`, outside the project; undefined when none. */
  findUserProofgate(root: string, path: string | undefined): string | undefined;
  isGitIgnored(root: string, rel: string): Promise<boolean>;
}

/**
 * What the Stop hook needs before the gate's world is loaded: where the project is, its files, and
 * git status and the base probe started early, so the world loads while they run.
 */
export interface HookStart {
  hook: HookPort;
  git: Pick<GitPort, 'startWorktreeState' | 'endWorktreeState' | 'startBaseProbe'>;
}
