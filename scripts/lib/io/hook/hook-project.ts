// Where the Stop hook's project is, found from the file system first and only then asked of git:
// an agent that sets core.bare, core.worktree or breaks HEAD must not make a proofgate project
// look like "no project". The repository top is the nearest directory holding a `.git` entry,
// whatever git's configuration says; git must then agree with it, or the hook blocks.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';
import { DEFAULT_PLANE_DIR } from '../../core/plane/plane.ts';
import { findRepositoryPaths, isUnbornBranch, listTreePaths, resolveUpstream } from '../git.ts';
import { locatePlane } from '../plane/locate-plane.ts';
import type { HookProject } from '../../core/world/hook-port.ts';

/** A real directory path, or undefined when `path` is not an existing directory. */
export function existingDir(path: string): string | undefined {
  try {
    return statSync(path).isDirectory() ? realpathSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The nearest directory at or above `start` that holds a `.git` entry (file or directory). */
export function findTopOnDisk(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function planeAbove(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, DEFAULT_PLANE_DIR, 'controls', 'manifest.yaml'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

const PLANE_MANIFESTS = [`${DEFAULT_PLANE_DIR}/controls/manifest.yaml`, 'controls/manifest.yaml'];

/**
 * The plane manifests committed at HEAD and, when the branch has one, at its upstream (the
 * protected branch, which the agent cannot change): a plane deleted and committed away on the
 * branch is still a plane. None when HEAD has no commit yet; throws when git cannot tell.
 */
async function committedManifests(top: string): Promise<string[]> {
  const found = await listedAt(top, 'HEAD');
  const upstream = await resolveUpstream(top);
  if (upstream === undefined) return found;
  const atUpstream = await listedAt(top, upstream);
  return [...new Set([...found, ...atUpstream.map((p) => `${p} (upstream)`)])];
}

async function listedAt(top: string, rev: string): Promise<string[]> {
  const listed = await listTreePaths(top, rev, PLANE_MANIFESTS);
  if ('names' in listed) return listed.names;
  if ((await isUnbornBranch(top)) && rev === 'HEAD') return [];
  throw new EnvironmentError('GIT_FAILED', `git cannot read ${rev} in ${top}: ${listed.failed}`, {
    where: top,
    next: `repair the repository until "git -C ${top} log -1" works`,
  });
}

const gitNext = (top: string): string =>
  `make git see ${top} as its working tree again: git -C ${top} config --unset core.bare; git -C ${top} config --unset core.worktree; then "git -C ${top} status" must work`;

/** The project at or above `anchor`: none, or its plane with git agreeing; throws otherwise. */
export async function locateHookProject(anchor: string): Promise<HookProject> {
  const top = findTopOnDisk(anchor);
  if (top === undefined) {
    const orphan = planeAbove(anchor);
    if (orphan === undefined) return { kind: 'none' };
    throw new EnvironmentError(
      'NOT_A_GIT_REPO',
      `${orphan} holds a control plane but no .git: the repository is gone or moved`,
      { where: orphan, next: 'restore the .git directory of the project' },
    );
  }
  const real = realpathSync(top);
  const plane = locatePlane(real);
  const paths = await findRepositoryPaths(real).catch((error: unknown) => error as Error);
  if (paths instanceof Error) {
    if (plane === undefined && (await committedManifests(top)).length === 0)
      return { kind: 'none' };
    throw new EnvironmentError(
      'NOT_A_GIT_REPO',
      `git does not see ${top} as a working tree (${paths.message})`,
      { where: top, next: gitNext(top) },
    );
  }
  if (realpathSync(paths.top) !== real) {
    throw new EnvironmentError(
      'GIT_FAILED',
      `git reports the working tree at ${paths.top}, not at ${top} where the project's .git is`,
      { where: top, next: gitNext(top) },
    );
  }
  if (plane === undefined) {
    const committed = await committedManifests(top);
    if (committed.length === 0) return { kind: 'none' };
    throw new EnvironmentError(
      'IO_FAILED',
      `the control plane committed at HEAD or its upstream (${committed.join(', ')}) is missing from the working tree`,
      {
        where: top,
        next: `restore it: git -C ${top} checkout HEAD -- .proofgate (or from the upstream)`,
      },
    );
  }
  return { kind: 'plane', top: real, plane, dir: join(paths.gitDir, 'proofgate') };
}
