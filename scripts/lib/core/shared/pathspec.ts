// Path globs of a plane (control `inputs` and `outputs`, the plane's storage prefixes) become git
// pathspecs with `:(glob)` magic: `*` stays inside one directory, `**/` spans directories, and a
// pattern without wildcards also matches everything under it. Globs are relative to the root.
import { minimatch } from 'minimatch';
import { ConfigError } from '../errors.ts';

/** Why `glob` cannot be a plane path glob, or undefined when it can. */
export function findGlobProblem(glob: string): string | undefined {
  if (glob.trim() === '') return 'is empty';
  if (glob.startsWith(':')) return 'starts with ":" (pathspec magic is added by proofgate)';
  if (glob.startsWith('/')) return 'is absolute; write it relative to the repository root';
  if (/[\\\0\n\r]/.test(glob)) return 'contains a backslash, NUL or line break';
  if (glob.split('/').some((segment) => segment === '..' || segment === '.')) {
    return 'contains a "." or ".." segment';
  }
  return undefined;
}

// Git's glob pathspecs take `{` and `}` literally, so `src/{a,b}.ts` would silently match nothing.
function findPathspecProblem(glob: string): string | undefined {
  const problem = findGlobProblem(glob);
  if (problem !== undefined) return problem;
  return /[{}]/.test(glob)
    ? 'uses braces, which git pathspecs do not expand; list each alternative as its own glob'
    : undefined;
}

/** Checks every git-pathspec glob (inputs, outputs, excludes) and fails once, naming each bad one (exit 2). */
export function assertGlobs(globs: readonly string[], where: string): void {
  const problems = globs.flatMap((glob) => {
    const problem = findPathspecProblem(glob);
    return problem === undefined ? [] : [`${where}: ${JSON.stringify(glob)} ${problem}`];
  });
  if (problems.length > 0) {
    throw new ConfigError('GLOB_INVALID', `${where} has ${problems.length} invalid path glob(s)`, {
      where,
      problems,
      expected: 'globs relative to the repository root, e.g. "src/**/*.ts" or "coverage/"',
      next: `fix the globs in ${where}`,
    });
  }
}

// A trailing slash names a directory; `dir/**` is the glob form git matches for it.
function toGlobBody(glob: string): string {
  return glob.endsWith('/') ? `${glob}**` : glob;
}

export function toGlobPathspec(glob: string): string {
  return `:(glob)${toGlobBody(glob)}`;
}

export function toExcludePathspec(glob: string): string {
  return `:(exclude,glob)${toGlobBody(glob)}`;
}

/** An input glob that matches nothing would let evidence outlive any change: refuse it (exit 2). */
export function unmatchedInputsError(where: string, unmatched: readonly string[]): ConfigError {
  return new ConfigError('INPUT_UNMATCHED', `${where}: ${unmatched.length} glob(s) match no file`, {
    where,
    problems: unmatched.map(
      (glob) => `${where}: ${JSON.stringify(glob)} matches no file in the subject tree`,
    ),
    expected: 'every input glob matches at least one file outside evidence, knowledge and outputs',
    next: "fix the glob or remove it from the control's inputs",
  });
}

const WILDCARD = /[*?[]/;

const matchOptions = { dot: true, nonegate: true, nocomment: true, nobrace: true, noext: true };

/**
 * Whether `path` (relative to the root) is one `glob` names, as git's `:(glob)` pathspec matches
 * it: a glob without wildcards names that path and everything under it; otherwise the whole path
 * must match, `*` inside one directory, `**` across them, dot files included.
 */
export function matchesGlob(path: string, glob: string): boolean {
  const star = glob.search(WILDCARD);
  if (star === -1)
    return glob.endsWith('/')
      ? path.startsWith(glob)
      : path === glob || path.startsWith(`${glob}/`);
  // The text before the first wildcard matches only itself, so a path that does not start with it
  // cannot match, and minimatch is not asked (its first use in a process compiles the library and
  // each pattern: ~5 ms of a Stop hook that names uncommitted files). A `//` in that text is left
  // to minimatch, which reads it as one `/`.
  const literal = glob.slice(0, star);
  const plain = !literal.includes('//');
  if (plain && !path.startsWith(literal)) return false;
  if (glob.endsWith('/')) return minimatch(path, `${glob}**`, matchOptions);
  return (
    (plain ? matchesOneStar(path, glob, star) : undefined) ?? minimatch(path, glob, matchOptions)
  );
}

/**
 * A glob whose one wildcard is a single `*` (at `star`) in its last segment (`ledger/*.jsonl`, the
 * plane's storage), matched without minimatch for a path that starts with the text before it: the
 * rest of the path holds no `/` and ends with the rest of the glob. Undefined for any other glob.
 */
function matchesOneStar(path: string, glob: string, star: number): boolean | undefined {
  const suffix = glob.slice(star + 1);
  if (glob[star] !== '*' || WILDCARD.test(suffix) || suffix.includes('/')) return undefined;
  const rest = path.slice(star);
  return !rest.includes('/') && rest.endsWith(suffix);
}
