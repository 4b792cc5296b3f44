// Trace file globs of a trace control. The candidate files come from git (tracked files plus
// untracked ones that are not ignored: the same set the subject binding hashes, and git does not
// descend into ignored directories); minimatch decides which of them a glob matches, so braces
// (nested too), `[ab]` and `[!ab]` classes, `?`, `*`, `**` and `!` exclusions mean what they mean
// in bash.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { Minimatch } from 'minimatch';
import type { MinimatchOptions } from 'minimatch';
import { findGlobProblem } from '../../core/shared/pathspec.ts';
import { ConfigError, EnvironmentError } from '../../core/errors.ts';
import { listGitignoreVisible } from '../git.ts';

// `*` matches names that start with a dot, as in git's own glob pathspecs used for `inputs`.
// A leading `!` or `#` is handled here (exclusion) or taken literally, never by minimatch.
const MATCH_OPTIONS: MinimatchOptions = {
  dot: true,
  nonegate: true,
  nocomment: true,
  platform: 'linux',
};

interface SplitGlobs {
  include: string[];
  exclude: string[];
}

function splitGlobs(patterns: readonly string[], where: string): SplitGlobs {
  const include: string[] = [];
  const exclude: string[] = [];
  const problems: string[] = [];
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const body = (negated ? pattern.slice(1) : pattern).replace(/^\.\//, '');
    const problem = findGlobProblem(body);
    if (problem !== undefined) problems.push(`${where}: ${JSON.stringify(pattern)} ${problem}`);
    else (negated ? exclude : include).push(body);
  }
  if (problems.length > 0) {
    throw new ConfigError('GLOB_INVALID', `${where} has ${problems.length} invalid glob(s)`, {
      where,
      problems,
      expected: 'globs relative to the repository root, e.g. "traces/**/*.jsonl"',
      next: `fix the globs in ${where}`,
    });
  }
  return { include, exclude };
}

/** The paths (relative, `/`-separated) matched by any include glob and by no `!` glob, sorted. */
export function matchGlobs(
  paths: readonly string[],
  patterns: readonly string[],
  where = 'globs',
): string[] {
  const { include, exclude } = splitGlobs(patterns, where);
  if (include.length === 0) return [];
  const included = include.map((glob) => new Minimatch(glob, MATCH_OPTIONS));
  const excluded = exclude.map((glob) => new Minimatch(glob, MATCH_OPTIONS));
  return paths
    .filter((p) => included.some((m) => m.match(p)) && !excluded.some((m) => m.match(p)))
    .sort();
}

// The fixed directory before the first wildcard of each glob, so git lists only the part of the
// tree a glob can match (none: everything).
function listingDirs(include: readonly string[]): string[] {
  const bases = include.flatMap((glob) =>
    new Minimatch(glob, MATCH_OPTIONS).set.map((parts) => {
      const fixed = parts.findIndex((part) => typeof part !== 'string');
      return (fixed === -1 ? parts : parts.slice(0, fixed)).join('/');
    }),
  );
  if (bases.some((base) => base === '')) return [];
  return [...new Set(bases)];
}

async function listCandidates(root: string, include: readonly string[]): Promise<string[]> {
  // Only the repository's .gitignore files decide what is ignored, as for the subject binding:
  // .git/info/exclude and core.excludesFile could hide a trace the agent wrote.
  const result = await listGitignoreVisible(root, listingDirs(include));
  if ('failed' in result) {
    throw new EnvironmentError('NOT_A_GIT_REPO', `cannot list the files of ${root}`, {
      where: root,
      expected: 'a git repository (trace globs match the files git sees: tracked or not ignored)',
      next: `run the control from inside a git repository (git -C ${root} status)`,
      cause: new Error(result.failed),
    });
  }
  return [...new Set(result.paths)];
}

// Regular files only: a tracked file deleted from the working tree, a submodule or a symlink (which
// could point outside the root) is not a trace.
async function isRegularFile(path: string): Promise<boolean> {
  return lstat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

/**
 * Files under the git working tree `root` matching `patterns` (relative globs; a leading `!`
 * excludes), sorted. ConfigError GLOB_INVALID (exit 2) for a glob that is empty, absolute or has a
 * `..` segment; EnvironmentError NOT_A_GIT_REPO (exit 4) when `root` is not in a git work tree.
 */
export async function globFiles(
  root: string,
  patterns: readonly string[],
  where = 'globs',
): Promise<string[]> {
  const { include } = splitGlobs(patterns, where);
  if (include.length === 0) return [];
  const matched = matchGlobs(await listCandidates(root, include), patterns, where);
  const regular = await Promise.all(matched.map((file) => isRegularFile(join(root, file))));
  return matched.filter((_, i) => regular[i]);
}
