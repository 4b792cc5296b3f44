// The one gateway to git: argv arrays only (never a shell), spawned directly (node:child_process),
// exact exit codes, byte-exact stdout, optional stdin and extra environment (e.g. GIT_INDEX_FILE
// for a private index). Every other module reaches git through the functions exported here.
//
// Nothing the gated agent can set in git decides what git sees (references/bindings.md):
// - ambient GIT_* variables (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE, GIT_CONFIG_COUNT, ...) and
//   editor/pager variables are dropped; variables this module sets itself are passed explicitly;
// - the repository is the one whose `.git` holds `cwd` (found here, as git's discovery does) and is
//   given to git as GIT_DIR and GIT_WORK_TREE, so `core.bare` and `core.worktree` cannot point git
//   at another directory or at none;
// - configuration that changes what git reports as changed or ignored is pinned on every call (see
//   PINNED below), and settings that make git run a program are refused (io/git-argv-guard.ts).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstat, realpath, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EnvironmentError, UsageError } from '../core/errors.ts';
import { unsafeGitArgument } from './git-argv-guard.ts';
import { locateWorkTree } from './work-tree.ts';

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Extra environment, e.g. GIT_INDEX_FILE for a temporary index. */
  env?: Record<string, string>;
  /** Bytes for git's stdin; must not be empty (git would wait on an open stdin). */
  input?: string | Buffer;
  /** Set when the arguments pin `core.hooksPath` (always to disable hooks, never to add one). */
  pinsHooksPath?: boolean;
  /**
   * Keep the user's own `core.excludesFile` (a note to a person, never a verdict: e.g. whether a
   * machine-local settings file is ignored).
   */
  userExcludes?: boolean;
}

const GIT_ENV = { GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };

// Settings the agent could use to make git report a changed file as clean or a new file as ignored:
// a file-system monitor that answers "nothing changed", an untracked cache trusted over a
// directory's back-dated mtime, stat checks that ignore ctime, exclude files outside the
// repository's own .gitignore files, and sparse-checkout rules. `core.fsmonitor` is only ever
// pinned off here (the argument guard refuses any other value).
const PINNED_EXCLUDES = ['-c', 'core.excludesFile=/dev/null'];
const PINNED = [
  ['core.fsmonitor', 'false'],
  ['core.untrackedCache', 'false'],
  ['core.trustctime', 'true'],
  ['core.checkStat', 'default'],
  ['core.ignoreStat', 'false'],
  ['core.sparseCheckout', 'false'],
].flatMap(([key, value]) => ['-c', `${key}=${value ?? ''}`]);

// GIT_DIR and GIT_WORK_TREE of the repository holding `cwd`, unless the caller names a GIT_DIR.
function repositoryEnv(cwd: string, extra: Record<string, string>): Record<string, string> {
  if (extra['GIT_DIR'] !== undefined) return {};
  const found = locateWorkTree(cwd);
  return found === undefined ? {} : { GIT_DIR: found.gitDir, GIT_WORK_TREE: found.top };
}

// Ambient variables dropped from git's environment: any GIT_* (which could name another
// repository, index, configuration or object store) and the programs git would start.
const GUARDED = /^(git_|editor$|visual$|pager$|ssh_askpass$|prefix$)/i;

function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !GUARDED.test(key)) env[key] = value;
  }
  // git refuses an abbreviated long option (`--exe` for `--exec`) instead of guessing it.
  return { ...env, ...GIT_ENV, GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS: 'true', ...extra };
}

