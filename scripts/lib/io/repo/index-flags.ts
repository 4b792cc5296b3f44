// Whether git's index holds any entry flagged assume-unchanged or skip-worktree, read straight
// from the index file (a git spawn that lists every entry costs more than this one pass). Any
// doubt (an unknown version, a split or sparse index, an entry layout that does not add up to the
// file) answers undefined, and the caller asks git for the flags entry by entry.
// The file streams through one reused window (a 50k-entry index is several MB: reading it whole
// allocated that afresh on every verdict), and the fields are read byte by byte (the scan runs
// once per process, mostly before V8 optimises it, where a Buffer method call per entry counts).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const ASSUME_VALID = 0x80;
const EXTENDED = 0x40;
const SKIP_WORKTREE = 0x40;
const NAME_MASK = 0x0fff;
const WINDOW = 1 << 18;

let window: Buffer | undefined;

/** A view of the file through the window: `at(pos, len)` makes bytes [pos, pos+len) readable. */
class IndexReader {
  readonly buf: Buffer;
  readonly fd: number;
  readonly end: number;
  base = 0;
  filled = 0;

  constructor(fd: number, end: number) {
    this.buf = window ??= Buffer.allocUnsafe(WINDOW);
    this.fd = fd;
    this.end = end;
  }

  /** Loads [pos, pos+len) (clamped to the end of the data) into the window; false if it cannot. */
  at(pos: number, len: number): boolean {
    const want = Math.min(pos + len, this.end);
    if (pos >= this.base && want <= this.base + this.filled) return true;
    if (want - pos > this.buf.length) return false;
    let keep = 0;
    if (pos >= this.base && pos < this.base + this.filled) {
      keep = this.base + this.filled - pos;
      this.buf.copy(this.buf, 0, pos - this.base, this.filled);
    }
    this.base = pos;
    this.filled = keep;
    while (this.filled < this.buf.length && this.base + this.filled < this.end) {
      const room = Math.min(this.buf.length - this.filled, this.end - this.base - this.filled);
      const read = readSync(this.fd, this.buf, this.filled, room, this.base + this.filled);
      if (read === 0) break;
      this.filled += read;
    }
    return want <= this.base + this.filled;
  }

  byte(pos: number): number {
    return this.buf[pos - this.base] ?? 0;
  }

  /** The file offset of the first NUL at or after `pos` within the window, or -1. */
  nul(pos: number): number {
    const found = this.buf.subarray(0, this.filled).indexOf(0, pos - this.base);
    return found === -1 ? -1 : this.base + found;
  }
}

/** True or false when the index file says so for certain; undefined when it cannot be read so. */
export function indexHasFlags(indexFile: string, hashLength = 20): boolean | undefined {
  let fd: number;
  try {
    fd = openSync(indexFile, 'r');
  } catch (error) {
    // no index yet (a fresh repository): no entry, so no flag
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? false : undefined;
  }
  try {
    const size = fstatSync(fd).size;
    if (size < 12 + hashLength) return undefined;
    return scan(new IndexReader(fd, size - hashLength), size - hashLength, hashLength);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function scan(file: IndexReader, end: number, hashLength: number): boolean | undefined {
  const u32 = (pos: number): number =>
    ((file.byte(pos) << 24) >>> 0) +
    (file.byte(pos + 1) << 16) +
    (file.byte(pos + 2) << 8) +
    file.byte(pos + 3);
  if (!file.at(0, 12)) return undefined;
  if (u32(0) !== 0x44495243) return undefined; // "DIRC"
  const version = u32(4);
  const count = u32(8);
  if (version < 2 || version > 4) return undefined;
  let at = 12;
  // The entries' loop reads the window's bytes directly (one method call per entry, to load the
  // window when the entry may reach past it): it runs once per process, mostly unoptimised, where
  // each call per entry cost (measured on a 50k-entry index, first call: 12-28 ms before, ~6 after).
  const buf = file.buf;
  const base = 40 + hashLength + 2;
  for (let i = 0; i < count; i++) {
    let fixed = base;
    if (at + fixed > end) return undefined;
    // The entry's fixed part, its extended flags and (most of the time) its whole name.
    if (at + fixed + 258 > file.base + file.filled && !file.at(at, fixed + 2 + 256))
      return undefined;
    const o = at - file.base;
    const high = buf[o + fixed - 2] ?? 0;
    if ((high & ASSUME_VALID) !== 0) return true;
    if ((high & EXTENDED) !== 0) {
      if (version < 3 || at + fixed + 2 > end) return undefined;
      if (((buf[o + fixed] ?? 0) & SKIP_WORKTREE) !== 0) return true;
      fixed += 2;
    }
    if (version === 4) {
      // a varint (bytes to strip from the previous name), then the rest of the name and a NUL
      let p = at + fixed;
      for (; p < end; p++) {
        if (!file.at(p, 1)) return undefined;
        if ((file.byte(p) & 0x80) === 0) break;
      }
      const nul = nulFrom(file, p + 1, end);
      if (nul === -1 || nul >= end) return undefined;
      at = nul + 1;
    } else {
      const short = ((high << 8) | (buf[o + base - 1] ?? 0)) & NAME_MASK;
      const length = short < NAME_MASK ? short : nulFrom(file, at + fixed, end) - (at + fixed);
      if (length < 0) return undefined;
      at += (fixed + length + 8) & ~7;
    }
  }
  // Extensions: a split index keeps entries elsewhere, a sparse index folds skip-worktree trees.
  while (at < end) {
    if (at + 8 > end || !file.at(at, 8)) return undefined;
    const signature = String.fromCharCode(
      file.byte(at),
      file.byte(at + 1),
      file.byte(at + 2),
      file.byte(at + 3),
    );
    if (signature === 'link' || signature === 'sdir') return undefined;
    at += 8 + u32(at + 4);
  }
  return at === end ? false : undefined;
}

// The first NUL at or after `pos` (before `end`), loading the window from `pos` when needed.
function nulFrom(file: IndexReader, pos: number, end: number): number {
  if (pos >= end || !file.at(pos, 1)) return -1;
  let nul = file.nul(pos);
  if (nul === -1) {
    if (!file.at(pos, WINDOW)) return -1;
    nul = file.nul(pos);
  }
  return nul;
}
