// `verify` over the segment files: each checked region is streamed line by line through the
// LedgerVerifier (bounded memory at any size), evidence objects are re-hashed once each, and the
// Ed25519 checks run in batches (libuv's pool, or worker threads for a large ledger) while the
// next lines are parsed.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../core/hash.ts';
import { keptObjects, type KeylessJob } from '../../core/ledger/keyless.ts';
import type { TrustedLines } from '../../core/ledger/ledger-index.ts';
import type { LedgerFinding, LocatedEntry, StoredEntry } from '../../core/ledger/types.ts';
import { MAX_LINE_BYTES, decodeLine } from '../../core/ledger/parse-ledger.ts';
import { CONTEXT_MARKERS, ContextCollector } from '../../core/ledger/verify-context.ts';
import {
  LedgerVerifier,
  type ObjectState,
  type VerifyLedgerResult,
} from '../../core/ledger/verify-stream.ts';
import { proveBase } from './ledger-base.ts';
import { PrefixFindings, SegmentPrefixes, type PrefixCheck } from './ledger-prefixes.ts';
import { ledgerDir, ledgerIdOf } from './ledger-store.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { listSegmentFiles } from './ledger-tails.ts';
import { assertStoreShape, objectsDir } from './objects.ts';
import type { Plane, PlaneLocation } from '../../core/plane/plane.ts';
import { LineReader } from '../host/read-lines.ts';
import { createSignatureChecks, type SignatureCheckOptions } from '../keys/signature-checks.ts';
import { checkObjects } from '../../core/ledger/verify-entry-checks.ts';
import type {
  SegmentFile,
  CheckedRegion,
  TrustedCheckpoint,
} from '../../core/world/ledger-port.ts';

export interface VerifyFilesOptions {
  /** Git ref the ledger must extend byte for byte; only the appended lines are checked. */
  base?: string;
  findingsCap?: number;
  /** The verifier's clock: entries dated beyond it (plus a small skew) are findings. */
  now?: Date;
  /** Objects re-hashed (`content`, the default) or only checked for presence. */
  objects?: 'content' | 'presence';
  /** Receives every valid checked entry in ledger order. */
  onEntry?: (stored: StoredEntry) => void;
  /** Where Ed25519 checks run (worker threads past a threshold by default). */
  signatures?: SignatureCheckOptions;
  /**
   * Refs the working ledger must extend byte for byte (HEAD, the upstream's fork point), proven in
   * the context scan's read. Full mode only; their findings come back in `prefixFindings`.
   */
  prefixes?: readonly PrefixCheck[];
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
  /** A trusted checkpoint: covered segments are checked from its regions on (io/ledger/ledger-checkpoint.ts). */
  checkpoint?: TrustedCheckpoint | undefined;
}

/**
 * Findings of the keyless (Sigstore) signatures the verifier queued. The sigstore libraries are
 * loaded only here, and only when a ledger holds such a signature.
 */
export async function keylessFindings(
  plane: Plane,
  jobs: readonly KeylessJob[],
  sigstoreRoot?: string,
): Promise<LedgerFinding[]> {
  if (jobs.length === 0) return [];
  const { verifyKeylessJobs } = await import('../keys/sigstore-verify.ts');
  return verifyKeylessJobs(plane, jobs, sigstoreRoot);
}

/** Signature checks queued before a batch is handed over. */
const BATCH = 128;

function readRange(path: string, from: number, to: number): Buffer {
  const buffer = Buffer.allocUnsafe(to - from);
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < buffer.length) {
      const n = readSync(fd, buffer, done, buffer.length - done, from + done);
      if (n === 0) break;
      done += n;
    }
    return buffer.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

