// adopt --outputs: the exact root .gitignore lines that keep the declared outputs out of commits,
// and with --ignore-outputs those the file lacks appended (the owner's lines are kept).
import { ignoreLinesFor, missingIgnoreLines } from '../../core/plane/output-ignores.ts';
import type { WorldExtras } from '../../core/world/world.ts';

export interface OutputIgnore {
  /** Every line the outputs need in the root .gitignore. */
  lines: string[];
  /** The ones it lacked (before appending, when appended). */
  missing: string[];
  /** True when --ignore-outputs appended `missing`. */
  appended: boolean;
}

export function adviseOutputIgnores(
  root: string,
  outputs: readonly string[],
  append: boolean,
  { repo }: Pick<WorldExtras, 'repo'>,
): OutputIgnore {
  const lines = ignoreLinesFor(outputs);
  const missing = missingIgnoreLines(lines, repo.readGitignore(root));
  const appended = append && missing.length > 0;
  if (appended)
    repo.appendGitignore(root, 'proofgate: outputs the controls write (adopt --outputs)', missing);
  return { lines, missing, appended };
}
