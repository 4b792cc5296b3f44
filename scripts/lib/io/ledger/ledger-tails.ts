// Reads only the end of each segment: what an append needs (heads, own seq, seals, torn tails)
// without reading or parsing whole segments. No valid line is longer than MAX_LINE_BYTES, so the
// reader never looks further back than two such lines: an append costs the same on a 10 KB and
// on a 300 MB segment, whatever the segment holds (one huge line, no newline at all, garbage).
import { closeSync, existsSync, fstatSync, openSync, readSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { MAX_LINE_BYTES } from '../../core/ledger/parse-ledger.ts';
import type { SegmentTail } from '../../core/world/ledger-port.ts';

const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

export function listSegmentFiles(ledgerDir: string): string[] {
  if (!existsSync(ledgerDir)) return [];
  return readdirSync(ledgerDir, { withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.jsonl'))
    .map((d) => d.name.slice(0, -'.jsonl'.length))
    .sort()
    .map((name) => `${name}.jsonl`);
}

function readRange(fd: number, start: number, end: number): Buffer {
  const buffer = Buffer.alloc(end - start);
  for (let done = 0; done < buffer.length;) {
    const n = readSync(fd, buffer, done, buffer.length - done, start + done);
    if (n === 0) break;
    done += n;
  }
  return buffer;
}

/**
 * Offset of the last newline in [`floor`, `end`), scanning backwards in chunks (each byte read
 * once); -1 when there is none. `floor` bounds the work.
 */
function findNewlineBefore(fd: number, end: number, floor: number): number {
  const chunk = Buffer.alloc(CHUNK);
  for (let to = end; to > floor;) {
    const from = Math.max(floor, to - CHUNK);
    const n = to - from;
    for (let done = 0; done < n;) {
      const got = readSync(fd, chunk, done, n - done, from + done);
      if (got === 0) break;
      done += got;
    }
    const at = chunk.subarray(0, n).lastIndexOf(NEWLINE);
    if (at !== -1) return from + at;
    to = from;
  }
  return -1;
}

/** The tail of one segment, reading at most about two line caps back from the end. */
export function readSegmentTail(path: string, name: string, maxLine = MAX_LINE_BYTES): SegmentTail {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const none = { name, path, size, lastLine: undefined, isLastLineTooLong: false };
    // A torn tail longer than a line can never be an entry: report it without measuring it.
    const tornFloor = Math.max(0, size - maxLine - 1);
    const lastNewline = findNewlineBefore(fd, size, tornFloor);
    if (lastNewline === -1) {
      const isShort = tornFloor === 0;
      return {
        ...none,
        tornTail: isShort ? readRange(fd, 0, size) : new Uint8Array(0),
        tornBytes: isShort ? size : undefined,
      };
    }
    const tornTail = readRange(fd, lastNewline + 1, size);
    const floor = Math.max(0, lastNewline - maxLine - 1);
    const previous = findNewlineBefore(fd, lastNewline, floor);
    const start = previous + 1;
    if (previous === -1 && floor > 0) {
      return { ...none, isLastLineTooLong: true, tornTail, tornBytes: tornTail.length };
    }
    return {
      ...none,
      lastLine: readRange(fd, start, lastNewline),
      tornTail,
      tornBytes: tornTail.length,
    };
  } finally {
    closeSync(fd);
  }
}

export function readSegmentTails(ledgerDir: string): SegmentTail[] {
  return listSegmentFiles(ledgerDir).map((file) =>
    readSegmentTail(join(ledgerDir, file), file.slice(0, -'.jsonl'.length)),
  );
}

/** Exact size and sha256 of a torn tail of any length (for the repair, which is rare). */
export function measureTornTail(path: string): { start: number; bytes: number; sha256: string } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = findNewlineBefore(fd, size, 0) + 1;
    const hash = createHash('sha256');
    for (let at = start; at < size; at += CHUNK)
      hash.update(readRange(fd, at, Math.min(size, at + CHUNK)));
    return { start, bytes: size - start, sha256: hash.digest('hex') };
  } finally {
    closeSync(fd);
  }
}