/** Lines 0..count-1 of the trusted bytes [0, end), last first, read backwards in chunks. */
function* trustedLinesBackwards(path: string, end: number, count: number): TrustedLines {
  let index = count - 1;
  let lineEnd = end - 1;
  let from = end;
  let data: Buffer = Buffer.alloc(0);
  let isSkipping = false;
  while (index >= 0) {
    const searchEnd = lineEnd - from - 1;
    const nl = searchEnd >= 0 ? data.lastIndexOf(10, searchEnd) : -1;
    if (nl !== -1 || from === 0) {
      const lineStart = nl === -1 ? 0 : from + nl + 1;
      const isLong = isSkipping || lineEnd - lineStart > MAX_LINE_BYTES;
      const hash = isLong ? undefined : sha256Hex(data.subarray(lineStart - from, lineEnd - from));
      yield { index, hash };
      index -= 1;
      lineEnd = lineStart - 1;
      isSkipping = false;
      if (nl === -1) return;
      continue;
    }
    const readFrom = Math.max(0, from - (1 << 20));
    const chunk = readRange(path, readFrom, from);
    const kept = lineEnd - from;
    if (kept > MAX_LINE_BYTES) isSkipping = true;
    data = isSkipping ? chunk : Buffer.concat([chunk, data.subarray(0, Math.max(0, kept))]);
    from = readFrom;
  }
}

function* prefixObjects(path: string, lastIndex: number): Generator<string> {
  const reader = new LineReader(path, { maxLineBytes: MAX_LINE_BYTES });
  try {
    for (let i = 0; i <= lastIndex; i++) {
      const line = reader.next();
      if (line === undefined) return;
      const entry = line.bytes === undefined ? undefined : decodeLine(line.bytes).entry;
      if (entry !== undefined) yield* keptObjects(entry);
    }
  } finally {
    reader.close();
  }
}

function createObjectStates(
  plane: Plane,
  check: 'content' | 'presence',
): (digest: string) => ObjectState {
  const dir = objectsDir(plane);
  const states = new Map<string, ObjectState>();
  const directories = new Set<string>();
  return (digest) => {
    let state = states.get(digest);
    if (state === undefined) {
      const path = join(dir, digest.slice(0, 2), digest);
      // A symlink or a directory on the way to the object is an integrity error naming the path.
      state = !assertStoreShape(plane, path, directories)
        ? 'missing'
        : check === 'presence' || sha256Hex(readFileSync(path)) === digest
          ? 'ok'
          : 'corrupt';
      states.set(digest, state);
    }
    return state;
  };
}

/** The ledger's segment files as they are on disk now, sorted by name. */
export function currentSegmentFiles(plane: PlaneLocation): SegmentFile[] {
  const dir = ledgerDir(plane);
  const rel = ledgerRel(plane);
  return listSegmentFiles(dir).map((name) => ({
    name: name.slice(0, -'.jsonl'.length),
    file: `${rel}/${name}`,
    path: join(dir, name),
  }));
}

/** Verifies every segment (or, with `base`, the lines appended since that ref). */
export async function verifyLedgerFiles(
  plane: Plane,
  options: VerifyFilesOptions = {},
): Promise<
  VerifyLedgerResult & { prefixFindings: LedgerFinding[][]; checkpointSeals: LocatedEntry[] }
