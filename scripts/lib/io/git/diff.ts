// What changed between two trees or commits, by path: the paths a task touched since its base,
// the evidence objects rewritten since a commit, and the ledger paths each commit of a range changed.
import { EnvironmentError } from '../../core/errors.ts';
import { toExcludePathspec, toGlobPathspec } from '../../core/shared/pathspec.ts';
import { gitOutput, runGit } from './run-git.ts';

/**
 * The paths (relative to `root`) that differ between `from` (a commit or tree) and the tree `to`,
 * within the `includes` globs (all when undefined) and outside the `excludes` globs.
 */
export async function changedPaths(
  root: string,
  from: string,
  to: string,
  globs: { includes?: readonly string[] | undefined; excludes: readonly string[] },
): Promise<string[]> {
  const pathspecs = [
    ...(globs.includes ?? []).map(toGlobPathspec),
    ...globs.excludes.map(toExcludePathspec),
  ];
  const args = ['diff-tree', '-r', '--name-only', '--no-renames', '--relative', '-z'];
  const result = await runGit([...args, from, to, '--', ...pathspecs], { cwd: root });
  if (result.code !== 0) {
    throw new EnvironmentError(
      'GIT_FAILED',
      `git diff-tree ${from.slice(0, 12)} ${to.slice(0, 12)} failed: ${result.stderr.trim()}`,
      { where: root, next: 'run "git status" in that repository to see what git objects to' },
    );
  }
  return result.stdout
    .toString('utf8')
    .split('\0')
    .filter((p) => p !== '');
}

/** A path changed between two trees, with git's status letter (A, M, D, T, ...). */
export interface PathChange {
  status: string;
  path: string;
}

/**
 * Every path under `dir` (from the top level `top`) that differs between `commit` and HEAD, with
 * its status; undefined when git cannot compare them.
 */
export async function changesSince(
  top: string,
  commit: string,
  dir: string,
): Promise<PathChange[] | undefined> {
  const diff = await runGit(
    ['diff', '--name-status', '--no-renames', '-z', commit, 'HEAD', '--', dir],
    { cwd: top },
  );
  if (diff.code !== 0) return undefined;
  const fields = diff.stdout.toString('utf8').split('\0');
  const changes: PathChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2)
    changes.push({ status: fields[i] ?? '', path: fields[i + 1] ?? '' });
  return changes;
}

/** One file a step changed: its blob ids before (in the parent) and after (in the commit). */
export interface StepChange extends PathChange {
  /** Index of the step in the list asked about. */
  step: number;
  before: string;
  after: string;
}

/**
 * The files under `path` each (commit, parent) step changed, from one `git diff-tree --stdin
 * --always` (one header per step, full blob ids, no renames). A failing git is GIT_FAILED with
 * `next`.
 */
export async function stepChanges(
  root: string,
  steps: readonly [string, string][],
  path: string,
  next: string,
): Promise<StepChange[]> {
  // diff-tree reads "<commit> <parent>" and compares the commit with that parent.
  const input = `${steps.map(([commit, parent]) => `${commit} ${parent}`).join('\n')}\n`;
  const args = ['diff-tree', '--stdin', '--always', '-r', '--no-abbrev', '--no-renames', '-z'];
  const out = await gitOutput([...args, '--', path], { cwd: root, input }, next);
  const tokens = out.toString('utf8').split('\0');
  const changes: StepChange[] = [];
  let step = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!.replace(/^\n/, '');
    if (token === '') continue;
    if (!token.startsWith(':')) {
      step += 1;
      continue;
    }
    const file = tokens[++i] ?? '';
    const [, , before = '', after = '', status = ''] = token.slice(1).split(' ');
    changes.push({ step, path: file, status, before, after });
  }
  return changes;
}

/**
 * The zero-context diff of every file between `from` (a commit) and `to` (a commit or tree, such as
 * a subject tree holding uncommitted and untracked files): the text core/efficacy/changed-lines.ts
 * reads the changed line ranges from. No renames, no external diff or textconv driver.
 */
export async function changedLineDiff(root: string, from: string, to: string): Promise<string> {
  const args = ['diff', '-U0', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames'];
  const result = await runGit([...args, '--relative', from, to, '--'], { cwd: root });
  if (result.code !== 0) {
    throw new EnvironmentError(
      'GIT_FAILED',
      `git diff ${from.slice(0, 12)} ${to.slice(0, 12)} failed: ${result.stderr.trim()}`,
      { where: root, next: 'run "git status" in that repository to see what git objects to' },
    );
  }
  return result.stdout.toString('utf8');
}
