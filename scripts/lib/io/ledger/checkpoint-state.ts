// The state a checkpoint records, computed from the segment files: `seal --checkpoint` writes it,
// and the one integrity check (`verify --full`, and every verdict that reads the whole ledger)
// re-computes it for each checkpoint seal from the bytes it covers and compares (CHECKPOINT_INVALID
// on any difference). Reads whole prefixes: never on a verdict's suffix-only path.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { sha256Hex } from '../../core/hash.ts';
import {
  encodeState,
  type CheckpointBody,
  type CheckpointSegment,
} from '../../core/ledger/checkpoint.ts';
import { retainForCheckpoint } from '../../core/ledger/checkpoint-retain.ts';
import { decodeLine } from '../../core/ledger/parse-ledger.ts';
import type { LedgerFinding, LocatedEntry, StoredEntry } from '../../core/ledger/types.ts';
import { readSealBody } from '../../core/ledger/verify-seals.ts';
import { objectFormat } from '../git.ts';
import type { SegmentFile } from '../../core/world/ledger-port.ts';

function readPrefixBytes(path: string, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size);
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < size) {
      const n = readSync(fd, buffer, done, size - done, done);
      if (n === 0) break;
      done += n;
    }
    return buffer.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

interface SegmentPrefix {
  segment: SegmentFile;
  bytes: Buffer;
  lines: Buffer[];
}

function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(0x0a, at);
    if (end === -1) break;
    lines.push(bytes.subarray(at, end));
    at = end + 1;
  }
  return lines;
}

/** The state object and covered segments of a checkpoint over these prefixes. */
function computeState(
  prefixes: readonly SegmentPrefix[],
  format: 'sha1' | 'sha256',
): { state: Uint8Array; entries: number; segments: Record<string, CheckpointSegment> } {
  const stored: StoredEntry[] = [];
  const bytesOf = new Map<string, Buffer>();
  const segments: Record<string, CheckpointSegment> = {};
  for (const { segment, bytes, lines } of prefixes) {
    lines.forEach((line, i) => {
      const { entry } = decodeLine(line);
      if (entry === undefined) return;
      const hash = sha256Hex(line);
      bytesOf.set(hash, line);
      stored.push({ entry, hash, file: segment.file, line: i + 1 });
    });
    const blob = createHash(format).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
    segments[segment.name] = { lines: lines.length, bytes: bytes.length, blob };
  }
  const kept = retainForCheckpoint(stored);
  const retained = stored
    .filter((s) => kept.has(s.hash))
    .map((s) => ({ segment: s.entry.segment, index: s.line - 1, line: bytesOf.get(s.hash)! }));
  return { state: encodeState(retained), entries: retained.length, segments };
}

/** The checkpoint over the whole current segment files (seal --checkpoint, after its first seal). */
export async function computeCheckpoint(
  root: string,
  segments: readonly SegmentFile[],
): Promise<{ state: Uint8Array; entries: number; segments: Record<string, CheckpointSegment> }> {
  // The repository's object format: blob ids of the sealed segments are in it.
  const format = await objectFormat(root);
  const prefixes = segments
    .filter((segment) => statSync(segment.path).size > 0)
    .map((segment) => {
      const bytes = readPrefixBytes(segment.path, statSync(segment.path).size);
      return { segment, bytes, lines: splitLines(bytes) };
    });
  return computeState(prefixes, format);
}

/** Re-computes one checkpoint seal's state from the bytes it covers; findings name the seal. */
export function recheckCheckpoint(
  seal: LocatedEntry,
  segments: readonly SegmentFile[],
): LedgerFinding[] {
  const body = readSealBody(seal.entry);
  if (typeof body === 'string' || body.checkpoint === undefined) return [];
  const checkpoint: CheckpointBody = body.checkpoint;
  const problems: string[] = [];
  const byName = new Map(segments.map((s) => [s.name, s]));
  const prefixes: SegmentPrefix[] = [];
  const covered = Object.keys(checkpoint.segments).sort();
  const headNames = Object.keys(body.heads)
    .filter((n) => n !== seal.segment)
    .sort();
  if (covered.join(',') !== headNames.join(','))
    problems.push('the covered segments are not the segments the seal names heads of');
  for (const name of covered) {
    const recorded = checkpoint.segments[name]!;
    const segment = byName.get(name);
    if (segment === undefined) {
      problems.push(`covered segment ${name} is missing`);
      continue;
    }
    const bytes = readPrefixBytes(segment.path, recorded.bytes);
    const lines = splitLines(bytes);
    if (bytes.length !== recorded.bytes || lines.length !== recorded.lines) {
      problems.push(
        `covered segment ${name} no longer has ${recorded.lines} lines in ${recorded.bytes} bytes`,
      );
      continue;
    }
    const last = lines.at(-1);
    if (last === undefined || sha256Hex(last) !== body.heads[name])
      problems.push(`covered segment ${name} does not end at the sealed head`);
    prefixes.push({ segment, bytes, lines });
  }
  if (problems.length === 0) {
    const format = checkpoint.segments[covered[0] ?? '']?.blob.length === 64 ? 'sha256' : 'sha1';
    const actual = computeState(prefixes, format);
    for (const name of covered) {
      if (actual.segments[name]?.blob !== checkpoint.segments[name]!.blob)
        problems.push(`covered segment ${name} is not the blob the checkpoint recorded`);
    }
    const digest = sha256Hex(actual.state);
    if (digest !== checkpoint.state || actual.entries !== checkpoint.entries)
      problems.push(
        `recorded state ${checkpoint.state.slice(0, 12)}… (${checkpoint.entries} lines) is not the state of the covered lines (${digest.slice(0, 12)}…, ${actual.entries} lines)`,
      );
  }
  return problems.map((message) => ({
    file: seal.file,
    line: seal.index + 1,
    code: 'CHECKPOINT_INVALID',
    message: `checkpoint "${body.archive_id}": ${message}`,
  }));
}
