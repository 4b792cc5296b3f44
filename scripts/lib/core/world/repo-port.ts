// The project's other files, and this running package: what scan finds, .gitignore and
// .prettierignore lines, the package-exclusion steps, CI workflow files, the installed skill, the
// task handoff pair, candidate proposals, the package's own files, the default execution context and how this process
// runs itself (io/repo/scan-repo.ts, io/repo/gitignore-file.ts and their neighbours).
import type { ExclusionStep } from '../plane/package-exclusion-step.ts';
import type { ScanResult } from '../scan/types.ts';
import type { SkillFile } from '../skill/plan-skill-install.ts';

/** The task handoff pair's files (`status --handoff`). */
export interface HandoffPaths {
  json: string;
  md: string;
}

/** The handoff pair's texts as read; undefined where a file is absent. */
export interface HandoffTexts {
  json: string | undefined;
  md: string | undefined;
}

export interface RepoPort {
  pathExists(path: string): boolean;
  scanRepository(root: string): Promise<ScanResult>;
  readGitignore(root: string): string;
  appendGitignore(root: string, comment: string, lines: readonly string[]): void;
  ignoreRenderedPages(root: string, planeDir: string): string | undefined;
  ignoreSkillFolders(root: string): string | undefined;
  /** `dirs` (proofgate's directories) and `loose` files kept out of the project's package. */
  planExclusionsAt(
    root: string,
    dirs: readonly string[],
    loose?: readonly string[],
  ): ExclusionStep[];
  applyExclusions(root: string, steps: readonly ExclusionStep[]): void;
  readRepoWorkflows(root: string): { file: string; text: string }[];
  /** The CI workflow `init --scaffold-ci` writes, as this package ships it. */
  readWorkflowTemplate(): string;
  /** Writes files that do not exist yet (a usage error when one does). */
  writeNewFiles(
    root: string,
    files: readonly { path: string; text: string; executable?: boolean }[],
  ): void;
  readInstalled(dir: string, rels: readonly string[]): Map<string, string | undefined>;
  writeSkillFiles(dir: string, files: readonly SkillFile[]): void;
  handoffPaths(planeDir: string): HandoffPaths;
  readHandoffPair(paths: HandoffPaths): HandoffTexts;
  writeHandoffPair(paths: HandoffPaths, texts: { json: string; md: string }): void;
}

/** Candidate proposal files (`verify --candidate`). */
export interface CandidatePort {
  /** The file's JSON, checked against the named JSON schema (exit 2 on a violation). */
  readCandidate(path: string, shownAs: string, schema: string): unknown;
}

/** This running proofgate and the machine it runs on. */
export interface HostPort {
  /** The installed package's root directory. */
  packageRoot(): string;
  readPackageSkillFiles(): SkillFile[];
  /** `local:<hostname>`: the execution context when none is given. */
  defaultExecutionContext(): string;
  /** The argv that runs this proofgate again (for the commands a proposal prints). */
  selfArgv(): string[];
}
