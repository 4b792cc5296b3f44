// Reads only the end of each segment: what an append needs (heads, own seq, seals, torn tails)
// without reading or parsing whole segments, so appending stays O(segments), not O(entries).
import { closeSync, existsSync, fstatSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CHUNK = 64 * 1024;

export interface SegmentTail {
  name: string;
  path: string;
  size: number;
  /** The last complete line without its newline; undefined for an empty segment. */
  lastLine: Uint8Array | undefined;
  /** Bytes after the last newline (a torn write), empty when the file ends with `\n`. */
  tornTail: Uint8Array;
}

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

/** The tail of one segment, reading backwards in 64 KiB chunks until a line boundary. */
export function readSegmentTail(path: string, name: string): SegmentTail {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    let from = size;
    let tail = Buffer.alloc(0);
    let lastNewline = -1;
    let previousNewline = -1;
    // The last complete line ends at the last newline and starts after the one before it.
    while (from > 0) {
      const start = Math.max(0, from - CHUNK);
      tail = Buffer.concat([readRange(fd, start, from), tail]);
      from = start;
      lastNewline = tail.lastIndexOf(0x0a);
      previousNewline = lastNewline > 0 ? tail.lastIndexOf(0x0a, lastNewline - 1) : -1;
      if (previousNewline !== -1) break;
    }
    if (lastNewline === -1) return { name, path, size, lastLine: undefined, tornTail: tail };
    return {
      name,
      path,
      size,
      lastLine: tail.subarray(previousNewline + 1, lastNewline),
      tornTail: tail.subarray(lastNewline + 1),
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
