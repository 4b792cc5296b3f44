// The one git runner: argv arrays only (never a shell), exact exit codes, optional stdin and env.
import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EnvironmentError, UsageError } from '../core/errors.ts';

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Extra environment, e.g. GIT_INDEX_FILE for a temporary index. */
  env?: Record<string, string>;
  input?: string | Buffer;
  maxBuffer?: number;
}

const GIT_ENV = { GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };

/** Runs git and resolves with its exit code; rejects only when git cannot be started. */
export function runGit(args: readonly string[], options: GitOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      [...args],
      {
        cwd: options.cwd,
        env: { ...process.env, ...GIT_ENV, ...(options.env ?? {}) },
        encoding: 'buffer',
        maxBuffer: options.maxBuffer ?? 512 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        if (error !== null && typeof error.code !== 'number') {
          reject(
            new EnvironmentError(
              'GIT_FAILED',
              `git ${args[0] ?? ''} could not run: ${error.message}`,
              {
                next: 'install git and make sure it is on PATH',
                cause: error,
              },
            ),
          );
          return;
        }
        resolve({ code, stdout, stderr: stderr.toString('utf8') });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
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

/** The repository top level containing `dir`; EnvironmentError NOT_A_GIT_REPO (exit 4) outside git. */
export async function findGitRoot(dir: string): Promise<string> {
  const result = await runGit(['rev-parse', '--show-toplevel'], { cwd: dir }).catch(
    (error: unknown) => {
      if (error instanceof EnvironmentError) throw error;
      throw new EnvironmentError('NOT_A_GIT_REPO', `${dir} is not inside a git repository`, {
        cause: error,
      });
    },
  );
  const top = result.stdout.toString('utf8').trim();
  if (result.code !== 0 || top === '') {
    throw new EnvironmentError('NOT_A_GIT_REPO', `${dir} is not inside a git working tree`, {
      where: dir,
      expected: 'a directory inside a git repository with a working tree',
      next: 'run "git init" there first, or pass --root <repository>',
    });
  }
  return top;
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
