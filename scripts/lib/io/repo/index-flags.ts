// Whether git's index holds any entry flagged assume-unchanged or skip-worktree, read straight
// from the index file (a git spawn that lists every entry costs more than this one pass). Any
// doubt (an unknown version, a split or sparse index, an entry layout that does not add up to the
// file) answers undefined, and the caller asks git for the flags entry by entry.
import { readFileSync } from 'node:fs';

const ASSUME_VALID = 0x8000;
const EXTENDED = 0x4000;
const SKIP_WORKTREE = 0x4000;
const NAME_MASK = 0x0fff;

/** True or false when the index file says so for certain; undefined when it cannot be read so. */
export function indexHasFlags(indexFile: string, hashLength = 20): boolean | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(indexFile);
  } catch (error) {
    // no index yet (a fresh repository): no entry, so no flag
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? false : undefined;
  }
  if (buf.length < 12 + hashLength || buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = buf.readUInt32BE(4);
  const count = buf.readUInt32BE(8);
  if (version < 2 || version > 4) return undefined;
  const end = buf.length - hashLength;
  let at = 12;
  for (let i = 0; i < count; i++) {
    let fixed = 40 + hashLength + 2;
    if (at + fixed > end) return undefined;
    const flags = buf.readUInt16BE(at + fixed - 2);
    if ((flags & ASSUME_VALID) !== 0) return true;
    if ((flags & EXTENDED) !== 0) {
      if (version < 3 || at + fixed + 2 > end) return undefined;
      if ((buf.readUInt16BE(at + fixed) & SKIP_WORKTREE) !== 0) return true;
      fixed += 2;
    }
    if (version === 4) {
      // a varint (bytes to strip from the previous name), then the rest of the name and a NUL
      let p = at + fixed;
      while (p < end && (buf[p]! & 0x80) !== 0) p++;
      const nul = buf.indexOf(0, p + 1);
      if (nul === -1 || nul >= end) return undefined;
      at = nul + 1;
    } else {
      const short = flags & NAME_MASK;
      const length = short < NAME_MASK ? short : buf.indexOf(0, at + fixed) - (at + fixed);
      if (length < 0) return undefined;
      at += (fixed + length + 8) & ~7;
    }
  }
  // Extensions: a split index keeps entries elsewhere, a sparse index folds skip-worktree trees.
  while (at < end) {
    if (at + 8 > end) return undefined;
    const signature = buf.toString('latin1', at, at + 4);
    if (signature === 'link' || signature === 'sdir') return undefined;
    at += 8 + buf.readUInt32BE(at + 4);
  }
  return at === end ? false : undefined;
}
