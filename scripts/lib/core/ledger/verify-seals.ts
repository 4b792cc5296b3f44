// Seals (references/seal.md): a seal entry records the head of every segment its writer saw and an
// inventory digest over the evidence objects those prefixes reference. A sealed segment is closed:
// its writer continues in `<name>-g<N>`, and an entry appended after the sealed head by a writer
// that had seen the seal is a finding.
import { sha256Hex } from '../hash.ts';
import type { LedgerIndex } from './ledger-index.ts';
import { HEX64 } from './parse-entry.ts';
import { readCheckpointBody, type CheckpointBody } from './checkpoint.ts';
import { checkSealArchive, type SealArchive } from './seal-archive.ts';
import type { Report } from './verify-chain.ts';
import type { FindingSink } from './verify-findings.ts';
import type { ReferenceTracker } from './verify-references.ts';
import type { LedgerEntry, LocatedEntry } from './types.ts';
import { MAX_CHECKED_SEALS } from './verify-stream-types.ts';
import type { OpenSegment, SeenCheck, SegmentRegion } from './verify-stream-types.ts';

/** Domain-separation prefix of the inventory digest (see ARCHITECTURE.md). */
const INVENTORY_DOMAIN = 'proofgate.inventory.v1\n';

export interface SealBody {
  archive_id: string;
  heads: Record<string, string>;
  inventory: string;
  objects: number;
  /** A checkpoint seal's covered prefix and state (checkpoint.ts). */
  checkpoint?: CheckpointBody;
  /** A plane archive sealed with `seal --archive` (seal-archive.ts). */
  archive?: SealArchive;
}

/** sha256 over the domain prefix and the sorted unique digests joined by `\n`. */
export function computeInventory(digests: Iterable<string>): {
  inventory: string;
  objects: number;
} {
  const sorted = [...new Set(digests)].sort();
  return { inventory: sha256Hex(INVENTORY_DOMAIN + sorted.join('\n')), objects: sorted.length };
}

export function readSealBody(entry: LedgerEntry): SealBody | string {
  const body = entry.body;
  const names = Object.keys(body)
    .filter((k) => k !== 'checkpoint' && k !== 'archive')
    .sort()
    .join(',');
  if (names !== 'archive_id,heads,inventory,objects') {
    return 'body must be {archive_id, heads, inventory, objects} and optionally checkpoint, archive';
  }
  const checkpoint =
    body['checkpoint'] === undefined ? undefined : readCheckpointBody(body['checkpoint']);
  if (typeof checkpoint === 'string') return checkpoint;
  const archive =
    body['archive'] === undefined
      ? undefined
      : checkSealArchive(body['archive'], entry.storage.objects);
  if (typeof archive === 'string') return archive;
  const { archive_id: archiveId, heads, inventory, objects } = body;
  if (typeof archiveId !== 'string' || archiveId === '') return 'body.archive_id must be a string';
  if (typeof heads !== 'object' || heads === null || Array.isArray(heads))
    return 'body.heads must be an object';
  if (!Object.values(heads).every((h) => typeof h === 'string' && HEX64.test(h)))
    return 'body.heads values must be sha256 hex';
  if (typeof inventory !== 'string' || !HEX64.test(inventory))
    return 'body.inventory must be sha256 hex';
  if (typeof objects !== 'number' || objects < 0) return 'body.objects must be a count';
  return {
    archive_id: archiveId,
    heads: heads as Record<string, string>,
    inventory,
    objects,
    ...(checkpoint === undefined ? {} : { checkpoint }),
    ...(archive === undefined ? {} : { archive }),
  };
}

/** Segments a seal closes: every segment in its heads, and its own. */
export function closedBy(seal: LedgerEntry): string[] {
  const body = readSealBody(seal);
  return typeof body === 'string' ? [] : [...new Set([...Object.keys(body.heads), seal.segment])];
}

/** Checks a seal's heads and inventory; `prefixObjects` lists the objects of a segment's lines 0..index. */
export function checkSealInventory(
  body: SealBody,
  locate: (hash: string, segment: string) => { segment: string; index: number } | undefined,
  prefixObjects: (segment: string, lastIndex: number) => Iterable<string>,
): string[] {
  const problems: string[] = [];
  const digests = new Set<string>();
  for (const [segment, head] of Object.entries(body.heads)) {
    const at = locate(head, segment);
    if (at === undefined || at.segment !== segment) {
      problems.push(`sealed head of ${segment} is not in that segment`);
      continue;
    }
    for (const digest of prefixObjects(segment, at.index)) digests.add(digest);
  }
  const actual = computeInventory(digests);
  if (actual.inventory !== body.inventory || actual.objects !== body.objects) {
    problems.push(
      `inventory ${body.inventory.slice(0, 12)}… over ${body.objects} objects does not match the sealed prefixes (${actual.inventory.slice(0, 12)}… over ${actual.objects})`,
    );
  }
  return problems;
}

