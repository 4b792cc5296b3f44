// The files the current subject binds that no commit holds (core/gate/claim/uncommitted.ts), read from
// the very git status the binding was computed from when this process computed one.
import { relative, sep } from 'node:path';
import { listPlaneDefinitionPaths, subjectScopeOf } from '../../core/binding/build-subject.ts';
import { EnvironmentError } from '../../core/errors.ts';
import { listUncommitted, type Uncommitted } from '../../core/gate/claim/uncommitted.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { findRepositoryPaths } from '../git.ts';
import { installedSkillExcludes } from '../subject/skill-excludes.ts';
import { peekBoundState, readWorktreeState } from '../repo/worktree-state.ts';

export async function readUncommitted(plane: Plane): Promise<Uncommitted | undefined> {
  const top = (await findRepositoryPaths(plane.root)).top;
  const state = peekBoundState(top) ?? (await readWorktreeState(top));
  if (state === undefined) {
    throw new EnvironmentError('GIT_FAILED', `git could not list the changes in ${top}`, {
      where: top,
      next: 'run "git status" there to see what git objects to',
    });
  }
  const scope = subjectScopeOf(plane.rel, plane.manifest, plane.registry);
  // The manifest and the registry are bound by their digests, not in the tree: judged all the
  // same, so an uncommitted edit to them is named too (the pages rendered from them are not).
  const definitions = listPlaneDefinitionPaths(plane.rel).filter((p) => p.endsWith('.yaml'));
  const excludes = scope.excludes.filter((e) => !definitions.includes(e));
  // git names paths from the top level; the subject's globs are relative to the root under it.
  const prefix = relative(top, plane.root).split(sep).join('/');
  const under = (paths: readonly string[]): string[] =>
    prefix === ''
      ? [...paths]
      : paths.filter((p) => p.startsWith(`${prefix}/`)).map((p) => p.slice(prefix.length + 1));
  const status = {
    dirty: under(state.dirty),
    staged: under(state.staged),
    untracked: under(state.untracked),
    head: state.head,
  };
  return listUncommitted(status, {
    excludes,
    includes: scope.includes,
    skill: installedSkillExcludes(plane.root),
  });
}
