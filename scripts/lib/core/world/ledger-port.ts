// What a flow reads and writes of the ledger itself, beside the gate's verified read (GateIO):
// the append under the lock, the one integrity check and its anchors, the checkpoint reads, the
// segments' files and tails, their repairs, the object store, the attestation history, the gate's
// own identity and the plane's meta subject (io/ledger/ledger-store.ts, io/ledger/ledger-integrity.ts,
// io/ledger/read-verified-ledger.ts and their neighbours).
import type { Context } from '../context.ts';
import type { AttestationHistory } from '../gate/status/attestation-age.ts';
import type { ToolIdentity } from '../gate/claim/tool-trust.ts';
import type { CheckpointBody, CheckpointSegment } from '../ledger/checkpoint.ts';
import type { KeylessSigner } from '../ledger/keyless.ts';
import type {
  EntryDraft,
  LedgerFinding,
  LocatedEntry,
  ObjectStore,
  Signer,
  StoredEntry,
  SubjectBinding,
} from '../ledger/types.ts';
import type { VerifyLedgerResult } from '../ledger/verify-stream-types.ts';
import type { Plane, PlaneLocation } from '../plane/plane.ts';
import type { Manifest } from '../plane/types.ts';
import type { UpstreamCheck } from '../ports.ts';

/** Why no checkpoint was used when the ledger has no checkpoint seal at all. */
export const NO_CHECKPOINT = 'no checkpoint seal';

/** A ref the ledger is proven against (it extends the ledger there byte for byte). */
export interface IntegrityAnchor {
  /** How git names it: `origin/main` (the upstream) or the --base ref as given. */
  ref: string;
  /** The commit proven against (the upstream's fork point, or the --base commit). */
  commit: string;
  /** How findings name it. */
  label: string;
}

/**
 * What the ledger is proven against: the branch upstream (`find`), a fork point already found, none,
 * the ledger at a `--base` ref (claim: it extends it byte for byte), or the fork point of HEAD and
 * a `--base` ref (status, report).
 */
export type AnchorChoice =
  { upstream: 'find' | UpstreamCheck | undefined } | { base: string } | { fork: string };

/** Where checking starts in one segment: line `start` at byte `startByte`. */
export interface CheckedRegion {
  start: number;
  startByte: number;
  /** Hash of line `start - 1`; null when `start` is 0. */
  previousHash: string | null;
}

/** A checkpoint a verdict may trust (io/ledger/ledger-checkpoint.ts). */
export interface TrustedCheckpoint {
  /** The checkpoint seal (the first line of its own, uncovered, segment). */
  seal: LocatedEntry;
  body: CheckpointBody;
  /** The retained lines of the covered prefix, in segment and line order. */
  retained: StoredEntry[];
  /** Key and seal entries among them (what the verifier must know before the suffix). */
  context: LocatedEntry[];
  /** Covered segment name → where its suffix starts. */
  regions: Map<string, CheckedRegion>;
}

/** The checkpoint a verdict may start from, or why the whole ledger is read. */
export type CheckpointUse = { checkpoint: TrustedCheckpoint } | { skipped: string };

export interface IntegrityInput {
  anchor: IntegrityAnchor | undefined;
  /** verify --base: only the lines appended since the anchor are parsed (its lines proven by bytes). */
  appendedOnly?: boolean;
  /** Receives every valid entry in ledger order (the gate keeps them). */
  onEntry?: (stored: StoredEntry) => void;
  findingsCap?: number;
  /** Findings another source made first (a --trust file's differences), named before the rest. */
  leading?: readonly LedgerFinding[];
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
  /**
   * A trusted checkpoint (io/ledger/ledger-checkpoint.ts): only the lines after it are read and checked;
   * its covered segments are proven by blob id instead. Without it, every line, and every
   * checkpoint seal's state re-computed from the lines it covers.
   */
  checkpoint?: TrustedCheckpoint | undefined;
}

/** A verified read that started from a trusted checkpoint: its entries and the suffix's check. */
export interface CheckpointRead {
  /** The checkpoint's retained lines and the suffix, in file order. */
  entries: StoredEntry[];
  /** The integrity check of the suffix (no findings). */
  report: VerifyLedgerResult;
  checkpoint: TrustedCheckpoint;
}

/** How the latest verdict read of this process read the ledger (`status --json` shows it). */
export type LedgerRead =
  { from: 'checkpoint'; checkpoint: string } | { from: 'whole'; why: string };

/** One segment file of the working ledger. */
export interface SegmentFile {
  name: string;
  /** Path relative to the repository root. */
  file: string;
  path: string;
}

