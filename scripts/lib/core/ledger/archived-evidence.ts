// What `seal --archive` moved out of the evidence budget (references/evidence-and-audit.md
// "Evidence budget"): the lines of every segment up to where an archive seal closed it (each
// sealed head, and the seal's own line in its segment), and the objects only those lines
// reference. They stay in the store, re-hashed by the one integrity check like every object and
// line; the budget counts what was recorded since. An object a later line references again is
// counted: it is live evidence again.
import { decodeLine } from './parse-ledger.ts';
import { readSealBody } from './verify-seals.ts';
import { sha256Hex } from '../hash.ts';
import type { LedgerEntry, LedgerSnapshot } from './types.ts';

export interface ArchivedEvidence {
  /** Bytes of ledger lines (with their newlines) that archive seals closed, by segment name. */
  lineBytes: number;
  /** Objects referenced only by archived lines. */
  objects: Set<string>;
}

// Canonical lines spell a top-level kind exactly like this (see parse-ledger.ts readContext).
const SEAL_MARKER = Buffer.from('"kind":"seal"', 'utf8');

export function archivedEvidence(snapshot: LedgerSnapshot): ArchivedEvidence {
  const cuts = archiveCuts(snapshot);
  if (cuts.size === 0) return { lineBytes: 0, objects: new Set() };
  let lineBytes = 0;
  const archived = new Set<string>();
  const live = new Set<string>();
  for (const segment of snapshot.segments) {
    const cut = cuts.get(segment.name) ?? -1;
    segment.lines.forEach((line, i) => {
      if (i <= cut) lineBytes += line.length + 1;
      const objects = decodeLine(line).entry?.storage.objects ?? [];
      for (const digest of objects) (i <= cut ? archived : live).add(digest);
    });
  }
  for (const digest of live) archived.delete(digest);
  return { lineBytes, objects: archived };
}

/**
 * `archived` once `lines` were appended after the lines it was computed from: an object they
 * reference is live again. Undefined when one of them is an archive seal, which moves the cuts:
 * compute it again from the whole ledger.
 */
export function archivedAfter(
  archived: ArchivedEvidence,
  lines: readonly Uint8Array[],
): ArchivedEvidence | undefined {
  const objects = new Set(archived.objects);
  for (const line of lines) {
    const entry = decodeLine(line).entry;
    if (entry === undefined) continue;
    if (entry.kind === 'seal') {
      const body = readSealBody(entry);
      if (typeof body === 'string' || body.archive !== undefined) return undefined;
    }
    for (const digest of entry.storage.objects ?? []) objects.delete(digest);
  }
  return { lineBytes: archived.lineBytes, objects };
}

/** Segment name → index of the last line an archive seal closed it at. */
function archiveCuts(snapshot: LedgerSnapshot): Map<string, number> {
  const seals: { entry: LedgerEntry; segment: string; index: number }[] = [];
  for (const segment of snapshot.segments) {
    const bytes = Buffer.from(segment.bytes.buffer, segment.bytes.byteOffset, segment.bytes.length);
    if (bytes.indexOf(SEAL_MARKER) === -1) continue;
    segment.lines.forEach((line, index) => {
      if (Buffer.from(line.buffer, line.byteOffset, line.length).indexOf(SEAL_MARKER) === -1)
        return;
      const entry = decodeLine(line).entry;
      if (entry?.kind === 'seal') seals.push({ entry, segment: segment.name, index });
    });
  }
  const cuts = new Map<string, number>();
  const cutAt = (segment: string, index: number): void => {
    if (index > (cuts.get(segment) ?? -1)) cuts.set(segment, index);
  };
  for (const seal of seals) {
    const body = readSealBody(seal.entry);
    if (typeof body === 'string' || body.archive === undefined) continue;
    cutAt(seal.segment, seal.index);
    for (const [name, head] of Object.entries(body.heads)) {
      const segment = snapshot.segments.find((s) => s.name === name);
      const index = segment?.lines.findIndex((line) => sha256Hex(line) === head) ?? -1;
      if (index >= 0) cutAt(name, index);
    }
  }
  return cuts;
}
