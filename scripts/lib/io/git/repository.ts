// Which repository a directory belongs to, and where it keeps its git dirs and index: the root a
// verb works on (`--root` or the git top level of the current directory) and the paths the gate's
// own files live under (the hook's log, the subject cache, the ledger lock).
import { lstat, realpath, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EnvironmentError, UsageError } from '../../core/errors.ts';
import { LOCATE_ARGS } from './first-questions.ts';
import { gitText, runGit } from './run-git.ts';

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
  const result = await runGit(LOCATE_ARGS, { cwd: root });
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
