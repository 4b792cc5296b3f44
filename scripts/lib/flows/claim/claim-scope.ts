// The scope of a task claim and of the Stop hook's claim (core/gate/select/task-scope.ts): the paths
// changed since the trusted base (the upstream's fork point, or --base) as the subject tree sees
// them on disk (committed, uncommitted and untracked-not-ignored files; the plane's evidence and
// knowledge left out), and the control definitions changed since it. Without a base, the tree of
// the last granted claim in the ledger is the base; without one either, every required control.
import { subjectScopeOf, type SubjectScope } from '../../core/binding/build-subject.ts';
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import { diffDefinitions } from '../../core/gate/claim/definition-diff.ts';
import { selectRequired } from '../../core/gate/select/select-controls.ts';
import {
  decideTaskScope,
  type NamedControls,
  type TaskChange,
  type TaskScope,
} from '../../core/gate/select/task-scope.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { World } from '../../core/world/world.ts';

export interface ScopedTask extends TaskScope {
  /** Controls the change removes since the base: their removal gates the task as well. */
  removed: string[];
}

/**
 * The task's controls under the deciding rules `rules`: every required control the change
 * covers, plus `named` (which may only add). `io` reads the ledger once (readEntriesOnce).
 */
export async function scopeTask(
  plane: Plane,
  rules: Plane,
  atBase: BaseRules | undefined,
  named: NamedControls,
  io: Pick<World, 'readEntries' | 'changedPaths' | 'subject'>,
): Promise<ScopedTask> {
  // The verified ledger read (once, readEntriesOnce) runs while the change is measured; the
  // statuses take it next. A failure surfaces where it is awaited.
  io.readEntries(plane).catch(() => undefined);
  const required = selectRequired(rules.registry.controls, rules.manifest.profile.target_maturity);
  // The deciding manifest's scope, as the subject bindings are computed (the tree is cached).
  const scope = io.subject.withSkillExcludes(
    subjectScopeOf(plane.rel, rules.manifest, plane.registry),
    io.subject.installedSkillExcludes(plane.root),
  );
  const definitions =
    atBase?.plane === undefined
      ? []
      : diffDefinitions(atBase.plane.registry.controls, plane.registry.controls).filter(
          (c) => c.change !== 'added',
        );
  let change: TaskChange;
  if (atBase !== undefined) {
    const paths = await io.changedPaths(plane, scope, atBase.commit);
    change =
      paths === undefined
        ? { since: undefined, why: `${atBase.base} (${atBase.commit.slice(0, 12)}) is not here` }
        : { since: atBase.base, paths, definitions: definitions.map((c) => c.control) };
  } else {
    change = await changeSinceLastClaim(plane, scope, io);
  }
  const decided = decideTaskScope(required, change, named);
  const known = new Set(rules.registry.controls.map((c) => c.id));
  return {
    ...decided,
    removed: definitions.filter((c) => !known.has(c.control)).map((c) => c.control),
  };
}

async function changeSinceLastClaim(
  plane: Plane,
  scope: SubjectScope,
  io: Pick<World, 'readEntries' | 'changedPaths'>,
): Promise<TaskChange> {
  const last = (await io.readEntries(plane)).findLast((e) => e.entry.kind === 'claim');
  if (last === undefined)
    return { since: undefined, why: 'no upstream branch and no granted claim in the ledger' };
  const paths = await io.changedPaths(plane, scope, last.entry.subject.tree);
  if (paths === undefined)
    return {
      since: undefined,
      why: `no upstream branch, and the tree of the last granted claim (${last.hash.slice(0, 12)}) is not in this clone`,
    };
  return {
    since: `the last granted claim (entry ${last.hash.slice(0, 12)})`,
    paths,
    definitions: [],
  };
}
