// What history says: the latest commits of HEAD with their trees, when HEAD was committed, the
// commit that first added a text to a file, the commits since a base with their parents, and the
// commit each line of a file comes from.
import { gitOutput, runGit } from './run-git.ts';

/** A commit and the id of its tree. */
export interface CommitTree {
  commit: string;
  tree: string;
}

/** The latest `depth` commits of HEAD, newest first; undefined when git cannot list them. */
export async function recentCommits(
  root: string,
  depth: number,
): Promise<CommitTree[] | undefined> {
  const log = await runGit(['log', `--max-count=${depth}`, '--format=%H %T', 'HEAD'], {
    cwd: root,
  });
  if (log.code !== 0) return undefined;
  return log.stdout
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((row) => {
      const [commit = '', tree = ''] = row.split(' ');
      return { commit, tree };
    });
}

/** HEAD's committer time, or undefined without a commit. */
export async function headCommitTime(root: string): Promise<Date | undefined> {
  const log = await runGit(['log', '-1', '--format=%ct', 'HEAD'], { cwd: root });
  const seconds = Number(log.stdout.toString('utf8').trim());
  return log.code === 0 && Number.isSafeInteger(seconds) && seconds > 0
    ? new Date(seconds * 1000)
    : undefined;
}

/**
 * The oldest commit of HEAD that changed how often `text` occurs in `file` (`git log -S`: the one
 * that added it), with its author's name; undefined when no commit did.
 */
export async function firstCommitAdding(
  root: string,
  text: string,
  file: string,
): Promise<{ commit: string; author: string } | undefined> {
  const log = await runGit(
    ['log', '--reverse', '--format=%H%x09%an', `-S${text}`, 'HEAD', '--', file],
    { cwd: root },
  );
  const [commit, author] = (log.stdout.toString('utf8').split('\n')[0] ?? '').split('\t');
  if (log.code !== 0 || commit === undefined || commit === '' || author === undefined)
    return undefined;
  return { commit, author };
}

/**
 * Every (commit, parent) pair in `base..HEAD`, newest first (a merge gives one per parent). A
 * failing git is GIT_FAILED with `next`.
 */
export async function commitParents(
  root: string,
  base: string,
  next: string,
): Promise<[string, string][]> {
  const listed = await gitOutput(
    ['rev-list', '--parents', `${base}..HEAD`, '--'],
    { cwd: root },
    next,
  );
  return listed
    .toString('utf8')
    .split('\n')
    .filter((row) => row !== '')
    .flatMap((row) => {
      const [commit = '', ...parents] = row.split(' ');
      return parents.map((parent): [string, string] => [commit, parent]);
    });
}

/**
 * For each of `lines` (1-based, as the file is now), the commit it comes from and that commit's
 * committer time in seconds (`git blame --porcelain`); empty when git cannot blame the file.
 */
export async function blameCommits(
  root: string,
  file: string,
  lines: readonly number[],
): Promise<{ commitOf: Map<number, string>; timeOf: Map<string, number> }> {
  const ranges = lines.flatMap((n) => ['-L', `${n},${n}`]);
  const blame = await runGit(['blame', '--porcelain', ...ranges, '--', file], { cwd: root });
  const commitOf = new Map<number, string>();
  const timeOf = new Map<string, number>();
  if (blame.code !== 0) return { commitOf, timeOf };
  let commit: string | undefined;
  for (const text of blame.stdout.toString('utf8').split('\n')) {
    const header = /^([0-9a-f]{40,64}) \d+ (\d+)/.exec(text);
    if (header !== null) {
      commit = header[1]!;
      commitOf.set(Number(header[2]), commit);
      continue;
    }
    const time = /^committer-time (\d+)$/.exec(text);
    if (time !== null && commit !== undefined) timeOf.set(commit, Number(time[1]));
  }
  return { commitOf, timeOf };
}