> {
  const manifestFile = plane.manifestPath.slice(plane.root.length + 1);
  const rel = ledgerRel(plane);
  const segments = currentSegmentFiles(plane);
  const context = new ContextCollector();
  const proof =
    options.base === undefined
      ? undefined
      : await proveBase(plane.root, rel, options.base, segments, context);
  const { checkpoint } = options;
  const regionOf = (name: string): CheckedRegion =>
    checkpoint?.regions.get(name) ??
    proof?.regions.get(name) ?? { start: 0, startByte: 0, previousHash: null };
  // The covered prefix's keys and seals come from the checkpoint's state, before the suffix's.
  if (checkpoint !== undefined) context.entries.push(...checkpoint.context);
  const checks = proof === undefined ? (options.prefixes ?? []) : [];
  const prefixFindings = new PrefixFindings(checks, segments);
  for (const segment of segments) {
    const region = regionOf(segment.name);
    const size = statSync(segment.path).size;
    // A covered segment's prefix is proven by blob id (io/ledger/ledger-checkpoint.ts), not read.
    const prefixes =
      checks.length === 0 || region.startByte > 0
        ? undefined
        : new SegmentPrefixes(checks, segment, size);
    const reader = new LineReader(segment.path, {
      start: region.startByte,
      end: size,
      maxLineBytes: MAX_LINE_BYTES,
      markers: CONTEXT_MARKERS,
      ...(prefixes === undefined ? {} : { hash: prefixes }),
    });
    try {
      let index = region.start;
      for (let line = reader.next(); line !== undefined; line = reader.next(), index++) {
        if (line.bytes !== undefined && reader.hasMarker(line)) {
          context.consider(line.bytes, segment.name, segment.file, index);
        }
      }
    } finally {
      reader.close();
    }
    if (prefixes !== undefined) prefixFindings.add(await prefixes.findings(plane.root, checks));
  }
  const pathOf = new Map(segments.map((s) => [s.name, s.path]));
  const objectState = createObjectStates(plane, options.objects ?? 'content');
  const verifier = new LedgerVerifier({
    ledgerId: ledgerIdOf(plane.manifest, manifestFile),
    authorities: plane.manifest.authorities,
    manifestFile,
    objectState,
    ...(checkpoint === undefined ? {} : { vouchedSeals: new Set([checkpoint.seal.hash]) }),
    context: context.entries,
    trusted: {
      backwards: (name) => {
        const region = regionOf(name);
        return trustedLinesBackwards(pathOf.get(name) ?? '', region.startByte, region.start);
      },
    },
    prefixObjects: (name, lastIndex) => prefixObjects(pathOf.get(name) ?? '', lastIndex),
    ...(options.findingsCap === undefined ? {} : { findingsCap: options.findingsCap }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.onEntry === undefined ? {} : { onEntry: options.onEntry }),
  });
  for (const finding of [...(proof?.findings ?? []), ...context.findings]) {
    verifier.addFinding(finding);
  }
  // The objects the retained entries name are re-hashed like the suffix's: a verdict relies on them.
  for (const { entry, file, line } of checkpoint?.retained ?? []) {
    checkObjects(entry, objectState, (code, message) =>
      verifier.addFinding({ file, line, code, message }),
    );
  }
  const pool = createSignatureChecks((job) => verifier.rejectSignature(job), options.signatures);
  for (const segment of segments) {
    const region = regionOf(segment.name);
    verifier.beginSegment({ name: segment.name, file: segment.file, ...region });
    const reader = new LineReader(segment.path, {
      start: region.startByte,
      maxLineBytes: MAX_LINE_BYTES,
    });
    try {
      for (let line = reader.next(); line !== undefined; line = reader.next()) {
        if (line.bytes !== undefined) verifier.line(line.bytes);
        else verifier.overlongLine(line.overlongBytes, line.overlongSha256);
        if (verifier.queuedSignatures >= BATCH) {
          pool.submit(verifier.takeSignatureJobs());
          await pool.room();
        }
      }
    } finally {
      reader.close();
    }
    verifier.endSegment(reader.tailBytes);
  }
  pool.submit(verifier.takeSignatureJobs());
  await pool.drain();
  for (const finding of await keylessFindings(plane, verifier.keyless, options.sigstoreRoot)) {
    verifier.addFinding(finding);
  }
  const inherited = new Set(checkpoint?.context);
  // Checkpoint seals among the checked lines (under --base, those appended since the base).
  const checkpointSeals = context.entries.filter(
    (e) =>
      !inherited.has(e) &&
      e.index >= regionOf(e.segment).start &&
      e.entry.kind === 'seal' &&
      e.entry.body['checkpoint'] !== undefined,
  );
  return { ...verifier.finish(), prefixFindings: prefixFindings.byCheck(), checkpointSeals };
}
