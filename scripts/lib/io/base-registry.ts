// Reads the control plane as it was at a base ref (`git show <commit>:<path>`): the rules a change
// is judged by when a claim names --base. A plane that does not exist at the base (the change
// adopts proofgate) is reported as missing, never guessed.
import { relative, sep } from 'node:path';
import { UsageError } from '../core/errors.ts';
import type { BaseRules } from '../core/gate/base-rules.ts';
import type { Plane } from '../core/plane/plane.ts';
import { runGit } from './git.ts';
import { planeFromTexts } from './plane.ts';

async function resolveBase(plane: Plane, base: string): Promise<string> {
  const resolved = await runGit(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], {
    cwd: plane.root,
  });
  if (resolved.code !== 0) {
    throw new UsageError('BAD_VALUE', `--base ${base} is not a commit in this repository`, {
      next: 'pass a branch, tag or commit that exists, e.g. origin/main after git fetch',
    });
  }
  return resolved.stdout.toString('utf8').trim();
}

async function showAt(plane: Plane, commit: string, path: string): Promise<string | undefined> {
  const rel = relative(plane.root, path).split(sep).join('/');
  const shown = await runGit(['show', `${commit}:${rel}`], { cwd: plane.root });
  return shown.code === 0 ? shown.stdout.toString('utf8') : undefined;
}

/**
 * The plane at `base`, validated like the working one; a plane that is invalid at the base is a
 * configuration error naming `<base>:<path>` (exit 2), since no rule can be taken from it.
 */
export async function readBasePlane(plane: Plane, base: string): Promise<BaseRules> {
  const commit = await resolveBase(plane, base);
  const [manifest, registry] = await Promise.all([
    showAt(plane, commit, plane.manifestPath),
    showAt(plane, commit, plane.registryPath),
  ]);
  if (manifest === undefined) return { base, commit };
  const show = (p: string): string => `${base}:${relative(plane.root, p).split(sep).join('/')}`;
  const location = { root: plane.root, dir: plane.dir, rel: plane.rel };
  return { base, commit, plane: planeFromTexts(location, { manifest, registry }, show) };
}
