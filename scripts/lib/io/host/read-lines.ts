// Streams a file line by line with a bound on line length: a line longer than `maxLineBytes` is
// reported as overlong (its bytes skipped, never buffered), so a 50 MB line cannot exhaust memory.
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { leadingPunctuation, MIN_SHARED_PREFIX, sameBytes, sharedPrefix } from './marker-bytes.ts';

export interface LineRecord {
  /** 1-based line number. */
  line: number;
  /** The line without its newline; undefined when overlong. */
  text?: string;
  /** Length in bytes of an overlong line. */
  overlongBytes?: number;
}

const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

/** Calls `onLine` for every non-empty line; `hash` sees every raw byte. Returns the byte count. */
export async function readLines(
  path: string,
  onLine: (record: LineRecord) => void,
  options: { maxLineBytes?: number; hash?: Hash } = {},
): Promise<number> {
  const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  let parts: Buffer[] = [];
  let partBytes = 0;
  let skipping = false;
  let line = 0;
  let total = 0;
  /** The line held in chunk[from, to) after any buffered parts (no per-line Buffer view). */
  const finish = (chunk: Buffer, from: number, to: number): void => {
    line++;
    const bytes = partBytes + to - from;
    if (skipping || bytes > max) {
      onLine({ line, overlongBytes: bytes });
    } else if (partBytes === 0) {
      let end = to;
      if (end > from && chunk[end - 1] === 13) end--;
      if (end > from) onLine({ line, text: chunk.toString('utf8', from, end) });
    } else {
      const buffer = Buffer.concat([...parts, chunk.subarray(from, to)]);
      let end = buffer.length;
      if (end > 0 && buffer[end - 1] === 13) end--;
      if (end > 0) onLine({ line, text: buffer.toString('utf8', 0, end) });
    }
    if (partBytes !== 0 || skipping) {
      parts = [];
      partBytes = 0;
      skipping = false;
    }
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const buffer = chunk as Buffer;
    options.hash?.update(buffer);
    total += buffer.length;
    let start = 0;
    for (let nl = buffer.indexOf(10, start); nl !== -1; nl = buffer.indexOf(10, start)) {
      finish(buffer, start, nl);
      start = nl + 1;
    }
    const rest = buffer.subarray(start);
    if (rest.length === 0) continue;
    if (skipping || partBytes + rest.length > max) {
      skipping = true;
      partBytes += rest.length;
      parts = [];
    } else {
      parts.push(rest);
      partBytes += rest.length;
    }
  }
  if (partBytes > 0) finish(Buffer.alloc(0), 0, 0);
  return total;
}

/** Anything fed the raw bytes in order: a node Hash, or several hashes of different prefixes. */
export interface ByteSink {
  update(data: Buffer): unknown;
}

/** One line from a LineReader: its bytes (a view) or, when overlong, its size and sha256. */
export type ReadLine =
  | { bytes: Uint8Array; start: number; overlongBytes?: never; overlongSha256?: never }
  | { bytes?: never; start: number; overlongBytes: number; overlongSha256: string };

export interface LineReaderOptions {
  /** First byte to read (default 0). */
  start?: number;
  /** Byte after the last one to read (default: the file size when opened). */
  end?: number;
  maxLineBytes?: number;
  /** Sees every raw byte of the range, in order (e.g. a git blob id of a prefix). */
  hash?: ByteSink;
  /** Byte strings (without newlines) searched chunk by chunk; see `hasMarker`. */
  markers?: readonly Buffer[];
}

const CHUNK_BYTES = 1 << 20;

/**
 * Pull-based, synchronous line reader over a byte range of a file, in 1 MiB chunks, so a caller
 * can interleave awaits (signature batches) and memory stays bounded. A line longer than
 * `maxLineBytes` is never buffered: its bytes are hashed as they stream past. Returned views stay
 * valid after later calls (each refill allocates a fresh chunk).
 */
export class LineReader {
  /** Bytes after the last newline of the range (an unterminated line); set at the end. */
  tailBytes = 0;
  private readonly fd: number;
  private readonly end: number;
  private readonly max: number;
  private readonly hash: ByteSink | undefined;
  private chunk: Buffer = Buffer.alloc(0);
  private at = 0;
  /** File offset of chunk[0]. */
  private base: number;
  /** File offset of the next byte to read from disk. */
  private position: number;
  private done = false;
  private readonly markers: readonly Buffer[];
  /** File offsets of marker matches, ascending; `hitAt` is the first not yet passed. */
  private hits: number[] = [];
  private hitAt = 0;
  /** The bytes every marker starts with, how many of them are leading punctuation, the longest marker's length. */
  private readonly prefix: Buffer;
  private readonly lead: number;
  private readonly longest: number;

  constructor(path: string, options: LineReaderOptions = {}) {
    this.fd = openSync(path, 'r');
    this.end = options.end ?? fstatSync(this.fd).size;
    this.max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.hash = options.hash;
    this.markers = options.markers ?? [];
    this.prefix = sharedPrefix(this.markers);
    this.lead = leadingPunctuation(this.prefix);
    this.longest = Math.max(0, ...this.markers.map((m) => m.length));
    this.base = options.start ?? 0;
    this.position = this.base;
  }

