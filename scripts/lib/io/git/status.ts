// What git says about the working tree against its index: status of the tracked files (against the
// real index or a private copy), the untracked files (with the flagged index entries when asked),
// and clearing the assume-unchanged and skip-worktree flags in a private index copy. The parsing
// and what it means for a subject binding live in io/repo/worktree-state.ts.
import { statusArgs } from './first-questions.ts';
import { runGit } from './run-git.ts';

// Untracked files ignored only by the repository's own .gitignore files, never by
// .git/info/exclude or core.excludesFile (which the agent can write without changing the subject).
const UNTRACKED_ARGS = ['ls-files', '-z', '--others', '--exclude-per-directory=.gitignore'];
// The same, plus every index entry with its tag, to find the flagged ones.
const TAGGED_ARGS = [
  'ls-files',
  '-z',
  '-v',
  '--cached',
  '--others',
  '--exclude-per-directory=.gitignore',
];

/**
 * `git status --porcelain=v2 -z --branch` of the tracked files (no renames, submodules included)
 * against the real index, or against `indexFile`; undefined when git fails. With `untracked`, the
 * untracked files too (`? <path>`, each file): only for a caller that knows no exclude file outside
 * the repository's .gitignore files says anything (core.excludesFile is pinned off; the caller
 * checks .git/info/exclude).
 */
export async function readTrackedStatus(
  top: string,
  indexFile?: string,
  untracked = false,
): Promise<Buffer | undefined> {
  const env = indexFile === undefined ? {} : { env: { GIT_INDEX_FILE: indexFile } };
  const result = await runGit(statusArgs(untracked), { cwd: top, ...env });
  return result.code === 0 ? result.stdout : undefined;
}

/**
 * `git ls-files -z` of the untracked files not ignored by the repository's .gitignore files;
 * with `tagged`, `-v` records of every index entry as well (`<tag> <path>`, the tag telling
 * assume-unchanged and skip-worktree apart). Undefined when git fails.
 */
export async function listUntracked(top: string, tagged: boolean): Promise<Buffer | undefined> {
  const result = await runGit(tagged ? TAGGED_ARGS : UNTRACKED_ARGS, { cwd: top });
  return result.code === 0 ? result.stdout : undefined;
}

/**
 * Clears the assume-unchanged and skip-worktree flags of `paths` in the index `file` (a private
 * copy), so that git compares those entries with the disk like any other.
 */
export async function clearIndexFlags(
  top: string,
  file: string,
  paths: readonly string[],
): Promise<boolean> {
  if (paths.length === 0) return true;
  // One flag per call: update-index applies only the first of two marking options to each path.
  for (const flag of ['--no-assume-unchanged', '--no-skip-worktree']) {
    const result = await runGit(['update-index', flag, '-z', '--stdin'], {
      cwd: top,
      env: { GIT_INDEX_FILE: file },
      input: `${paths.join('\0')}\0`,
    });
    if (result.code !== 0) return false;
  }
  return true;
}
