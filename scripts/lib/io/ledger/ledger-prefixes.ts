// Proofs that the working ledger extends a committed one (HEAD, the upstream's fork point), made in
// a pass that reads every byte anyway: each segment's first `size` bytes are hashed as the git blob
// the ref holds, for several refs at once, so `verify --full` reads the ledger twice (context scan,
// then the line checks) instead of once more per ref.
import { createHash, type Hash } from 'node:crypto';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';
import {
  deletedFinding,
  listLedgerBlobs,
  readBaseLedger,
  rewrittenFinding,
  type BaseBlob,
} from './ledger-base.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import type { ByteSink } from '../host/read-lines.ts';
import type { SegmentFile } from '../../core/world/ledger-port.ts';

/** A ref whose ledger the working one must extend byte for byte. */
export interface PrefixCheck {
  /** How findings name the ref: "committed at HEAD", "on origin/main (fork point abc1234)". */
  where: string;
  objectFormat: 'sha1' | 'sha256';
  /** Segment file (repository-relative) → its blob on the ref. */
  segments: ReadonlyMap<string, BaseBlob>;
}

/** The ledger committed at `ref`, or undefined when nothing is committed (no commits, new ledger). */
export async function committedCheck(
  plane: PlaneLocation,
  ref = 'HEAD',
): Promise<PrefixCheck | undefined> {
  const blobs = await listLedgerBlobs(plane.root, ledgerRel(plane), ref);
  if (blobs === undefined || blobs.size === 0) return undefined;
  const objectFormat = [...blobs.values()][0]!.oid.length === 64 ? 'sha256' : 'sha1';
  return { where: `committed at ${ref}`, objectFormat, segments: blobs };
}

const COMMIT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** The ledger at the fork point with the branch's upstream. */
export async function upstreamCheck(
  plane: PlaneLocation,
  upstream: { ref: string; commit: string },
  label = `${upstream.ref} (fork point ${upstream.commit.slice(0, 7)})`,
): Promise<PrefixCheck> {
  const where = `on ${label}`;
  // A commit id the probe or --base already resolved needs no second `rev-parse`: its length is
  // the object format, and the listing (shared with the checkpoint's proof) says it is a commit.
  const format = COMMIT_ID.exec(upstream.commit)?.[1] === undefined ? 'sha1' : 'sha256';
  const listed = COMMIT_ID.test(upstream.commit)
    ? await listLedgerBlobs(plane.root, ledgerRel(plane), upstream.commit)
    : undefined;
  if (listed !== undefined) return { where, objectFormat: format, segments: listed };
  const base = await readBaseLedger(plane.root, ledgerRel(plane), upstream.commit);
  return { where, objectFormat: base.objectFormat, segments: base.segments };
}

/**
 * One segment's blobs on every check, hashed from the segment's bytes as a reader feeds them in
 * order from byte 0; each hash stops at its blob's size.
 */
export class SegmentPrefixes implements ByteSink {
  private fed = 0;
  private readonly parts: { check: number; blob: BaseBlob; hash: Hash | undefined }[];
  private readonly segment: SegmentFile;
  private readonly size: number;

  constructor(checks: readonly PrefixCheck[], segment: SegmentFile, size: number) {
    this.segment = segment;
    this.size = size;
    this.parts = checks.flatMap((check, index) => {
      const blob = check.segments.get(segment.file);
      if (blob === undefined) return [];
      // A file shorter than the blob cannot extend it: no need to hash.
      const hash =
        size >= blob.size
          ? createHash(check.objectFormat).update(`blob ${blob.size}\0`)
          : undefined;
      return [{ check: index, blob, hash }];
    });
  }

  update(data: Buffer): void {
    for (const part of this.parts) {
      const wanted = part.blob.size - this.fed;
      if (part.hash === undefined || wanted <= 0) continue;
      part.hash.update(wanted >= data.length ? data : data.subarray(0, wanted));
    }
    this.fed += data.length;
  }

  /** After every byte was fed: the finding per check index where the segment does not extend it. */
  async findings(
    root: string,
    checks: readonly PrefixCheck[],
  ): Promise<{ check: number; finding: LedgerFinding }[]> {
    const found: { check: number; finding: LedgerFinding }[] = [];
    for (const part of this.parts) {
      if (part.hash !== undefined && part.hash.digest('hex') === part.blob.oid) continue;
      const where = checks[part.check]!.where;
      const finding = await rewrittenFinding(root, where, this.segment, part.blob, this.size);
      found.push({ check: part.check, finding });
    }
    return found;
  }
}

/** Collects each check's findings over the segments, ordered by file like a full base proof. */
export class PrefixFindings {
  private readonly found: { check: number; finding: LedgerFinding }[] = [];
  private readonly checks: readonly PrefixCheck[];

  constructor(checks: readonly PrefixCheck[], current: readonly SegmentFile[]) {
    this.checks = checks;
    const present = new Set(current.map((s) => s.file));
    checks.forEach((check, index) => {
      for (const file of check.segments.keys()) {
        if (!present.has(file)) {
          this.found.push({ check: index, finding: deletedFinding(file, check.where) });
        }
      }
    });
  }

  add(found: readonly { check: number; finding: LedgerFinding }[]): void {
    this.found.push(...found);
  }

  /** Findings of each check, in the order the checks were given. */
  byCheck(): LedgerFinding[][] {
    return this.checks.map((_, index) =>
      this.found
        .filter((f) => f.check === index)
        .map((f) => f.finding)
        .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    );
  }
}
