// Reads the control definitions as they were at a base ref (`git show <ref>:<registry>`), for the
// claim's list of changed definitions. Only ids and executions are taken; a registry missing at the
// base means every control is new.
import { relative, sep } from 'node:path';
import { parse } from 'yaml';
import { UsageError } from '../core/errors.ts';
import type { BaseControl } from '../core/gate/definition-approval.ts';
import type { Plane } from '../core/plane/plane.ts';
import { runGit } from './git.ts';

export async function readBaseControls(plane: Plane, base: string): Promise<BaseControl[]> {
  const resolved = await runGit(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], {
    cwd: plane.root,
  });
  if (resolved.code !== 0) {
    throw new UsageError('BAD_VALUE', `--base ${base} is not a commit in this repository`, {
      next: 'pass a branch, tag or commit that exists, e.g. origin/main after git fetch',
    });
  }
  const commit = resolved.stdout.toString('utf8').trim();
  const path = relative(plane.root, plane.registryPath).split(sep).join('/');
  const shown = await runGit(['show', `${commit}:${path}`], { cwd: plane.root });
  if (shown.code !== 0) return [];
  let document: unknown;
  try {
    document = parse(shown.stdout.toString('utf8'), { maxAliasCount: 100 });
  } catch {
    throw new UsageError('BAD_INPUT', `${path} at ${base} is not usable YAML`, {
      where: `${base}:${path}`,
      next: 'compare against a base whose registry is valid',
    });
  }
  const controls = (document as { controls?: unknown } | null)?.controls;
  if (!Array.isArray(controls)) return [];
  return controls.flatMap((c: unknown) => {
    if (typeof c !== 'object' || c === null) return [];
    const { id, execution } = c as { id?: unknown; execution?: unknown };
    return typeof id === 'string' ? [{ id, execution: execution ?? null }] : [];
  });
}
