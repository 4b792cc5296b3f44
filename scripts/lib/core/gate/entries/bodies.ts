// The bodies of the gate's ledger entries (references/statuses.md "Entry bodies"). One entry per
// control result. Integers only: durations are whole milliseconds, sizes whole bytes.
import type { AuditStage } from '../../ledger/types.ts';
import type { AuthorizationKind, ClaimScope, Execution, Maturity } from '../../plane/types.ts';
import type { RatchetDetails } from './ratchet-details.ts';
import type { Grant } from '../../shared/authority.ts';
import type { Inventory } from '../../inventory/inventory.ts';

export const RESULT_STATUSES = ['PASS', 'FAIL', 'BLOCKED'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const BLOCKER_KINDS = ['capability', 'authorization', 'environment', 'evidence'] as const;
type BlockerKind = (typeof BLOCKER_KINDS)[number];

export interface Blocker {
  kind: BlockerKind;
  /** What is missing, in one line. */
  detail: string;
  /** The exact command that runs the control again once the blocker is resolved. */
  rerun: string;
}

/** How one execution went; shared by `run` bodies and the re-execution inside `audit` bodies. */
export interface RunDetails {
  execution: Execution['type'];
  /** Redacted argv (command controls only). */
  argv?: string[];
  /** Names of the environment variables the command got, shell basics aside (never values). */
  env_passed?: string[];
  exit_code?: number;
  duration_ms: number;
  timed_out: boolean;
  /** sha256 hex and byte count of the complete, unredacted merged stdout+stderr stream. */
  raw_sha256?: string;
  raw_bytes?: number;
  /** Digest of the redacted review copy stored as an evidence object. */
  review?: string;
  truncated: boolean;
  /** One-line outcome for non-command executions (file condition, trace findings). */
  detail?: string;
  blocker?: Blocker;
  /** Authorizations given with --authorize that this control required. */
  authorizations: AuthorizationKind[];
  /** Who granted each of those authorizations (absent when none was needed). */
  grants?: Grant[];
  /** Ratchet controls: the fingerprint set and its delta against the baseline. */
  ratchet?: RatchetDetails;
  /** The control's declared artifacts as stored after the run: path, object digest, size. */
  artifacts?: ArtifactRecord[];
  /** Command controls: the tests the runner says it ran, read from its output (or why not). */
  inventory?: Inventory;
}

export interface ArtifactRecord {
  path: string;
  sha256: string;
  bytes: number;
}

export interface RunBody extends RunDetails {
  control: string;
  stage: 'self';
  status: ResultStatus;
}

export const AGREEMENTS = ['agree', 'disputed', 'inconclusive'] as const;
/** `inconclusive`: the auditor's own re-execution was BLOCKED, so nothing was compared. */
export type Agreement = (typeof AGREEMENTS)[number];

export type ReviewStage = Exclude<AuditStage, 'self'>;

export interface AuditBody {
  control: string;
  stage: ReviewStage;
  /** Hash of the entry under review. */
  reviewed: string;
  reviewed_status: ResultStatus;
  status: ResultStatus;
  agreement: Agreement;
  differences: string[];
  /** The auditor's own re-execution (absent when reviewing an attestation). */
  run?: RunDetails;
}

export interface AttestBody {
  control: string;
  status: 'PASS' | 'FAIL';
  note: string;
  /** ISO-8601 UTC; after it the attestation is STALE. */
  expires?: string;
  /** Digest of the attached evidence object. */
  evidence?: string;
  /**
   * `attest --standing`: about something outside the code (a contract read, a policy), so a code
   * change does not stale it; it always expires. Absent: it binds the subject it judged (the
   * control's inputs, else the tree), so an acceptance for one task does not carry to the next.
   */
  standing?: true;
}

export interface StageActors {
  authorities: string[];
  contexts: string[];
  keyids: string[];
}

export interface ClaimBody {
  scope: ClaimScope;
  outcome: 'COMPLETED' | 'PASS';
  controls: string[];
  maturity: Maturity;
  stages: Partial<Record<AuditStage, StageActors>>;
  /** Hashes of the entries that decided each control and stage. */
  supporting: string[];
  /** A subproject plane's include globs: the claim holds for those paths only. */
  subproject?: string[];
  /**
   * The bound tree is the working tree, not a commit: HEAD then, and how many files in the
   * subject were modified (or staged, or deleted) and untracked.
   */
  uncommitted?: { head?: string; modified: number; untracked: number };
}
