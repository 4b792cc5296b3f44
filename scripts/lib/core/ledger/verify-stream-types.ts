// The streaming verifier's configuration, its result and the state it keeps per segment.
import type { Authority } from '../shared/authority.ts';
import type { TrustedRegions } from './ledger-index.ts';
import type { ChainState } from './verify-chain.ts';
import type { VerifiedCounts } from './describe-verified.ts';
import type { FindingCode, LedgerFinding, LocatedEntry, StoredEntry } from './types.ts';

export type ObjectState = 'ok' | 'missing' | 'corrupt';

/** Seals whose inventory one run re-computes; more is a finding (each costs a prefix read). */
export const MAX_CHECKED_SEALS = 256;

export interface VerifierConfig {
  ledgerId: string;
  authorities: readonly Authority[];
  /** Manifest path relative to the root, for key registry errors. */
  manifestFile: string;
  objectState(digest: string): ObjectState;
  /** Every key and seal entry of the ledger (trusted and checked regions), in ledger order. */
  context: readonly LocatedEntry[];
  trusted?: TrustedRegions;
  /** Evidence object digests of a segment's valid entries 0..lastIndex (seal inventories). */
  prefixObjects(segment: string, lastIndex: number): Iterable<string>;
  findingsCap?: number;
  /** The verifier's clock; without it entry times are not compared with the present. */
  now?: Date;
  /** Seal hashes whose inventory is not re-computed: a trusted checkpoint's, over unread lines. */
  vouchedSeals?: ReadonlySet<string>;
  /** Called with every valid entry of the checked lines, in ledger order (the gate keeps them). */
  onEntry?: (stored: StoredEntry) => void;
}

export interface SegmentRegion {
  name: string;
  /** Path relative to the repository root. */
  file: string;
  /** First checked line; earlier lines are trusted (verified on a base ref). */
  start: number;
  /** Hash of line `start - 1`; null when `start` is 0. */
  previousHash: string | null;
}

export interface VerifyLedgerResult {
  /** The first findings in file and line order (at most the cap). */
  findings: LedgerFinding[];
  /** Every finding, listed or not. */
  findingCount: number;
  /** Lines checked (all lines, or only the new ones under --base). */
  checkedLines: number;
  segments: number;
  /** Valid entries among the checked lines, how many carry signatures, how many are seals. */
  counts: VerifiedCounts;
}

export interface SeenCheck {
  /** The key or seal entry the viewer must not have seen. */
  segment: string;
  index: number;
  /** The viewer's recorded head of `segment`. */
  head: string | undefined;
  code: FindingCode;
  message: string;
}

export interface Pending {
  file: string;
  line: number;
  viewerSegment: string;
  detail: number;
  /** A forward reference: `hash` must be in `segment` (a head) or in another segment (a merge parent). */
  ref?: { hash: string; segment: string | undefined };
  /** Seen checks in order; the first that holds is the finding. */
  seen?: SeenCheck[];
}

export interface OpenSegment {
  region: SegmentRegion;
  chain: ChainState;
  lines: number;
  /** Seals that closed this segment after line `at`. */
  closures: { seal: LocatedEntry; at: number }[];
  closingHeads: Map<string, LocatedEntry[]> | undefined;
  /** seq and prev of the previous line when it was an entry (a twin repeats both). */
  lastEntry: { seq: number; prev: string | null } | undefined;
}
