// Every interface through which a flow reaches the outside world ("ports"): the gate's GateIO,
// efficacy's temporary worktree, ci-import's extras, the knowledge store and the process runner.
// The real implementations live in scripts/lib/io/; tests supply in-memory fakes
// (test/helpers/fake-gate-io.ts). See ARCHITECTURE.md.
import type { SyntaxNode, TreeLanguage } from './efficacy/syntax-tree.ts';
import type { AttestationHistory } from './gate/status/attestation-age.ts';
import type { Uncommitted } from './gate/claim/uncommitted.ts';
import type { ToolIdentity } from './gate/claim/tool-trust.ts';
import type {
  EntryDraft,
  LedgerFinding,
  ObjectStore,
  StoredEntry,
  SubjectBinding,
} from './ledger/types.ts';
import type { Control, Execution } from './plane/types.ts';
import type { KnowledgeKind, KnowledgeRecord } from './knowledge/types.ts';
import type { Plane } from './plane/plane.ts';
import type { SubjectScope } from './binding/build-subject.ts';
import type { CiFile } from './scan/types.ts';

type TraceExecution = Extract<Execution, { type: 'trace' }>;

export interface TraceOutcome {
  status: 'PASS' | 'FAIL';
  /** One line, e.g. "2 block findings: refund-without-identity (trace 3)". */
  detail: string;
  /** The full findings report, stored as an evidence object when present. */
  report?: Uint8Array;
}

/** What is at a path relative to the root; `outside` when it resolves out of the root. */
export type PathState = 'file' | 'directory' | 'absent' | 'outside';

/**
 * The evidence budget's count over one run: each `bytes()` is what the store holds then, the ledger
 * read whole once and then only past what was already read (io/ledger/evidence-bytes.ts).
 */
export interface EvidenceMeter {
  bytes(): Promise<number>;
}

export interface GateIO {
  loadPlane(root: string): Promise<Plane>;
  /** Current subject binding per control id, for exactly the given controls. */
  computeSubjects(plane: Plane, controls: readonly Control[]): Promise<Map<string, SubjectBinding>>;
  /** Every entry of every segment, verified; ledger order. */
  readEntries(plane: Plane): Promise<StoredEntry[]>;
  /**
   * The paths (relative to the root) that differ between `from` (a commit or a tree id) and the
   * working tree's subject tree under `scope` (the files on disk: committed, uncommitted and
   * untracked-not-ignored); undefined when `from` is not in the object store.
   */
  changedPaths(plane: Plane, scope: SubjectScope, from: string): Promise<string[] | undefined>;
  /** Commit times of the attest entries among `entries` and of HEAD (attestation ages). */
  readAttestationHistory?(
    plane: Plane,
    entries: readonly StoredEntry[],
  ): Promise<AttestationHistory>;
  /**
   * The files the current subject binds that no commit holds (uncommitted edits and untracked
   * files inside the subject); undefined when the subject is HEAD's as committed.
   */
  readUncommitted?(plane: Plane): Promise<Uncommitted | undefined>;
  /**
   * Where the working ledger no longer extends the ledger committed at HEAD (a committed segment
   * deleted, a committed line changed or removed); empty when it does or nothing is committed.
   */
  proveCommitted(plane: Plane): Promise<LedgerFinding[]>;
  /** Counts the bytes the evidence store holds (the evidence budget is judged against them). */
  evidenceMeter?(plane: Plane): EvidenceMeter;
  /** The running proofgate: version, bundle and installed skill digests (its trust inputs). */
  readToolIdentity?(plane: Plane): Promise<ToolIdentity>;
  /** Appends under the ledger lock (held for the append only) and returns the stored entry. */
  append(plane: Plane, draft: EntryDraft): Promise<StoredEntry>;
  objects(plane: Plane): ObjectStore;
  runCommand(request: RunCommandRequest): Promise<RunCommandResult>;
  /**
   * A trace control's outcome; absent in the real world, where the gate runs the trace check
   * itself (flows/trace/trace-control.ts, loaded only then); a test may stand in for it.
   */
  checkTrace?(root: string, execution: TraceExecution): Promise<TraceOutcome>;
  statPath(root: string, path: string): Promise<PathState>;
  /** Bytes of a file inside the root (attest --evidence); throws UsageError when absent or outside. */
  readFile(root: string, path: string): Promise<Uint8Array>;
}

