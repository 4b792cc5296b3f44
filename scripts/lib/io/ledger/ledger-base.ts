// The append-only proof for `verify --base` (references/verify.md): every segment on the base ref
// must still exist and its base bytes must be a byte prefix of the current file. The prefix is
// proven by hashing the current file's first `size` bytes as a git blob while reading them once,
// in chunks, and comparing with the base blob id from one `git ls-tree`; the same read counts the
// lines (where checking resumes) and finds the key and seal entries the checks need. Only the
// appended bytes are then parsed. The base content leaves git only when a prefix does not match.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { CONTEXT_MARKERS, ContextCollector } from '../../core/ledger/verify-context.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import { listTreeFilesWithSizes, readBlob, resolveCommitAndFormat } from '../git.ts';
import { LineReader } from '../host/read-lines.ts';
import { startBaseProbe } from '../repo/base-probe.ts';
import { knownHead, remembered } from '../repo/verdict-memo.ts';
import type { SegmentFile, CheckedRegion } from '../../core/world/ledger-port.ts';

export interface BaseProof {
  findings: LedgerFinding[];
  /** Segment name → its checked region; segments not listed are checked whole. */
  regions: Map<string, CheckedRegion>;
}

export interface BaseBlob {
  oid: string;
  size: number;
}

/** The base ref's segment blobs (path → id and size) and the repository's object format. */
export async function readBaseLedger(
  root: string,
  ledgerRel: string,
  ref: string,
): Promise<{
  commit: string;
  objectFormat: 'sha1' | 'sha256';
  segments: ReadonlyMap<string, BaseBlob>;
}> {
  const resolved = await resolveCommitAndFormat(root, ref);
  if (resolved === undefined) {
    throw new UsageError('BAD_VALUE', `--base ${ref} is not a commit in this repository`, {
      where: '--base',
      expected: 'a branch, tag or commit id, e.g. origin/main',
      next: 'run "git fetch" for the base branch, then retry',
    });
  }
  const listed = await listLedgerBlobs(root, ledgerRel, resolved.commit);
  const segments = listed ?? new Map<string, BaseBlob>();
  return { ...resolved, segments };
}

/**
 * The ledger segment blobs (path → id and size) at `commit`, from one `git ls-tree` per verdict
 * (verdict-memo.ts); undefined when git cannot list it (e.g. HEAD in a repository without commits).
 */
export function listLedgerBlobs(
  root: string,
  ledgerRel: string,
  commit: string,
): Promise<ReadonlyMap<string, BaseBlob> | undefined> {
  // HEAD and the commit it names are one question when the probe saw which commit that is.
  const id = commit === 'HEAD' ? (knownHead(root) ?? commit) : commit;
  return remembered(root, `ls-tree ${id} ${ledgerRel}`, () => lsTreeLedger(root, ledgerRel, id));
}

/**
 * Starts the verdict's base probe (base-probe.ts) and, once it knows HEAD, the listing of the
 * ledger at HEAD that the verdict's ledger check asks for later: one git process less on the
 * critical path, run beside git status instead of after it. A failed listing is asked again.
 */
export function startProbeWithLedger(root: string, ledgerRel: string | undefined): () => void {
  if (ledgerRel === undefined) return startBaseProbe(root);
  return startBaseProbe(root, (head) => {
    listLedgerBlobs(root, ledgerRel, head).catch(() => undefined);
  });
}

async function lsTreeLedger(
  root: string,
  ledgerRel: string,
  commit: string,
): Promise<Map<string, BaseBlob> | undefined> {
  const listing = await listTreeFilesWithSizes(root, commit, ledgerRel);
  if (listing === undefined) return undefined;
  const segments = new Map<string, BaseBlob>();
  for (const { path, type, id, size } of listing) {
    const isSegment = path.endsWith('.jsonl') && !path.slice(ledgerRel.length + 1).includes('/');
    if (type !== 'blob' || !isSegment) continue;
    segments.set(path, { oid: id, size: size ?? 0 });
  }
  return segments;
}

