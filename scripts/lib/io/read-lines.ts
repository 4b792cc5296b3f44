// Streams a file line by line with a bound on line length: a line longer than `maxLineBytes` is
// reported as overlong (its bytes skipped, never buffered), so a 50 MB line cannot exhaust memory.
import type { Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

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
  const finish = (piece: Buffer): void => {
    line++;
    const bytes = partBytes + piece.length;
    if (skipping || bytes > max) {
      onLine({ line, overlongBytes: bytes });
    } else {
      const buffer = partBytes === 0 ? piece : Buffer.concat([...parts, piece]);
      let end = buffer.length;
      if (end > 0 && buffer[end - 1] === 13) end--;
      if (end > 0) onLine({ line, text: buffer.toString('utf8', 0, end) });
    }
    parts = [];
    partBytes = 0;
    skipping = false;
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const buffer = chunk as Buffer;
    options.hash?.update(buffer);
    total += buffer.length;
    let start = 0;
    for (let nl = buffer.indexOf(10, start); nl !== -1; nl = buffer.indexOf(10, start)) {
      finish(buffer.subarray(start, nl));
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
  if (partBytes > 0) finish(Buffer.alloc(0));
  return total;
}