/** The end of one segment file as read from disk. */
export interface SegmentTail {
  name: string;
  path: string;
  size: number;
  /** The last complete line without its newline; undefined for none or one over the cap. */
  lastLine: Uint8Array | undefined;
  /** True when the last complete line is longer than the line cap (it was not read). */
  isLastLineTooLong: boolean;
  /** Bytes after the last newline (a torn write); empty when the file ends with `\n`. */
  tornTail: Uint8Array;
  /** Length of the torn tail; undefined when it is longer than the cap (not measured). */
  tornBytes: number | undefined;
}

/** A forked line `verify --repair` moved aside. */
export interface RepairedFork {
  file: string;
  line: number;
  seq: number;
  lineSha256: string;
}

/** A torn tail `verify --repair` removed. */
export interface RepairedTail {
  file: string;
  removedBytes: number;
  removedSha256: string;
}

export interface AppendOptions {
  /** Signs the entry; see loadSigner in scripts/lib/io/keys/keys.ts. */
  signer?: Signer;
  /** Signs the entry keyless through Sigstore instead (io/keys/sigstore-sign.ts); the lock is held meanwhile. */
  keyless?: KeylessSigner | undefined;
  lockTimeoutMs?: number;
  /** The manifest, when the caller has loaded the plane already (else read from disk). */
  manifest?: Manifest;
  /** Writes to this segment instead of the writer's own (only init's ledger root does). */
  segmentBase?: string;
  /** Secret values (the declared environment's) redacted from the typed fields too. */
  secrets?: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

export interface LedgerPort {
  /** Appends one entry under the ledger lock (signed when asked) and returns it as stored. */
  appendEntry(
    plane: PlaneLocation,
    draft: EntryDraft,
    options?: AppendOptions,
  ): Promise<StoredEntry>;
  ledgerDir(plane: PlaneLocation): string;
  ledgerIdOf(manifest: Manifest, file?: string): string;
  /** Every integrity finding of the ledger and its evidence (the one check `verify` runs). */
  checkIntegrity(
    plane: Plane,
    input: IntegrityInput,
    ctx: Pick<Context, 'clock'> | undefined,
  ): Promise<VerifyLedgerResult>;
  resolveAnchor(plane: Plane, choice: AnchorChoice): Promise<IntegrityAnchor | undefined>;
  anchorOfUpstream(upstream: UpstreamCheck): IntegrityAnchor;
  /** The branch's upstream and fork point; undefined when there is none. */
  findUpstream(root: string, consumer?: string): Promise<UpstreamCheck | undefined>;
  /** The fork point of HEAD and `ref` (a usage error when git cannot resolve it). */
  findBaseFork(root: string, ref: string): Promise<UpstreamCheck>;
  readFromCheckpoint(
    plane: Plane,
    anchor: IntegrityAnchor | undefined,
    ctx: Pick<Context, 'clock'> | undefined,
    sigstoreRoot: string | undefined,
  ): Promise<CheckpointRead | undefined>;
  readWholeVerified(
    plane: Plane,
    input: Omit<IntegrityInput, 'onEntry'>,
    ctx?: Pick<Context, 'clock'>,
  ): Promise<{ entries: StoredEntry[]; report: VerifyLedgerResult }>;
  readSegmentTails(ledgerDir: string): SegmentTail[];
  currentSegmentFiles(plane: PlaneLocation): SegmentFile[];
  computeCheckpoint(
    root: string,
    segments: readonly SegmentFile[],
  ): Promise<{ state: Uint8Array; entries: number; segments: Record<string, CheckpointSegment> }>;
  usableCheckpoint(
    plane: Plane,
    anchor: { commit: string; label: string } | undefined,
    sigstoreRoot?: string,
  ): Promise<CheckpointUse>;
  createObjectStore(plane: PlaneLocation): ObjectStore;
  readAttestationHistory(
    plane: Plane,
    entries: readonly StoredEntry[],
  ): Promise<AttestationHistory>;
  /** The running proofgate's identity, read synchronously (verify names it). */
  readToolIdentity(root: string): ToolIdentity;
  /** The subject binding of entries about the plane itself (keys, seals, init). */
  readMetaSubject(plane: Plane): Promise<SubjectBinding>;
}

/** `verify --repair` and `--repair-torn`: each repair recorded in a note of its own. */
export interface LedgerRepairPort {
  repairForks(plane: Plane, authorityId: string, env: Env, time: string): Promise<RepairedFork[]>;
  repairTornTails(
    plane: Plane,
    authorityId: string,
    env: Env,
    time: string,
  ): Promise<RepairedTail[]>;
}
