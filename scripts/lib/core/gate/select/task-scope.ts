// A task covers what it changes: the controls of a task claim (and of the Stop hook's claim) are
// every control whose inputs the change touches since the trusted base, every control whose
// definition it changes, plus the controls the task names. Naming can only add. A control
// without inputs covers the whole tree, so any change includes it. Pure: the flow brings the
// changed paths (flows/claim/claim-scope.ts).
import { matchesGlob } from '../../shared/pathspec.ts';
import { effectiveInputs } from '../../binding/build-subject.ts';
import type { Control } from '../../plane/types.ts';

/** What changed since the base, or why there is nothing to compare with (then all is in). */
export type TaskChange =
  | { since: string; paths: readonly string[]; definitions: readonly string[] }
  | { since: undefined; why: string };

/** Where the task's own names came from: --control, PROOFGATE_TASK_CONTROLS or task.json. */
export interface NamedControls {
  ids: readonly string[];
  source: string;
}

export interface ScopeReason {
  control: string;
  reason: string;
}

/** The task's controls and why each is in it (one line per control, as the verbs print them). */
export interface TaskScope {
  /** The base the change was measured from, e.g. `origin/main`; undefined when there was none. */
  since?: string;
  controls: string[];
  reasons: ScopeReason[];
}

const PATHS_NAMED = 3;

function namePaths(paths: readonly string[]): string {
  const shown = paths.slice(0, PATHS_NAMED).join(', ');
  return paths.length > PATHS_NAMED ? `${shown} and ${paths.length - PATHS_NAMED} more` : shown;
}

/** Why the change covers `control`, or undefined when it does not. */
function changeReason(
  control: Control,
  change: Extract<TaskChange, { since: string }>,
): string | undefined {
  const since = `changed since ${change.since}`;
  if (change.definitions.includes(control.id))
    return `definition ${since} (not in effect until approved)`;
  if (change.paths.length === 0) return undefined;
  const inputs = effectiveInputs(control);
  if (inputs === undefined)
    return `no inputs, covers the whole tree: ${namePaths(change.paths)} ${since}`;
  for (const glob of inputs) {
    const hit = change.paths.filter((p) => matchesGlob(p, glob));
    if (hit.length > 0) return `inputs ${glob} match ${namePaths(hit)} (${since})`;
  }
  return undefined;
}

/**
 * The task's scope over `required` (the controls a project claim would require under the deciding
 * rules), in their order, then any named control outside them.
 */
export function decideTaskScope(
  required: readonly Control[],
  change: TaskChange,
  named: NamedControls,
): TaskScope {
  const reasons = new Map<string, string[]>();
  const add = (id: string, reason: string): void => {
    reasons.set(id, [...(reasons.get(id) ?? []), reason]);
  };
  for (const control of required) {
    if (change.since === undefined) {
      add(control.id, `no base to compare the change with (${change.why}): every required control`);
      continue;
    }
    const reason = changeReason(control, change);
    if (reason !== undefined) add(control.id, reason);
  }
  for (const id of named.ids) add(id, `named by ${named.source}`);
  return {
    ...(change.since === undefined ? {} : { since: change.since }),
    controls: [...reasons.keys()],
    reasons: [...reasons].map(([control, why]) => ({ control, reason: why.join('; ') })),
  };
}
