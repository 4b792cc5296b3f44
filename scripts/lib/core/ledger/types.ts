// The ledger's data model (references/ledger-format.md). Every field read from
// disk is untrusted until scripts/lib/core/ledger/parse-entry.ts has checked it.

export const ENTRY_KINDS = [
  'run',
  'audit',
  'attest',
  'claim',
  'seal',
  'key',
  'efficacy',
  'note',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export { AUDIT_STAGES, type AuditStage } from '../shared/authority.ts';

export interface Actor {
  /** Free-text display label. Never used for identity. */
  label: string;
  /** Registered authority id from the manifest, e.g. `virtual:developer`. */
  authority: string;
  /** Execution context, e.g. `local:<host>`, `ci:github:<run>`. */
  context: string;
  /** sha256 hex of the raw Ed25519 public key, when the entry is signed. */
  keyid?: string;
  /** Where the entry was written, as its writer states it: a label that can only weaken a verdict. */
  origin?: EntryOrigin;
}

/** The writing clone's id (the first part of its segment names) and the host's name. */
export type EntryOrigin = {
  clone: string;
  host: string;
};

/** What was judged (see ARCHITECTURE.md). All digests are lowercase hex. */
export interface SubjectBinding {
  /** git tree id of the working tree minus `<plane>/evidence/`, `<plane>/knowledge/` and declared outputs. */
  tree: string;
  /** sha256 of the canonical JSON of the parsed manifest. */
  manifest: string;
  /** sha256 of the canonical JSON of the parsed registry. */
  registry: string;
  /** sha256 of the canonical JSON of the control's own definition (entries about one control). */
  control?: string;
  /** sha256 over the control's `inputs` as found in `tree` (entries about one control with inputs). */
  inputs?: string;
  /** sha256 of the manifest parts that decide a control's result (scope, evidence policy). */
  policy?: string;
}

/** What evidence existed when the entry was written. */
export interface StorageBinding {
  /** Segment name → hash of its last line, for every segment the writer saw. */
  heads: Record<string, string>;
  /** sha256 hex digests of the evidence objects this entry refers to, sorted, unique. */
  objects: string[];
}

export type Signature = KeySignature | KeylessSignature;

/** What an entry's signatures cover: the PAE head, then `body` minus the bytes [cutAt, cutEnd). */
export interface SignedBody {
  head: string;
  body: Buffer;
  cutAt: number;
  cutEnd: number;
}

export interface KeySignature {
  keyid: string;
  /** Canonical (padded, standard alphabet) base64 of the 64-byte Ed25519 signature. */
  sig: string;
  bundle?: never;
}

/** A Sigstore keyless signature: `keyid` is the identity id, `bundle` the bundle's object digest. */
export interface KeylessSignature {
  keyid: string;
  bundle: string;
  sig?: never;
}

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface LedgerEntry {
  /** Format version. */
  v: 1;
  kind: EntryKind;
  /** The ledger id from the manifest; an entry replayed from another ledger fails verify. */
  ledger: string;
  /** Segment file name without `.jsonl`. */
  segment: string;
  /** 0-based position in the segment. */
  seq: number;
  /** sha256 hex of the previous line's exact bytes (without the newline); null for seq 0. */
  prev: string | null;
  /** Hashes of entries in other segments this entry joins (like git merge parents). */
  merge?: string[];
  /** ISO-8601 UTC time with milliseconds. */
  time: string;
  actor: Actor;
  subject: SubjectBinding;
  storage: StorageBinding;
  /** Kind-specific payload (references/ledger-format.md lists each kind's body). */
  body: JsonObject;
  sigs?: Signature[];
}

/** An entry as read back: the parsed value, its exact line bytes and location. */
export interface StoredEntry {
  entry: LedgerEntry;
  /** sha256 hex of the line's exact bytes (the `prev` of its successor). */
  hash: string;
  /** Path relative to the repository root, e.g. `.proofgate/evidence/ledger/ab12-main.jsonl`. */
  file: string;
  /** 1-based line number in `file`. */
  line: number;
}

/** Content-addressed evidence objects under `<plane>/evidence/objects/sha256/ab/<hex>`. */
export interface ObjectStore {
  /** Stores `data` create-only and atomically; returns its sha256 hex. Idempotent. */
  put(data: Uint8Array): Promise<string>;
  /** The object's bytes, or undefined when absent. Never trusts the file name: callers re-hash. */
  get(digest: string): Promise<Uint8Array | undefined>;
  has(digest: string): Promise<boolean>;
}

/** What a caller supplies to append an entry; the appender fills the rest (ledger-format.md). */
export interface EntryDraft {
  kind: EntryKind;
  /** ISO-8601 UTC with milliseconds, e.g. from `ctx.clock.now().toISOString()`. */
  time: string;
  actor: Actor;
  subject: SubjectBinding;
  body: JsonObject;
  /** Evidence object digests the entry refers to; stored sorted and unique. */
  objects?: string[];
  /** Entry hashes in other segments this entry joins. */
  merge?: string[];
}

/** Signs entries for one registered key. Identity is the raw public key, never a label. */
export interface Signer {
  /** sha256 hex of `publicKey`. */
  keyid: string;
  /** Raw 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

/** One segment file as read from disk, not yet judged. */
export interface SegmentSnapshot {
  /** File name without `.jsonl`. */
  name: string;
  /** Path relative to the repository root, POSIX separators. */
  file: string;
  bytes: Uint8Array;
  /** Complete lines without their `\n`, as views into `bytes`. */
  lines: Uint8Array[];
  /** True when the file does not end with `\n`: a writer was killed mid-append. */
  isTorn: boolean;
  /** The unterminated bytes after the last `\n` (empty unless torn). */
  tornTail: Uint8Array;
}

export interface LedgerSnapshot {
  /** Ledger directory relative to the repository root. */
  dir: string;
  /** Sorted by name. */
  segments: SegmentSnapshot[];
}

export const FINDING_CODES = [
  'TORN_LINE',
  'LINE_TOO_LONG',
  'NOT_CANONICAL',
  'BAD_ENTRY',
  'LEDGER_MISMATCH',
  'SEGMENT_MISMATCH',
  'BAD_SEGMENT_NAME',
  'SEQ_MISMATCH',
  'PREV_MISMATCH',
  'LINE_EDITED',
  'DUPLICATE_ENTRY',
  'MERGE_UNKNOWN',
  'HEAD_UNKNOWN',
  'AUTHORITY_UNKNOWN',
  'SIGNATURE_INVALID',
  'KEY_UNREGISTERED',
  'UNSIGNED_AFTER_KEY',
  'UNSIGNED_KEYED',
  'SEGMENT_UNPLACED',
  'TIME_IN_FUTURE',
  'KEY_ENTRY_INVALID',
  'OBJECT_MISSING',
  'OBJECT_CORRUPT',
  'SEAL_INVALID',
  'APPEND_AFTER_SEAL',
  'SEGMENT_DELETED',
  'HISTORY_REWRITTEN',
  'GRANT_UNSIGNED',
  'GRANT_SIGNATURE_INVALID',
  'TRUST_LEDGER_MISMATCH',
  'AUTHORITY_NOT_TRUSTED',
  'AUTHORITY_REMOVED',
  'AUTHORITY_CHANGED',
  'KEY_NOT_TRUSTED',
  'KEY_REMOVED',
  'HEAD_MISSING',
  'RULES_CHANGED',
  'CHECKPOINT_INVALID',
  'TOOL_MODIFIED',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

/** One problem found by verify; `line` is 1-based, 0 for a whole file. */
export interface LedgerFinding {
  file: string;
  line: number;
  code: FindingCode;
  message: string;
}

export interface EntryLocation {
  /** Segment name (file name without `.jsonl`). */
  segment: string;
  /** 0-based line index in the segment. */
  index: number;
}

/** A valid entry with where it was read: what the verifier's rules work on. */
export interface LocatedEntry extends EntryLocation {
  entry: LedgerEntry;
  file: string;
  hash: string;
}
