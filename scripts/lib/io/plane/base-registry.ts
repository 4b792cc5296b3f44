// Reads the control plane as it was at a base ref (one `git cat-file --batch` of the commit and
// its `<commit>:<path>` blobs): the rules a change is judged by when a claim names --base. A
// plane that does not exist at the base (the change adopts proofgate) is reported as missing,
// never guessed.
import { relative, sep } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { readObjects } from '../git.ts';
import { planeFromTexts } from './plane.ts';
import { objectKey, remember, remembered } from '../repo/verdict-memo.ts';

const notACommit = (base: string): UsageError =>
  new UsageError('BAD_VALUE', `--base ${base} is not a commit in this repository`, {
    next: 'pass a branch, tag or commit that exists, e.g. origin/main after git fetch',
  });

const relOf = (plane: Plane, path: string): string =>
  relative(plane.root, path).split(sep).join('/');

/**
 * The plane at `base` (read once per verdict, verdict-memo.ts), validated like the working one; a plane that is invalid at the base is a
 * configuration error naming `<base>:<path>` (exit 2), since no rule can be taken from it.
 */
export function readBasePlane(plane: Plane, base: string): Promise<BaseRules> {
  const paths = `${relOf(plane, plane.manifestPath)} ${relOf(plane, plane.registryPath)}`;
  return remembered(plane.root, `plane ${base} ${paths}`, () => readPlaneAt(plane, base));
}

async function readPlaneAt(plane: Plane, base: string): Promise<BaseRules> {
  // One `cat-file --batch`: the commit, and the manifest and registry blobs in it.
  const at = `${base}^{commit}`;
  const names = [
    at,
    `${at}:${relOf(plane, plane.manifestPath)}`,
    `${at}:${relOf(plane, plane.registryPath)}`,
  ];
  const objects = await readObjects(plane.root, names);
  const resolved = objects.get(names[0]!);
  if (resolved?.type !== 'commit') throw notACommit(base);
  const commit = resolved.id;
  remember(plane.root, objectKey(commit), true);
  const text = (name: string): string | undefined => {
    const found = objects.get(name);
    return found?.type === 'blob' ? found.bytes.toString('utf8') : undefined;
  };
  const manifest = text(names[1]!);
  const registry = text(names[2]!);
  if (manifest === undefined) return { base, commit };
  const show = (p: string): string => `${base}:${relOf(plane, p)}`;
  const location = { root: plane.root, dir: plane.dir, rel: plane.rel };
  return { base, commit, plane: planeFromTexts(location, { manifest, registry }, show) };
}