  /** True when `line` contains one of the markers (lines must be asked about in order). */
  hasMarker(line: ReadLine): boolean {
    const end = line.start + (line.bytes === undefined ? line.overlongBytes : line.bytes.length);
    while (this.hitAt < this.hits.length && this.hits[this.hitAt]! < line.start) this.hitAt += 1;
    return this.hitAt < this.hits.length && this.hits[this.hitAt]! < end;
  }

  /** Searches the newly read bytes (and the few before them a marker could start in). */
  private findMarkers(chunk: Buffer, newFrom: number, chunkBase: number): void {
    const found =
      this.prefix.length - this.lead >= MIN_SHARED_PREFIX
        ? this.findByPrefix(chunk, newFrom)
        : this.findEach(chunk, newFrom);
    if (found.length === 0) return;
    if (this.hitAt > 1024) {
      this.hits = this.hits.slice(this.hitAt);
      this.hitAt = 0;
    }
    for (const at of found) this.hits.push(chunkBase + at);
  }

  /** One pass per marker; chunk offsets, ascending. */
  private findEach(chunk: Buffer, newFrom: number): number[] {
    const found: number[] = [];
    for (const marker of this.markers) {
      const from = Math.max(0, newFrom - marker.length + 1);
      for (let at = chunk.indexOf(marker, from); at !== -1; at = chunk.indexOf(marker, at + 1)) {
        found.push(at);
      }
    }
    return found.sort((a, b) => a - b);
  }

  /**
   * One pass for the prefix every marker shares, then a comparison of the whole markers at each
   * match: several times faster than a pass per marker when the markers differ only at the end.
   * The pass looks for the prefix without its leading punctuation (quotes and colons are on
   * every few bytes of a JSON line and would stop the search at each), which is compared after.
   * A match that lies wholly in the bytes searched before is skipped (it was counted then).
   */
  private findByPrefix(chunk: Buffer, newFrom: number): number[] {
    const found: number[] = [];
    const lead = this.lead;
    const needle = this.prefix.subarray(lead);
    const from = Math.max(0, newFrom - this.longest + 1 + lead);
    for (let hit = chunk.indexOf(needle, from); hit !== -1; hit = chunk.indexOf(needle, hit + 1)) {
      const at = hit - lead;
      if (at < 0) continue;
      const matches = this.markers.some(
        (marker) =>
          at + marker.length > newFrom &&
          at + marker.length <= chunk.length &&
          sameBytes(chunk, at, marker, 0, lead) &&
          sameBytes(chunk, at + this.prefix.length, marker, this.prefix.length, marker.length),
      );
      if (matches) found.push(at);
    }
    return found;
  }

  /** Replaces the chunk with its bytes from `keepFrom` on plus the next bytes of the range. */
  private fill(keepFrom: number): boolean {
    const want = Math.min(CHUNK_BYTES, this.end - this.position);
    if (want <= 0) return false;
    const kept = this.chunk.length - keepFrom;
    const next = Buffer.allocUnsafe(kept + want);
    this.chunk.copy(next, 0, keepFrom);
    let got = 0;
    while (got < want) {
      const n = readSync(this.fd, next, kept + got, want - got, this.position + got);
      if (n === 0) break;
      got += n;
    }
    if (got === 0) return false;
    this.hash?.update(next.subarray(kept, kept + got));
    this.base += keepFrom;
    this.position += got;
    this.chunk = next.subarray(0, kept + got);
    if (this.markers.length > 0) this.findMarkers(this.chunk, kept, this.base);
    return true;
  }

  /** The next complete line, or undefined at the end of the range (then see `tailBytes`). */
  next(): ReadLine | undefined {
    if (this.done) return undefined;
    let lineStart = this.at;
    let searchFrom = this.at;
    for (;;) {
      const nl = this.chunk.indexOf(10, searchFrom);
      if (nl !== -1) {
        this.at = nl + 1;
        return { bytes: this.chunk.subarray(lineStart, nl), start: this.base + lineStart };
      }
      if (this.chunk.length - lineStart > this.max) return this.skipOverlong(lineStart);
      searchFrom = this.chunk.length - lineStart;
      if (!this.fill(lineStart)) {
        this.tailBytes = this.chunk.length - lineStart;
        this.done = true;
        return undefined;
      }
      lineStart = 0;
    }
  }

  private skipOverlong(lineStart: number): ReadLine | undefined {
    const start = this.base + lineStart;
    const digest = createHash('sha256').update(this.chunk.subarray(lineStart));
    let bytes = this.chunk.length - lineStart;
    for (;;) {
      if (!this.fill(this.chunk.length)) {
        // An unterminated overlong line is a torn tail, reported by size only.
        this.tailBytes = bytes;
        this.done = true;
        return undefined;
      }
      const nl = this.chunk.indexOf(10);
      const piece = this.chunk.subarray(0, nl === -1 ? this.chunk.length : nl);
      digest.update(piece);
      bytes += piece.length;
      if (nl !== -1) {
        this.at = nl + 1;
        return { start, overlongBytes: bytes, overlongSha256: digest.digest('hex') };
      }
      this.at = this.chunk.length;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
