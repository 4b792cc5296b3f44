// The one place that starts git: every question of the facade (scripts/lib/io/git/) runs through
// runGit here, on a simple-git instance made for that one call (its own stdin, its own output, its
// own environment; nothing is queued behind another call). Argument lists only (never a shell),
// exact exit codes (a non-zero exit is an answer, not an error), byte-exact stdout. Only modules of
// this folder import it (ESLint and test/commands/git-facade.test.ts).
//
// Nothing the gated agent can set in git decides what git sees (references/bindings.md):
// - simple-git's own guards are on: it refuses the options and `-c` settings it knows to run a
//   program (`--upload-pack`, `-c core.sshCommand`, `protocol.ext`, ...), `--git-dir`,
//   `--work-tree` and `-C`, abbreviated long options, and guarded variables it is handed. Two
//   settings proofgate pins itself pass it: `core.fsmonitor` (always false) and `core.hooksPath`
//   (only where a call disables hooks); argv-guard.ts checks those and the sections simple-git
//   checks key by key;
// - ambient GIT_* variables (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE, GIT_CONFIG_COUNT, ...) and
//   editor/pager variables are dropped here; the variables this facade sets itself are passed
//   explicitly and are the only guarded ones simple-git lets through (allowEnvironment);
// - the repository is the one whose `.git` holds `cwd` (found here, as git's discovery does) and is
//   given to git as GIT_DIR and GIT_WORK_TREE, so `core.bare` and `core.worktree` cannot point git
//   at another directory or at none;
// - configuration that changes what git reports as changed or ignored is pinned on every call
//   (simple-git's `config`, PINNED in git-env.ts);
// - replace refs are ignored (GIT_NO_REPLACE_OBJECTS): no object reads as another;
// - git reads files as their bytes: the filter drivers the repository's config defines are turned
//   off on every call (filter-off.ts), and attributes come from the repository's .gitattributes
//   files only (no system file: GIT_ATTR_NOSYSTEM; no global one: core.attributesFile pinned);
//   `.git/info/attributes` refuses the subject binding (io/subject/subject.ts).
import { stat } from 'node:fs/promises';
import { GitPluginError, simpleGit, type SimpleGit, type SimpleGitOptions } from 'simple-git';
import { EnvironmentError, UsageError } from '../../core/errors.ts';
import { commonDirOf, locateWorkTree } from '../repo/work-tree.ts';
import { unsafeGitArgument } from './argv-guard.ts';
import { ALLOWED_ENV, childEnv, PINNED, PINNED_EXCLUDES, SIMPLE_GIT_ENV } from './git-env.ts';
import { takePrefetched } from './prefetched.ts';
import { filterOffSettings, repositoryFilterDrivers } from './filter-off.ts';

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Extra environment, e.g. GIT_INDEX_FILE for a temporary index (see ALLOWED_ENV). */
  env?: Record<string, string>;
  /** Bytes for git's stdin; must not be empty. Without it git's stdin is closed at once. */
  input?: string | Buffer;
  /** Set when the arguments pin `core.hooksPath` (always to disable hooks, never to add one). */
  pinsHooksPath?: boolean;
  /**
   * Keep the user's own `core.excludesFile` (a note to a person, never a verdict: e.g. whether a
   * machine-local settings file is ignored).
   */
  userExcludes?: boolean;
  /** `cwd` is where a repository is being created (`git init`): no repository is looked up. */
  creates?: boolean;
}

// GIT_DIR and GIT_WORK_TREE of the repository holding `cwd`, unless the caller names a GIT_DIR or
// creates a repository there.
function repositoryEnv(cwd: string, options: GitOptions): Record<string, string> {
  if (options.creates === true || options.env?.['GIT_DIR'] !== undefined) return {};
  const found = locateWorkTree(cwd);
  return found === undefined ? {} : { GIT_DIR: found.gitDir, GIT_WORK_TREE: found.top };
}

// The settings that turn off the filter drivers of the repository git will read (filter-off.ts).
function filterOff(env: Record<string, string>): { settings: string[]; unsafe?: string } {
  const gitDir = env['GIT_DIR'];
  if (gitDir === undefined) return { settings: [] };
  return filterOffSettings(repositoryFilterDrivers(gitDir, commonDirOf(gitDir)));
}

function cannotRun(args: readonly string[], cwd: string, why: string, cause?: unknown): never {
  throw new EnvironmentError('GIT_FAILED', `git ${args[0] ?? ''} could not run: ${why}`, {
    where: cwd,
    next: 'install git and make sure it is on PATH',
    ...(cause === undefined ? {} : { cause }),
  });
}

const NO_INPUT = Buffer.alloc(0);

/** simple-git's guards: a call they refuse never started git. */
const GUARDS = new Set(['unsafe', 'allowEnvironment']);

// simple-git waits 50 ms more after a process that printed nothing (its guard against a `close`
// that comes late), and many of the gate's questions are answered by the exit code alone: a
// zero-length chunk, sent once simple-git listens, tells it output arrived. It adds no byte.
function noteOutput(_command: string, stdout: NodeJS.ReadableStream): void {
  queueMicrotask(() => stdout.emit('data', NO_INPUT));
}

interface Execution {
  exitCode: number | null;
  stdOut: Buffer[];
  stdErr: Buffer[];
}

