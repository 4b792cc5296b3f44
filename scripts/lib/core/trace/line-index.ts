// seq → line of the trace file (`L12`, `L3-L5`), so a finding can point at its line (SARIF
// regions). Events arrive in seq order, and in most traces line − seq changes rarely (proofgate
// events: never; vendor JSONL: once per multi-event line), so only the points where that offset
// changes are stored: memory stays flat as the trace grows. Formats without lines
// (`messages[3]`, `span …`) and subagent files record "no line".

const NO_LINE = -0x80000000;

/** The line of `src` (`L12…`), hand-parsed because it runs once per event; 0 when none. */
function lineOf(src: string | undefined): number {
  if (src === undefined || src.charCodeAt(0) !== 76) return 0;
  let line = 0;
  for (let i = 1; i < src.length && i < 10; i++) {
    const digit = src.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    line = line * 10 + digit;
  }
  return line;
}

export function createLineIndex() {
  let starts = new Float64Array(64);
  let offsets = new Int32Array(64);
  let size = 0;
  return {
    /** Call for every event, in seq order. */
    note(seq: number, src: string | undefined): void {
      const line = lineOf(src);
      const offset = line === 0 ? NO_LINE : line - seq;
      if (size > 0 && offsets[size - 1] === offset) return;
      if (size === starts.length) {
        const s = new Float64Array(size * 2);
        s.set(starts);
        starts = s;
        const o = new Int32Array(size * 2);
        o.set(offsets);
        offsets = o;
      }
      starts[size] = seq;
      offsets[size] = offset;
      size++;
    },
    of(seq: number | undefined): number | undefined {
      if (seq === undefined || size === 0) return undefined;
      let lo = 0;
      let hi = size - 1;
      if (seq < (starts[0] ?? 0)) return undefined;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((starts[mid] ?? 0) <= seq) lo = mid;
        else hi = mid - 1;
      }
      const offset = offsets[lo] ?? NO_LINE;
      return offset === NO_LINE ? undefined : seq + offset;
    },
  };
}
