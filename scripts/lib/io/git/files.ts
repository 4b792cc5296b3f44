// Which files git sees in a working tree: tracked ones, untracked ones that are not ignored, the
// tracked ones some globs match, and whether git ignores one path.
import { EnvironmentError } from '../../core/errors.ts';
import { toGlobPathspec } from '../../core/shared/pathspec.ts';
import { gitText, runGit } from './run-git.ts';

const paths = (out: Buffer | string): string[] =>
  out
    .toString('utf8')
    .split('\0')
    .filter((p) => p !== '');

/** The paths the index tracks; undefined when git cannot list them. */
export async function listTrackedFiles(root: string): Promise<string[] | undefined> {
  const listed = await runGit(['ls-files', '-z'], { cwd: root });
  return listed.code === 0 ? paths(listed.stdout) : undefined;
}

/**
 * Every tracked path and every untracked one that git's ignore rules (all of them, the user's
 * too) leave visible; a path may appear twice. A failing git is GIT_FAILED.
 */
export async function listVisibleFiles(root: string): Promise<string[]> {
  return paths(await gitText(['ls-files', '-z', '-c', '-o', '--exclude-standard'], { cwd: root }));
}

/**
 * Tracked paths and untracked ones not ignored by the repository's own .gitignore files (never by
 * .git/info/exclude or core.excludesFile, which the agent can write), under `dirs` (literal paths
 * relative to `root`; none lists everything); a path may appear twice. Git's complaint when it
 * cannot list them.
 */
export async function listGitignoreVisible(
  root: string,
  dirs: readonly string[],
): Promise<{ paths: string[] } | { failed: string }> {
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-per-directory=.gitignore'];
  const pathspecs = dirs.map((dir) => `:(literal)${dir}`);
  const result = await runGit([...args, '--', ...pathspecs], { cwd: root });
  return result.code === 0 ? { paths: paths(result.stdout) } : { failed: result.stderr.trim() };
}

/**
 * The tracked paths (index, plus HEAD's entries removed from the index since) that `globs`
 * match, from the top level; a path may appear twice. A failing git is GIT_FAILED.
 */
export async function listTrackedMatching(
  root: string,
  globs: readonly string[],
): Promise<string[]> {
  const pathspecs = globs.map(toGlobPathspec);
  const args = ['ls-files', '-z', '--cached', '--full-name'];
  let result = await runGit([...args, '--with-tree=HEAD', '--', ...pathspecs], { cwd: root });
  // before the first commit there is no HEAD to overlay: the index alone is what is tracked
  if (result.code !== 0) result = await runGit([...args, '--', ...pathspecs], { cwd: root });
  if (result.code !== 0) {
    throw new EnvironmentError('GIT_FAILED', `git ls-files failed: ${result.stderr.trim()}`, {
      where: root,
      next: 'run "git status" in that repository to see what git objects to',
    });
  }
  return paths(result.stdout);
}

/**
 * Whether git ignores `rel` (relative to `root`) by any of its rules, the user's own excludes
 * file included (a note to a person, never a verdict); false when git cannot tell.
 */
export async function isIgnored(root: string, rel: string): Promise<boolean> {
  const result = await runGit(['check-ignore', '-q', '--no-index', rel], {
    cwd: root,
    userExcludes: true,
  }).catch(() => undefined);
  return result?.code === 0;
}
