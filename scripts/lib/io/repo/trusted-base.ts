// The base a local verdict is judged against when no --base is given: the current branch's
// upstream, else the remote's default branch (origin/HEAD, else origin/main). Its rules decide
// (flows/claim/trusted-rules.ts) and a task covers every path changed since it (flows/claim/claim-scope.ts).
// The fork point is used, so a branch merely behind its upstream is not judged by rules or paths
// it has not seen yet.
import type { SubjectScope } from '../../core/binding/build-subject.ts';
import { changedPaths, objectExists, readObjects } from '../git.ts';
import { takeBaseProbe } from './base-probe.ts';
import { objectKey, remembered } from './verdict-memo.ts';
import type { TrustedBase } from '../../core/world/git-port.ts';

/** The upstream (or the remote's default branch) and its fork point; undefined when none exists. */
export async function findTrustedBase(root: string): Promise<TrustedBase | undefined> {
  return (await takeBaseProbe(root, 'rules')).trusted;
}

/** Whether `object` (a commit or tree id) is in the object store (asked once per verdict). */
export function hasObject(root: string, object: string): Promise<boolean> {
  return remembered(root, objectKey(object), () => objectExists(root, object));
}

/**
 * The paths (relative to `root`) that differ between `from` (a commit or tree) and the subject
 * tree `to`, within `scope` (its excludes left out, its includes only).
 */
export async function listChangedPaths(
  root: string,
  from: string,
  to: string,
  scope: SubjectScope,
): Promise<string[]> {
  // Asked once per verdict: the task's scope, its test files' teeth and its reach share it.
  const key = `changed ${from} ${to} ${JSON.stringify([scope.excludes, scope.includes ?? null])}`;
  return remembered(root, key, () => changedPaths(root, from, to, scope));
}

/**
 * The bytes of each of `paths` (relative to `root`) in `commit`'s tree, by one `git cat-file
 * --batch`; a path the commit does not hold as a file is left out.
 */
export async function readFilesAt(
  root: string,
  commit: string,
  paths: readonly string[],
): Promise<Map<string, Uint8Array>> {
  const names = new Map(paths.map((p) => [`${commit}:./${p}`, p]));
  const found = await readObjects(root, [...names.keys()]);
  const files = new Map<string, Uint8Array>();
  for (const [name, object] of found) {
    const path = names.get(name);
    if (path !== undefined && object.type === 'blob') files.set(path, object.bytes);
  }
  return files;
}
