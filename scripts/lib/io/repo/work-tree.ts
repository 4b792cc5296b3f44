// The repository a directory belongs to, found as git's own discovery finds it (the nearest `.git`
// above it), so that git can be told GIT_DIR and GIT_WORK_TREE explicitly instead of trusting
// `core.worktree` or `core.bare`, which the gated agent can set.
import { lstatSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The work tree top and git dir of the repository holding `dir`, found as git's discovery does. */
interface WorkTree {
  top: string;
  gitDir: string;
}

function isFile(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/** Whether `path` is a directory itself (a symbolic link to one is not); false when absent. */
export function isDirectory(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

// Like git's is_git_directory: a HEAD, and objects and refs (or a commondir that has them).
function isGitDirectory(dir: string): boolean {
  const head = lstatSync(join(dir, 'HEAD'), { throwIfNoEntry: false });
  if (head === undefined || head.isDirectory()) return false;
  return (
    isFile(join(dir, 'commondir')) ||
    (isDirectory(join(dir, 'objects')) && isDirectory(join(dir, 'refs')))
  );
}

// A `.git` entry: a git directory, or a file `gitdir: <path>` (a linked worktree, a submodule).
function gitDirAt(dotGit: string): string | undefined {
  const info = lstatSync(dotGit, { throwIfNoEntry: false });
  if (info === undefined) return undefined;
  if (info.isDirectory()) return isGitDirectory(dotGit) ? dotGit : undefined;
  if (!info.isFile()) return undefined;
  try {
    const match = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'));
    const gitDir = match?.[1] === undefined ? undefined : resolve(dirname(dotGit), match[1].trim());
    return gitDir !== undefined && isGitDirectory(gitDir) ? gitDir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The nearest directory at or above `dir` holding a valid `.git`: the work tree git's own discovery
 * finds, whatever `core.worktree` or `core.bare` say. Undefined outside a repository.
 */
export function locateWorkTree(dir: string): WorkTree | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const gitDir = gitDirAt(join(at, '.git'));
    if (gitDir !== undefined) return { top: at, gitDir };
    if (dirname(at) === at) return undefined;
  }
}

/** The git directory every worktree of `gitDir` shares (a linked worktree's `commondir`). */
export function commonDirOf(gitDir: string): string {
  try {
    const named = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    return named === '' ? gitDir : resolve(gitDir, named);
  } catch {
    return gitDir;
  }
}
