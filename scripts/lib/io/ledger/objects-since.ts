// Evidence objects are written once and never change, so along history a commit may only add
// them. What changed them since a commit: one `git diff --name-status` of that commit's objects
// tree against HEAD's (git reads the two trees of each object shard the range touched).
import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';
import { HEX64 } from '../../core/ledger/parse-entry.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { changesSince, findRepositoryPaths } from '../git.ts';
import { createObjectStore, checkObjects, objectsDir } from './objects.ts';

/** An object path (relative to the repository's top level) that a commit since did not only add. */
export interface ObjectChange {
  /** git's status letter: M (modified), D (deleted), T (type changed). */
  status: string;
  path: string;
}

/** `path` (absolute, inside the plane) relative to the repository's top level, POSIX separators. */
export async function inRepository(plane: Plane, path: string): Promise<string | undefined> {
  const { top } = await findRepositoryPaths(plane.root);
  const dir = relative(top, realpathSync(plane.dir)).split(sep).join('/');
  if (dir === '..' || dir.startsWith('../')) return undefined;
  const rel = relative(plane.dir, path).split(sep).join('/');
  return dir === '' ? rel : `${dir}/${rel}`;
}

/**
 * Every object path a commit between `commit` and HEAD modified, deleted or changed the type of;
 * undefined when git cannot compare them.
 */
export async function objectsChangedSince(
  plane: Plane,
  commit: string,
): Promise<ObjectChange[] | undefined> {
  const { top } = await findRepositoryPaths(plane.root);
  const objects = await inRepository(plane, objectsDir(plane));
  if (objects === undefined) return undefined;
  const changes = await changesSince(top, commit, objects);
  return changes?.filter((change) => change.status !== 'A');
}

/**
 * `verify --base`: an object a commit since the base deleted is OBJECT_MISSING, and one it modified
 * that no longer re-hashes to its name OBJECT_CORRUPT, each named by its path. proofgate never
 * deletes an object, so a deletion is one whether or not an entry names it.
 */
export async function rewrittenObjectFindings(
  plane: Plane,
  base: { commit: string; label: string },
): Promise<LedgerFinding[]> {
  const changes = await objectsChangedSince(plane, base.commit);
  if (changes === undefined) {
    throw new EnvironmentError(
      'GIT_FAILED',
      `git cannot compare the evidence objects with ${base.label}`,
      {
        where: plane.root,
        next: `run \`git diff --name-status ${base.commit} HEAD\` to see why`,
      },
    );
  }
  const named = changes.map((c) => ({ ...c, digest: c.path.split('/').at(-1) ?? '' }));
  const states = await checkObjects(
    createObjectStore(plane),
    named.filter((c) => c.status !== 'D' && HEX64.test(c.digest)).map((c) => c.digest),
  );
  const findings: LedgerFinding[] = [];
  for (const { status, path, digest } of named) {
    const state = status === 'D' ? 'missing' : (states.get(digest) ?? 'corrupt');
    if (state === 'ok') continue;
    const what = state === 'missing' ? 'was deleted' : 'no longer re-hashes to its name';
    findings.push({
      file: path,
      line: 0,
      code: state === 'missing' ? 'OBJECT_MISSING' : 'OBJECT_CORRUPT',
      message: `evidence object ${digest.slice(0, 12)}… ${what} since ${base.label} (objects are written once: restore it with git checkout ${base.commit.slice(0, 12)} -- ${path})`,
    });
  }
  return findings;
}
