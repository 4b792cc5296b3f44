// Byte helpers of the line reader's marker search: comparing a few bytes in place, and the prefix
// markers share, searched once for all of them.
/** Below this many shared bytes the markers are searched one by one. */
export const MIN_SHARED_PREFIX = 4;

/** Whether chunk[at..] equals marker[from..to) (a few bytes: a loop beats Buffer.compare here). */
export function sameBytes(
  chunk: Buffer,
  at: number,
  marker: Buffer,
  from: number,
  to: number,
): boolean {
  for (let i = from; i < to; i++) if (chunk[at + i - from] !== marker[i]) return false;
  return true;
}

const isWordByte = (byte: number): boolean =>
  (byte >= 0x30 && byte <= 0x39) ||
  (byte >= 0x41 && byte <= 0x5a) ||
  (byte >= 0x61 && byte <= 0x7a);

export function leadingPunctuation(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length && !isWordByte(bytes[i]!)) i += 1;
  return i;
}

export function sharedPrefix(markers: readonly Buffer[]): Buffer {
  const first = markers[0];
  if (first === undefined) return Buffer.alloc(0);
  let length = first.length;
  for (const marker of markers) {
    let i = 0;
    while (i < length && i < marker.length && marker[i] === first[i]) i += 1;
    length = i;
  }
  return first.subarray(0, length);
}