/** A simple-git instance for one call, every protection on; throws when `cwd` is no directory. */
function instanceFor(
  options: GitOptions,
  call: { config: string[]; env: Record<string, string>; filtersOff: boolean },
  done: (execution: Execution) => void,
): SimpleGit {
  const given = options.input;
  const input =
    given === undefined ? NO_INPUT : typeof given === 'string' ? Buffer.from(given) : given;
  const settings: Partial<SimpleGitOptions> = {
    baseDir: options.cwd,
    config: call.config,
    maxConcurrentProcesses: 1,
    // `close` only: every byte of output has arrived when the process has closed its pipes.
    completion: { onClose: true, onExit: false },
    unsafe: {
      allowUnsafeFsMonitor: true,
      ...(options.pinsHooksPath === true ? { allowUnsafeHooksPath: true } : {}),
      // Only settings that turn a filter off (argv-guard.ts refuses any other).
      ...(call.filtersOff ? { allowUnsafeFilter: true } : {}),
    },
    allowEnvironment: ALLOWED_ENV,
    // An empty chunk still ends stdin: git never waits on an open pipe.
    input: () => input,
    // Every exit code is an answer: the result is kept and the task never rejects for it.
    errors: (_error, result) => {
      done(result);
      return undefined;
    },
  };
  return simpleGit(settings).env(childEnv(call.env)).outputHandler(noteOutput);
}

// The first line of what git's spawn reported ("Error: spawn git ENOENT"), without its stack.
const spawnMessage = (stderr: string): string =>
  (stderr.split('\n')[0] ?? '').replace(/^\w*Error: /, '') || 'git did not start';

/** Runs git and resolves with its exit code; rejects only when git cannot be started. */
export async function runGit(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const input = options.input;
  if (input !== undefined && input.length === 0) {
    throw new UsageError('BAD_INPUT', `git ${args[0] ?? ''}: empty input`, {
      expected: 'non-empty bytes for git to read on stdin',
    });
  }
  const env = { ...repositoryEnv(options.cwd, options), ...options.env };
  const filters = filterOff(env);
  if (filters.unsafe !== undefined) {
    throw new EnvironmentError(
      'GIT_FAILED',
      `the filter driver ${JSON.stringify(filters.unsafe)} in the repository's git config cannot be turned off`,
      { where: env['GIT_DIR'] ?? options.cwd, next: 'git config --list --show-origin' },
    );
  }
  const pinned = [
    ...(options.userExcludes === true ? PINNED : [...PINNED, PINNED_EXCLUDES]),
    ...filters.settings,
  ];
  const argv = [...pinned.flatMap((setting) => ['-c', setting]), ...args];
  const unsafe = unsafeGitArgument(argv, options.pinsHooksPath === true);
  if (unsafe !== undefined) cannotRun(args, options.cwd, `${unsafe} is refused by the gateway`);
  const call = { config: pinned, env, filtersOff: filters.settings.length > 0 };
  // The same question started as the process started (prefetch.ts), when it is this exact one.
  const ahead =
    input === undefined
      ? takePrefetched(argv, options.cwd, { ...childEnv(env), ...SIMPLE_GIT_ENV })
      : undefined;
  const answered = ahead === undefined ? undefined : await ahead;
  if (answered !== undefined) return answered;
  // A missing directory would read as "git is missing" (spawn's ENOENT) or as simple-git's own
  // complaint: it is named as what it is. Checked only after a failure: a spawn that waited for
  // the file system would wait for a turn of the event loop.
  const missing = async (): Promise<boolean> =>
    (await stat(options.cwd).catch(() => undefined)) === undefined;
  let execution: Execution | undefined;
  let git: SimpleGit;
  try {
    git = instanceFor(options, call, (result) => (execution = result));
  } catch (error) {
    if (await missing())
      cannotRun(args, options.cwd, `the directory ${options.cwd} does not exist`);
    return cannotRun(args, options.cwd, `${options.cwd} is not a directory`, error);
  }
  const refused = await git.raw([...args]).then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  if (refused instanceof GitPluginError && GUARDS.has(refused.plugin ?? ''))
    cannotRun(args, options.cwd, `refused by the gateway (${refused.message})`, refused);
  if (refused !== undefined) cannotRun(args, options.cwd, refused.message, refused);
  const stderr = Buffer.concat(execution?.stdErr ?? []).toString();
  const code = execution?.exitCode;
  if (code === null) cannotRun(args, options.cwd, 'git was ended by a signal');
  if (code === undefined || code < 0) {
    if (await missing())
      cannotRun(args, options.cwd, `the directory ${options.cwd} does not exist`);
    cannotRun(args, options.cwd, spawnMessage(stderr));
  }
  return { code, stdout: Buffer.concat(execution?.stdOut ?? []), stderr };
}

/** Runs git and returns stdout as text; a non-zero exit becomes EnvironmentError GIT_FAILED. */
export async function gitText(args: readonly string[], options: GitOptions): Promise<string> {
  const result = await runGit(args, options);
  if (result.code !== 0) {
    throw new EnvironmentError(
      'GIT_FAILED',
      `git ${args.join(' ')} failed (exit ${result.code}): ${result.stderr.trim()}`,
      {
        where: options.cwd,
      },
    );
  }
  return result.stdout.toString('utf8');
}

/**
 * Runs git and returns stdout; a non-zero exit becomes EnvironmentError GIT_FAILED naming the whole
 * command, with the caller's next step (why the answer is needed and how to look into it).
 */
export async function gitOutput(
  args: readonly string[],
  options: GitOptions,
  next: string,
): Promise<Buffer> {
  const result = await runGit(args, options);
  if (result.code !== 0) {
    throw new EnvironmentError('GIT_FAILED', `git ${args.join(' ')} failed`, {
      where: options.cwd,
      next,
    });
  }
  return result.stdout;
}