/** The ref the ledger was compared with: its name and the fork-point commit used. */
export interface UpstreamCheck {
  /** The upstream as git names it (e.g. `origin/main`), or the `--base` ref. */
  ref: string;
  /** The commit the ledger had to extend (the merge base of HEAD and the ref). */
  commit: string;
}

// The process runner (io/host/run-command.ts).
export interface RunCommandRequest {
  argv: readonly string[];
  /** Absolute repository root. */
  root: string;
  /** Working directory relative to root; default the root itself. */
  cwd?: string;
  /** The complete child environment (already reduced to the allowlist). */
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** Bytes of output kept in memory: half for the head, half for the tail. */
  capBytes: number;
  /** Aborting kills the whole process group at once (efficacy's interrupt handler). */
  signal?: AbortSignal;
}

export interface RunCommandOutput {
  ok: true;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  rawSha256: string;
  rawBytes: number;
  head: Uint8Array;
  tail: Uint8Array;
  omittedBytes: number;
}

export interface RunCommandRefusal {
  ok: false;
  reason: 'spawn_failed' | 'cwd_outside_root' | 'cwd_missing' | 'argv_invalid';
  /** errno code for spawn failures (ENOENT, EACCES, ...). */
  code?: string;
  detail: string;
  durationMs: number;
}

export type RunCommandResult = RunCommandOutput | RunCommandRefusal;

// efficacy: a disposable copy of the working tree (io/repo/temp-worktree.ts); nothing behind this port
// may touch the user's working tree or index.
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
  /**
   * Makes `file` absent (removed, a directory with everything under it) or present (a small file,
   * its directories created): the seeded defect of a file check.
   */
  setPresence(worktree: TempWorktree, file: string, present: boolean): Promise<void>;
  /** Puts the worktree back to the state it was created with (undoes an applied patch). */
  reset(worktree: TempWorktree): Promise<void>;
  /** Bytes of a file the user names (a patch), resolved against `cwd`; UsageError when unreadable. */
  readUserFile(cwd: string, path: string): Promise<Uint8Array>;
  /** Text of a file under `root` (a path inside it), undefined when it is absent or unreadable. */
  readProjectFile(root: string, file: string): Promise<string | undefined>;
  /** The syntax tree of Python or Rust source (the parser is loaded on the first call only). */
  parseSyntax(language: TreeLanguage, text: string): Promise<SyntaxNode>;
}

// ci-import: the gate's IO plus CI files, commit trees and result files (io/real-ci-import-io.ts).
export interface CiImportIO {
  gate: GateIO;
  /** CI files as scan discovers them. */
  listCiFiles(root: string): Promise<CiFile[]>;
  /**
   * The full id of the commit `commit` names (any commit-ish git resolves: an id or a prefix of
   * one, HEAD, a branch, a tag, `HEAD~1`) and its subject tree (its tree minus the plane's storage
   * and files, as a subject binding computes it); undefined when it names no commit here.
   */
  commitTree(plane: Plane, commit: string): Promise<{ commit: string; tree: string } | undefined>;
  /** A result file (anywhere: downloaded artifacts live outside the repository). */
  readResultFile(path: string): Promise<Uint8Array>;
}

// The knowledge verbs' store (io/plane/knowledge-store.ts).
export type PathKind = 'file' | 'directory' | undefined;

/** What the knowledge verbs need from the world; tests and the integrator may supply their own. */
export interface KnowledgeIO {
  /** Absolute repository root. */
  root: string;
  /** Absolute `<plane>/knowledge` directory. */
  dir: string;
  /** The plane directory relative to the root ('' when the plane is the root). */
  planeRel: string;
  read(kind: KnowledgeKind): Promise<KnowledgeRecord[]>;
  /**
   * Appends whole canonical lines and fsyncs; all records or none reach the file. Returns the
   * records as written (typed text redacted), for the result a verb shows.
   */
  append(kind: KnowledgeKind, records: readonly KnowledgeRecord[]): Promise<KnowledgeRecord[]>;
  /** Whether a ledger line with this sha256 exists. */
  entryExists(hash: string): Promise<boolean>;
  /** The full entry hash a unique prefix (8+ hex) names; a full hash or other text unchanged. */
  expandEntry?(value: string, where: string): Promise<string>;
  /** The parsed ledger line with this sha256, when the store can read it. */
  entry?(hash: string): Promise<unknown>;
  /** git blob id of a repository-relative file, or undefined when it is not a file. */
  fileDigest(path: string): Promise<string | undefined>;
  pathKind(path: string): Promise<PathKind>;
}
