// A checkpoint (references/seal.md "Checkpoints"): a seal that also fixes the prefix it covers, so
// a verdict can take the prefix's facts from it and verify only the entries written after it. The
// body's `checkpoint` names, per covered (closed) segment, its line count, byte length and git blob
// id, and the evidence object holding the retained lines (checkpoint-retain.ts): every prefix line
// a verdict can still consult, byte for byte, each with its segment and line index. Pure.
import { HEX64 } from './parse-entry.ts';

export interface CheckpointSegment {
  lines: number;
  bytes: number;
  /** Git blob id of the segment file as sealed (sha1 or sha256 object format). */
  blob: string;
}

export interface CheckpointBody {
  /** sha256 of the state object (evidence/objects): the retained lines. */
  state: string;
  /** How many lines the state object holds. */
  entries: number;
  /** Every covered segment: all of them closed by the seal before the checkpoint. */
  segments: Record<string, CheckpointSegment>;
}

/** One retained line: where it is in the covered prefix, and its exact bytes. */
export interface RetainedLine {
  segment: string;
  index: number;
  line: Uint8Array;
}

/** First line of a state object (domain separation from every other evidence object). */
const STATE_HEADER = 'proofgate.checkpoint-state.v1';
const BLOB_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const TAB = 0x09;
const NEWLINE = 0x0a;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The body's `checkpoint` field, or why it is malformed. */
export function readCheckpointBody(value: unknown): CheckpointBody | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'body.checkpoint must be an object';
  const record = value as Record<string, unknown>;
  if (Object.keys(record).sort().join(',') !== 'entries,segments,state')
    return 'body.checkpoint must be {entries, segments, state}';
  const { state, entries, segments } = record;
  if (typeof state !== 'string' || !HEX64.test(state))
    return 'body.checkpoint.state must be sha256 hex';
  if (!isCount(entries)) return 'body.checkpoint.entries must be a count';
  if (typeof segments !== 'object' || segments === null || Array.isArray(segments))
    return 'body.checkpoint.segments must be an object';
  const parsed: Record<string, CheckpointSegment> = {};
  for (const [name, item] of Object.entries(segments as Record<string, unknown>)) {
    const seg = item as Record<string, unknown> | null;
    if (
      typeof seg !== 'object' ||
      seg === null ||
      Object.keys(seg).sort().join(',') !== 'blob,bytes,lines' ||
      !isCount(seg['lines']) ||
      !isCount(seg['bytes']) ||
      typeof seg['blob'] !== 'string' ||
      !BLOB_ID.test(seg['blob'])
    ) {
      return `body.checkpoint.segments.${name} must be {lines, bytes, blob}`;
    }
    parsed[name] = { lines: seg['lines'], bytes: seg['bytes'], blob: seg['blob'] };
  }
  return { state, entries, segments: parsed };
}

/** The state object: a header line, then `<segment>\t<index>\t<line>` per retained line. */
export function encodeState(lines: readonly RetainedLine[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from(`${STATE_HEADER}\n`, 'utf8')];
  for (const { segment, index, line } of lines) {
    parts.push(
      Buffer.from(`${segment}\t${index}\t`, 'utf8'),
      Buffer.from(line),
      Buffer.of(NEWLINE),
    );
  }
  return Buffer.concat(parts);
}

/** The retained lines of a state object, or why it is not one. */
export function decodeState(bytes: Uint8Array): RetainedLine[] | string {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = data.indexOf(NEWLINE);
  if (header === -1 || data.subarray(0, header).toString('utf8') !== STATE_HEADER)
    return `the state object does not start with "${STATE_HEADER}"`;
  const lines: RetainedLine[] = [];
  let at = header + 1;
  while (at < data.length) {
    const end = data.indexOf(NEWLINE, at);
    if (end === -1) return 'the state object ends without a newline';
    const tab1 = data.indexOf(TAB, at);
    const tab2 = tab1 === -1 ? -1 : data.indexOf(TAB, tab1 + 1);
    if (tab1 === -1 || tab2 === -1 || tab2 > end) return 'a state line lacks its segment and index';
    const segment = data.subarray(at, tab1).toString('utf8');
    const indexText = data.subarray(tab1 + 1, tab2).toString('utf8');
    if (!/^(?:0|[1-9][0-9]{0,9})$/.test(indexText)) return 'a state line has a bad line index';
    lines.push({ segment, index: Number(indexText), line: data.subarray(tab2 + 1, end) });
    at = end + 1;
  }
  return lines;
}
