// Line-level reading of segments: split, check the canonical form, parse the entry shape. Pure.
import { isUtf8 } from 'node:buffer';
import { sha256Hex } from '../hash.ts';
import { canonicalize } from '../shared/canonical.ts';
import { parseEntry } from './parse-entry.ts';
import type {
  FindingCode,
  LedgerEntry,
  LedgerFinding,
  LedgerSnapshot,
  LocatedEntry,
  SegmentSnapshot,
  StoredEntry,
} from './types.ts';

/** A line longer than this is refused before parsing (bounded memory, references/ledger-format.md). */
export const MAX_LINE_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/** Splits segment bytes into complete lines (views) and an unterminated tail. */
export function splitSegment(
  bytes: Uint8Array,
): Pick<SegmentSnapshot, 'lines' | 'isTorn' | 'tornTail'> {
  // Buffer.indexOf is memchr; TypedArray.prototype.indexOf is an element-by-element loop.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let at = buffer.indexOf(NEWLINE); at !== -1; at = buffer.indexOf(NEWLINE, start)) {
    lines.push(buffer.subarray(start, at));
    start = at + 1;
  }
  const tornTail = buffer.subarray(start);
  return { lines, isTorn: tornTail.length > 0, tornTail };
}

export function textOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

export type DecodedLine =
  | { entry: LedgerEntry; problem?: never }
  | { entry?: never; problem: { code: FindingCode; message: string } };

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

function hasSortedKeysAndIntegers(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(hasSortedKeysAndIntegers);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return false;
  return keys.every((key) => hasSortedKeysAndIntegers(record[key]));
}

// Fast path of the canonical check. JSON.stringify reproduces the text only without whitespace or
// duplicate keys and with canonical escapes and number forms; then key order, integers and lone
// surrogate escapes are all that RFC 8785 still constrains. Anything else takes the full path.
function isCanonicalFast(value: unknown, text: string): boolean {
  return (
    JSON.stringify(value) === text &&
    // includes() first: most lines have no \u escape at all, and it is several times cheaper.
    !(text.includes('\\u') && /\\ud[89a-f]/i.test(text)) &&
    hasSortedKeysAndIntegers(value)
  );
}

/** A line is an entry only if it is byte-identical to canonicalize(JSON.parse(line)). */
export function decodeLine(bytes: Uint8Array): DecodedLine {
  const bad = (code: FindingCode, message: string): DecodedLine => ({ problem: { code, message } });
  if (bytes.length > MAX_LINE_BYTES) {
    return bad('LINE_TOO_LONG', `line has ${bytes.length} bytes, more than ${MAX_LINE_BYTES}`);
  }
  if (!isUtf8(bytes)) return bad('NOT_CANONICAL', 'line is not valid UTF-8');
  const text = textOf(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
    if (!isCanonicalFast(value, text)) {
      const canonical = canonicalize(value);
      if (canonical !== text) {
        const at = firstDifference(canonical, text);
        return bad(
          'NOT_CANONICAL',
          `line differs from its RFC 8785 form at char ${at} (duplicate keys, whitespace, key order or escapes)`,
        );
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return bad('NOT_CANONICAL', `line is not canonical JSON: ${reason}`);
  }
  const { entry, problems } = parseEntry(value);
  if (entry === undefined) return bad('BAD_ENTRY', `entry shape: ${problems.join('; ')}`);
  return { entry };
}

/** One segment's checked region: lines from `start` on (earlier lines were verified on a base). */
export interface ParsedSegment {
  snapshot: SegmentSnapshot;
  start: number;
  /** Hash of line `start - 1`, the last trusted line; null when `start` is 0. */
  previousHash: string | null;
  /** Hash of every line from `start` on, index `i - start`. */
  hashes: string[];
  /** The entry of every line from `start` on, undefined where the line is not a valid entry. */
  entries: (LedgerEntry | undefined)[];
}

export interface ParsedLedger {
  /** Valid entries of the checked regions, in segment then line order. */
  entries: StoredEntry[];
  findings: LedgerFinding[];
  segments: ParsedSegment[];
  /** key and seal entries of the unchecked (base) regions: context for later checks. */
  context: LocatedEntry[];
}

// Canonical lines spell a top-level kind exactly like this; a body string would escape the quotes.
const CONTEXT_MARKERS = ['"kind":"key"', '"kind":"seal"'].map((m) => Buffer.from(m, 'utf8'));

/** key and seal entries among the first `upTo` lines, found by searching the bytes, not parsing. */
function readContext(segment: SegmentSnapshot, upTo: number, into: LocatedEntry[]): void {
  if (upTo === 0) return;
  const lastLine = segment.lines[upTo - 1]!;
  const end = lastLine.byteOffset - segment.bytes.byteOffset + lastLine.length;
  const bytes = Buffer.from(segment.bytes.buffer, segment.bytes.byteOffset, end);
  const candidates = new Set<number>();
  for (const marker of CONTEXT_MARKERS) {
    for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, at + 1)) {
      candidates.add(lineIndexAt(segment, at));
    }
  }
  for (const i of [...candidates].sort((a, b) => a - b)) {
    const line = segment.lines[i]!;
    const { entry } = decodeLine(line);
    if (entry !== undefined && (entry.kind === 'key' || entry.kind === 'seal')) {
      into.push({
        entry,
        hash: sha256Hex(line),
        file: segment.file,
        segment: segment.name,
        index: i,
      });
    }
  }
}

/** Index of the line containing byte `offset` of the segment (binary search over line starts). */
function lineIndexAt(segment: SegmentSnapshot, offset: number): number {
  let low = 0;
  let high = segment.lines.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (segment.lines[mid]!.byteOffset - segment.bytes.byteOffset <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Parses every line of every segment, or with `start` only lines from `start[segment]` on (the
 * rest is trusted, e.g. already on a verified base ref). Reports line-level problems only; chain,
 * signature, object and seal checks are verifyLedger's.
 */
export function parseLedger(
  snapshot: LedgerSnapshot,
  start: ReadonlyMap<string, number> = new Map(),
): ParsedLedger {
  const result: ParsedLedger = { entries: [], findings: [], segments: [], context: [] };
  for (const segment of snapshot.segments) {
    const from = Math.min(start.get(segment.name) ?? 0, segment.lines.length);
    readContext(segment, from, result.context);
    const previousHash = from === 0 ? null : sha256Hex(segment.lines[from - 1]!);
    const parsed: ParsedSegment = {
      snapshot: segment,
      start: from,
      previousHash,
      hashes: [],
      entries: [],
    };
    for (let i = from; i < segment.lines.length; i++) {
      const line = segment.lines[i]!;
      const hash = sha256Hex(line);
      const decoded = decodeLine(line);
      parsed.hashes.push(hash);
      parsed.entries.push(decoded.entry);
      if (decoded.entry !== undefined) {
        result.entries.push({ entry: decoded.entry, hash, file: segment.file, line: i + 1 });
      } else {
        result.findings.push({ file: segment.file, line: i + 1, ...decoded.problem });
      }
    }
    if (segment.isTorn) {
      result.findings.push({
        file: segment.file,
        line: segment.lines.length + 1,
        code: 'TORN_LINE',
        message: `last line has ${segment.tornTail.length} bytes and no newline (a writer was killed mid-append); run "proofgate verify --repair-torn"`,
      });
    }
    result.segments.push(parsed);
  }
  return result;
}
