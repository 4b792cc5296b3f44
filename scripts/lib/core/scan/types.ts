// The target model scan builds: facts found in the repository, never decisions. Candidates are real commands with exact argv; nothing is adopted here.
import type { AuthorizationKind } from '../shared/authority.ts';
import type { RiskClass } from './risk-class.ts';

export interface Candidate {
  /** Stable readable id: `npm:test`, `npm:packages/a:lint`, `make:check`, `just:test`, `fitness:<id>`, `ci:<workflow>:<job>:<step>` (`ci:gitlab:…`, `ci:travis:…`). */
  id: string;
  argv: string[];
  /** Relative to the repository root; absent: the root. */
  cwd?: string;
  /** `file:line` where the command was found. */
  where: string;
  /** What the command runs, as written (script body, recipe lines), for the reader. */
  body?: string;
  /** Authorizations adopting it would require (installs, remote state, privilege). */
  authorization: AuthorizationKind[];
  /** Risk classes (publishes, deploys, downloads, server, rewrites, browser, inline); scan fills it. */
  risks?: RiskClass[];
  /** Adopted, it runs alone (a build or a heavy test suite, as far as its name or argv tells). */
  exclusive?: true;
  /**
   * A CI step: the literal values its workflow, job and step `env:` set (the step's winning),
   * which adopting copies into the control; expressions and credential-like names are left out.
   */
  env?: Record<string, string>;
  /**
   * The `inputs` adopting it writes, from its ecosystem's conventions (core/scan/propose-inputs.ts);
   * absent: its role or the project's kind is not known, and the whole tree stays its input.
   */
  inputs?: ProposedInputs;
}

/** Inputs proposed for a command: what its role (test, lint, build) reads in the project's kinds. */
export interface ProposedInputs {
  role: 'test' | 'lint' | 'build';
  kinds: ('rust' | 'go' | 'python' | 'npm')[];
  globs: string[];
}

export interface NotAdoptable {
  id: string;
  where: string;
  text: string;
  reason: string;
}

export interface CiStep {
  id: string;
  name?: string;
  run: string;
  where: string;
}

export interface CiFile {
  path: string;
  system: 'github' | 'gitlab' | 'travis';
  jobs: { id: string; steps: CiStep[] }[];
}

export interface InstructionFile {
  path: string;
  /** `repository`: applies to the whole repo; `scoped`: a sub-tree or tool rule file. */
  kind: 'repository' | 'scoped';
  sha256: string;
  lines: number;
}

export interface Unknown {
  question: string;
  /** The cheapest way to answer it. */
  probe: string;
}

export interface NodeStack {
  manifests: string[];
  package_manager: 'npm' | 'pnpm' | 'yarn' | 'bun';
  lockfile?: string;
  workspaces: string[];
}

export interface Stack {
  node?: NodeStack;
  python?: { files: string[] };
  rust?: { files: string[] };
  go?: { module?: string; files: string[] };
  make?: { file: string; targets: string[] };
  just?: { file: string; recipes: string[] };
  jvm?: { tool: 'gradle' | 'maven'; files: string[] };
}

export interface ScanResult {
  files: number;
  languages: { language: string; files: number }[];
  stack: Stack;
  ci: CiFile[];
  instructions: InstructionFile[];
  governance: {
    license?: string;
    security?: string;
    contributing?: string;
    code_of_conduct?: string;
  };
  lockfile?: string;
  tests: { dirs: string[]; files: number };
  candidates: Candidate[];
  not_adoptable: NotAdoptable[];
  unknowns: Unknown[];
  /** Inputs scan did not read (e.g. `package_manifests` past the cap) → how many. Lists are never cut. */
  omitted: Record<string, number>;
}

/** The files scan read, path → text (files over the size cap are absent). */
export type FileContents = ReadonlyMap<string, string>;