/**
 * The verifier's view of seals: which seals close which segment (known up front from the context
 * scan), an append after a closing seal by a writer that had seen it, and the inventories of the
 * seals among the checked lines, re-computed at the end.
 */
export class SealTracker {
  private readonly index: LedgerIndex;
  private readonly references: ReferenceTracker;
  /** Segment → seals closing it at their own line. */
  private readonly ownClosures = new Map<string, LocatedEntry[]>();
  /** Segment → head hash → seals whose heads close the segment at that line. */
  private readonly closingHeads = new Map<string, Map<string, LocatedEntry[]>>();
  private readonly checkedSeals: { located: LocatedEntry; body: SealBody }[] = [];

  constructor(index: LedgerIndex, references: ReferenceTracker) {
    this.index = index;
    this.references = references;
  }

  /** Registers a seal of the ledger (trusted or checked region), before any line is streamed. */
  addSeal(seal: LocatedEntry): void {
    const body = readSealBody(seal.entry);
    if (typeof body === 'string') return;
    const own = this.ownClosures.get(seal.segment) ?? [];
    own.push(seal);
    this.ownClosures.set(seal.segment, own);
    for (const [segment, head] of Object.entries(body.heads)) {
      if (segment === seal.segment) continue;
      const heads = this.closingHeads.get(segment) ?? new Map<string, LocatedEntry[]>();
      heads.set(head, [...(heads.get(head) ?? []), seal]);
      this.closingHeads.set(segment, heads);
    }
  }

  /** The closures known when a segment's checked region begins, and its closing heads. */
  segmentClosures(region: SegmentRegion): Pick<OpenSegment, 'closures' | 'closingHeads'> {
    const closures = (this.ownClosures.get(region.name) ?? []).map((seal) => ({
      seal,
      at: seal.index,
    }));
    const closingHeads = this.closingHeads.get(region.name);
    // A closing head in the trusted region closes every checked line.
    for (const [head, seals] of region.start > 0 ? (closingHeads ?? []) : []) {
      const at = this.index.locate(head, region.name);
      if (at === undefined || at.segment !== region.name) continue;
      for (const seal of seals) closures.push({ seal, at: at.index });
    }
    return { closures, closingHeads };
  }

  /** Checks a streamed entry: a seal's body, and appends after a seal that closed its segment. */
  check(located: LocatedEntry, open: OpenSegment, report: Report): void {
    if (located.entry.kind === 'seal') {
      const body = readSealBody(located.entry);
      if (typeof body === 'string') report('SEAL_INVALID', body);
      else if (this.checkedSeals.length >= MAX_CHECKED_SEALS) {
        report(
          'SEAL_INVALID',
          `more than ${MAX_CHECKED_SEALS} seals in the checked lines: this inventory is not checked`,
        );
      } else this.checkedSeals.push({ located, body });
    }
    for (const { seal, at } of open.closures) {
      if (located.index <= at) continue;
      const body = readSealBody(seal.entry) as SealBody;
      const check: SeenCheck = {
        segment: seal.segment,
        index: seal.index,
        head: located.entry.storage.heads[seal.segment],
        code: 'APPEND_AFTER_SEAL',
        message: `entry appended to segment ${located.segment} after seal "${body.archive_id}" (${seal.file}:${seal.index + 1}) closed it`,
      };
      this.references.checkSeen(located, [check], report);
    }
  }

  /** Re-computes the inventory of every checked seal against the complete index. */
  finish(
    sink: FindingSink,
    prefixObjects: (segment: string, lastIndex: number) => Iterable<string>,
    vouched?: ReadonlySet<string>,
  ): void {
    for (const { located, body } of this.checkedSeals) {
      // A trusted checkpoint's inventory is vouched for by its signature (verify --full re-computes it).
      if (vouched?.has(located.hash) === true) continue;
      const problems = checkSealInventory(
        body,
        (hash, segment) => this.index.locate(hash, segment),
        prefixObjects,
      );
      for (const message of problems) {
        sink.add({ file: located.file, line: located.index + 1, code: 'SEAL_INVALID', message });
      }
    }
  }
}
