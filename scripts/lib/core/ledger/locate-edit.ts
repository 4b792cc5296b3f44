// Names the edited line behind a broken prev link. A PREV_MISMATCH is found on the successor of the
// changed line: a one-byte edit of line 6 breaks line 7's prev. When the pattern tells the two
// apart, a LINE_EDITED finding names the edited line as well:
//   - one isolated mismatch at line k, with a line after k: line k-1's bytes changed;
//   - mismatches at k and k+1: line k itself changed (its own prev, and its successor's link).
// A mismatch on the last line stays ambiguous (line k-1 or line k's prev may have changed) and gets
// no extra finding, and so does a mismatch that comes with a seq mismatch (a deleted, duplicated
// or moved line, not an edit). Pure.
import type { LedgerFinding } from './types.ts';

/** `lastLine` maps each file to its last checked line (1-based). */
export function locateEdits(
  findings: readonly LedgerFinding[],
  lastLine: ReadonlyMap<string, number>,
): LedgerFinding[] {
  const mismatches = new Map<string, Set<number>>();
  const moved = new Set(
    findings.filter((f) => f.code === 'SEQ_MISMATCH').map((f) => `${f.file}:${f.line}`),
  );
  for (const f of findings) {
    if (f.code !== 'PREV_MISMATCH' || moved.has(`${f.file}:${f.line}`)) continue;
    const lines = mismatches.get(f.file) ?? new Set<number>();
    lines.add(f.line);
    mismatches.set(f.file, lines);
  }
  const edits: LedgerFinding[] = [];
  for (const [file, lines] of mismatches) {
    const last = lastLine.get(file) ?? 0;
    for (const k of [...lines].sort((a, b) => a - b)) {
      if (lines.has(k - 1) || k < 2) continue;
      if (lines.has(k + 1)) {
        edits.push({
          file,
          line: k,
          code: 'LINE_EDITED',
          message: `line ${k} was changed: its prev no longer links to line ${k - 1} and line ${k + 1}'s prev no longer matches its hash`,
        });
      } else if (k < last) {
        edits.push({
          file,
          line: k - 1,
          code: 'LINE_EDITED',
          message: `line ${k - 1} was changed after line ${k} was written: its bytes no longer hash to the prev recorded on line ${k}`,
        });
      }
    }
  }
  return edits;
}
