// The .gitignore lines that keep a control's declared outputs (build products the command writes
// into the tree) out of `git add`: outputs are root-relative `:(glob)` pathspecs, and the same
// glob anchored at the root (`/coverage/`, `/junit.xml`) ignores the same paths in the root
// .gitignore (`**/` already matches at any depth and stays as it is).

/** One root .gitignore line per output glob, in order, without repeats. */
export function ignoreLinesFor(outputs: readonly string[]): string[] {
  const lines = outputs.map((glob) =>
    glob.startsWith('**') || glob.startsWith('/') ? glob : `/${glob}`,
  );
  return [...new Set(lines)];
}

/**
 * The lines `existing` (the .gitignore text, '' when absent) lacks; a line it holds unanchored
 * (`coverage/` for `/coverage/`) counts as present, since it ignores those paths already.
 */
export function missingIgnoreLines(lines: readonly string[], existing: string): string[] {
  const have = new Set(existing.split('\n').map((line) => line.trim()));
  return lines.filter((line) => !have.has(line) && !have.has(line.replace(/^\//, '')));
}