/** Reads the first `size` bytes once: git blob id, complete lines, last line hash, context. */
function readPrefix(
  segment: SegmentFile,
  size: number,
  objectFormat: 'sha1' | 'sha256',
  context: ContextCollector,
): { oid: string; region: CheckedRegion } {
  const hash = createHash(objectFormat).update(`blob ${size}\0`);
  const reader = new LineReader(segment.path, { end: size, hash, markers: CONTEXT_MARKERS });
  let lines = 0;
  let last: string | null = null;
  let lastBytes: Uint8Array | undefined;
  try {
    for (let line = reader.next(); line !== undefined; line = reader.next()) {
      if (line.bytes === undefined) {
        last = line.overlongSha256;
        lastBytes = undefined;
      } else {
        lastBytes = line.bytes;
        if (reader.hasMarker(line)) context.consider(line.bytes, segment.name, segment.file, lines);
      }
      lines += 1;
    }
  } finally {
    reader.close();
  }
  if (lastBytes !== undefined) last = sha256Hex(lastBytes);
  // A torn tail on the base is not trusted: checking restarts at its last complete line.
  return {
    oid: hash.digest('hex'),
    region: { start: lines, startByte: size - reader.tailBytes, previousHash: last },
  };
}

/** 1-based line and byte offset of the first byte where `path` differs from `base`. */
function firstDifference(path: string, base: Uint8Array): { byte: number; line: number } {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(1 << 20);
  let offset = 0;
  let line = 1;
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, offset);
      const limit = Math.min(n, base.length - offset);
      let i = 0;
      while (i < limit && chunk[i] === base[offset + i]) {
        if (chunk[i] === 0x0a) line += 1;
        i += 1;
      }
      if (i < limit || n === 0 || offset + n >= base.length) return { byte: offset + i, line };
      offset += n;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Proves every base segment a prefix of its current file; returns findings, where checking starts
 * in each segment, and adds the key and seal entries of the proven prefixes to `context`.
 */
export async function proveBase(
  root: string,
  ledgerRel: string,
  ref: string,
  current: readonly SegmentFile[],
  context: ContextCollector,
  /** The base as already listed (skips resolving `ref` again). */
  known?: { objectFormat: 'sha1' | 'sha256'; segments: ReadonlyMap<string, BaseBlob> },
): Promise<BaseProof> {
  const base = known ?? (await readBaseLedger(root, ledgerRel, ref));
  const byFile = new Map(current.map((s) => [s.file, s]));
  const findings: LedgerFinding[] = [];
  const regions = new Map<string, CheckedRegion>();
  for (const [file, before] of [...base.segments].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const now = byFile.get(file);
    if (now === undefined) {
      findings.push(deletedFinding(file, `on ${ref}`));
      continue;
    }
    const size = statSync(now.path).size;
    const prefixContext = new ContextCollector();
    const prefix =
      size >= before.size
        ? readPrefix(now, before.size, base.objectFormat, prefixContext)
        : undefined;
    if (prefix !== undefined && prefix.oid === before.oid) {
      regions.set(now.name, prefix.region);
      context.entries.push(...prefixContext.entries);
      context.findings.push(...prefixContext.findings);
      continue;
    }
    findings.push(await rewrittenFinding(root, `on ${ref}`, now, before, size));
  }
  return { findings, regions };
}

/** A segment the ref (`where`, e.g. "on origin/main") has and the working ledger does not. */
export function deletedFinding(file: string, where: string): LedgerFinding {
  const message = `segment ${where} is missing now (deleted or renamed)`;
  return { file, line: 0, code: 'SEGMENT_DELETED', message };
}

/** Where `segment` (now `size` bytes) first differs from its blob `before` on the ref (`where`). */
export async function rewrittenFinding(
  root: string,
  where: string,
  segment: SegmentFile,
  before: BaseBlob,
  size: number,
): Promise<LedgerFinding> {
  const blob = await readBlob(root, before.oid);
  const diff =
    blob !== undefined ? firstDifference(segment.path, new Uint8Array(blob)) : { byte: 0, line: 1 };
  const what = diff.byte === size ? 'truncated' : 'changed';
  const message = `segment ${what} at byte ${diff.byte}: the bytes ${where} are not a prefix of the current file`;
  return { file: segment.file, line: diff.line, code: 'HISTORY_REWRITTEN', message };
}
