// The lines a change touched, read from `git diff -U0 <base> <tree>` (io/git/diff.ts
// changedLineDiff): per file of the new side, the ranges of added or rewritten lines. A mutation
// run limited to a change (`efficacy --changed`, the changed-line mutants of `evaluate --run`)
// keeps only the sites on these lines. A deleted file has none: nothing of it is left to mutate.

/** Path (relative to the root, POSIX) → inclusive 1-based line ranges on the new side. */
export type ChangedLines = ReadonlyMap<string, readonly (readonly [number, number])[]>;

const NEW_FILE = /^\+\+\+ (?:b\/)?(.+?)\s*$/;
const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

/** The new-side line ranges of a zero-context unified diff (pure deletions add none). */
export function parseChangedLines(diff: string): Map<string, [number, number][]> {
  const lines = new Map<string, [number, number][]>();
  let file: string | undefined;
  for (const line of diff.split('\n')) {
    const named = NEW_FILE.exec(line);
    if (named?.[1] !== undefined) {
      file = named[1] === '/dev/null' ? undefined : unquote(named[1]);
      continue;
    }
    const hunk = HUNK.exec(line);
    if (hunk?.[1] === undefined || file === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    if (count === 0) continue;
    const ranges = lines.get(file) ?? [];
    ranges.push([start, start + count - 1]);
    lines.set(file, ranges);
  }
  return lines;
}

// git quotes a path with unusual bytes ("b/na\"me"); only the simple escapes are undone.
function unquote(path: string): string {
  if (!path.startsWith('"')) return path;
  return path
    .slice(1, -1)
    .replace(/^b\//, '')
    .replace(/\\(["\\])/g, '$1');
}

/** Whether `line` of `file` is one the change added or rewrote. */
export function isChangedLine(changed: ChangedLines, file: string, line: number): boolean {
  return (changed.get(file) ?? []).some(([from, to]) => line >= from && line <= to);
}

/** How many lines the change added or rewrote, over every file. */
export function countChangedLines(changed: ChangedLines): number {
  let count = 0;
  for (const ranges of changed.values()) for (const [from, to] of ranges) count += to - from + 1;
  return count;
}