function cannotRun(args: readonly string[], cwd: string, why: string, cause?: unknown): never {
  throw new EnvironmentError('GIT_FAILED', `git ${args[0] ?? ''} could not run: ${why}`, {
    where: cwd,
    next: 'install git and make sure it is on PATH',
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Runs git and resolves with its exit code; rejects only when git cannot be started. */
export async function runGit(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const extra = { ...repositoryEnv(options.cwd, options.env ?? {}), ...options.env };
  const input = options.input;
  if (input !== undefined && input.length === 0) {
    throw new UsageError('BAD_INPUT', `git ${args[0] ?? ''}: empty input`, {
      expected: 'non-empty bytes for git to read on stdin',
    });
  }
  const argv = [...PINNED, ...(options.userExcludes === true ? [] : PINNED_EXCLUDES), ...args];
  const unsafe = unsafeGitArgument(argv, options.pinsHooksPath === true);
  if (unsafe !== undefined) cannotRun(args, options.cwd, `${unsafe} is refused by the gateway`);
  const result = await spawnGit(argv, options, extra).catch((error: unknown) => error as Error);
  if (!(result instanceof Error)) return result;
  // A missing directory surfaces as spawn's ENOENT, which would read as "git is missing".
  if ((await stat(options.cwd).catch(() => undefined)) === undefined)
    cannotRun(args, options.cwd, `the directory ${options.cwd} does not exist`);
  return cannotRun(args, options.cwd, result.message, result);
}

function spawnGit(
  argv: readonly string[],
  options: GitOptions,
  extra: Record<string, string>,
): Promise<GitResult> {
  const input = options.input;
  return new Promise<GitResult>((done, fail) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const child = spawn('git', argv, {
      cwd: options.cwd,
      env: childEnv(extra),
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', fail);
    // Done when the child has exited and closed its output, so no output is cut off.
    child.on('close', (code, signal) => {
      if (code === null) fail(new Error(`git was ended by ${signal ?? 'a signal'}`));
      else done({ code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString() });
    });
    if (child.stdin !== null) {
      // git may exit before reading all of its input (EPIPE): its exit code says what happened.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
  });
}

/**
 * Synchronous git for the one place that cannot wait: cleanup inside a signal handler, which must
 * finish before the process re-raises the signal. Best effort; failures are ignored.
 */
export function runGitSyncBestEffort(args: readonly string[], cwd: string): void {
  try {
    // A signal handler cannot await: the one synchronous call.
    execFileSync('git', [...PINNED, ...PINNED_EXCLUDES, ...args], {
      cwd,
      stdio: 'ignore',
      env: childEnv(repositoryEnv(cwd, {})),
    });
  } catch {
    // best effort: the caller removes the directory itself afterwards
  }
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

export type ObjectFormat = 'sha1' | 'sha256';

/** The git object id of `bytes` as an object of `type`, computed in process (no hash-object). */
export function gitObjectId(
  type: 'blob' | 'tree',
  bytes: Uint8Array,
  format: ObjectFormat = 'sha1',
): string {
  return createHash(format).update(`${type} ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The repository top level containing `dir`; NOT_A_GIT_REPO (exit 4) outside git. */
export async function findGitRoot(dir: string): Promise<string> {
  return (await findRepositoryPaths(dir)).top;
}

export interface RepositoryPaths {
  /** The repository top level. */
  top: string;
  /** The worktree's own git dir, its common git dir and its real index file (absolute). */
  gitDir: string;
  commonDir: string;
  indexFile: string;
}

/**
 * Answers already given in this process, by the directory asked about. One verb asks several
 * times (the root, the hook's files, the subject's index); an answer is reused only while its
 * git dir is still the same directory and the `.git` entry of the directory asked about is the
 * same entry or still absent (same device, inode and birth time), so a repository removed,
 * re-created or nested at that path since is asked about again.
 */
const known = new Map<string, { paths: RepositoryPaths; identity: string }>();

async function entryId(path: string): Promise<string> {
  const info = await lstat(path, { bigint: true }).catch(() => undefined);
  if (info === undefined) return 'absent';
  return `${info.isDirectory() ? 'dir' : 'other'}:${info.dev}:${info.ino}:${info.birthtimeNs}`;
}

async function identityOf(dir: string, gitDir: string): Promise<string> {
  return `${await entryId(gitDir)}|${await entryId(join(dir, '.git'))}`;
}

/** Where the repository at `root` keeps its index and git dirs; NOT_A_GIT_REPO outside git. */
export async function findRepositoryPaths(root: string): Promise<RepositoryPaths> {
  if ((await stat(root).catch(() => undefined)) === undefined) {
    throw new EnvironmentError('NOT_A_GIT_REPO', `${root} does not exist`, {
      where: root,
      next: 'pass --root <a directory inside a git repository>',
    });
  }
  const remembered = known.get(root);
  if (remembered !== undefined) {
    if ((await identityOf(root, remembered.paths.gitDir)) === remembered.identity) {
      return remembered.paths;
    }
    known.delete(root);
  }
  const result = await runGit(
    [
      'rev-parse',
      '--is-inside-work-tree',
      '--path-format=absolute',
      '--show-toplevel',
      '--absolute-git-dir',
      '--git-common-dir',
      '--git-path',
      'index',
    ],
    { cwd: root },
  );
  const [inside, top, gitDir, commonDir, indexFile] = result.stdout.toString('utf8').split('\n');
  if (result.code !== 0 || inside !== 'true' || !top || !gitDir || !commonDir || !indexFile) {
    throw new EnvironmentError('NOT_A_GIT_REPO', `${root} is not inside a git working tree`, {
      where: root,
      expected: 'a directory inside a git repository with a working tree',
      next: 'run "git init" there first, or pass --root <repository>',
    });
  }
  const paths = { top, gitDir, commonDir, indexFile };
  known.set(root, { paths, identity: await identityOf(root, gitDir) });
  if (top !== root) known.set(top, { paths, identity: await identityOf(top, gitDir) });
  return paths;
}

/** Absolute path of the git common dir (shared by all worktrees of a clone): where locks live. */
export async function gitCommonDir(root: string): Promise<string> {
  const text = await gitText(['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    cwd: root,
  });
  return text.trim();
}

/**
 * The root a verb works on: `--root` resolved against `cwd` (it must exist and lie inside a git
 * working tree), or the git top level of `cwd` when omitted. Always absolute and a real path.
 */
export async function resolveRoot(rootOption: string | undefined, cwd: string): Promise<string> {
  if (rootOption === undefined) return realpath(await findGitRoot(cwd));
  const dir = resolve(cwd, rootOption);
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) {
    throw new UsageError(
      'BAD_VALUE',
      `--root ${rootOption}: ${info ? 'not a directory' : 'no such directory'}`,
      {
        where: dir,
        expected: 'an existing directory inside a git repository',
        next: 'pass --root <repository directory>, or omit --root to use the git top level of the current directory',
      },
    );
  }
  const real = await realpath(dir);
  await findGitRoot(real);
  return real;
}
