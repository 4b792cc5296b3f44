// The machine is the independent party: where a task claim needs only the self stage, its PASS rests
// on ledger lines the agent itself can write. So before the Stop hook lets a granted task through,
// it runs the task's command controls again itself (when their shortest recorded runs take at most
// `policies.claims.task.rerun_max_ms` together, default 10 s) and holds the stop when one of them
// does not pass now. Nothing is recorded: the rerun only checks what the ledger says. Slower tasks
// are re-run by the CI's cross audit at merge (references/hook.md "What the local gate stops").
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import type { ClaimBlocker } from '../../core/gate/claim/decide-claim.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { Control } from '../../core/plane/types.ts';
import { formatEvaluateCommand } from '../../core/next/next-command.ts';
import { memoryObjectStore } from '../../core/ledger/memory-objects.ts';
import { executeControl, prepareExecution } from '../run/execute-control.ts';

/** Default of `policies.claims.task.rerun_max_ms`. */
export const DEFAULT_RERUN_MAX_MS = 10_000;

/** What the rerun found: blockers for controls that do not pass now, or why nothing ran. */
export interface Rerun {
  blockers: ClaimBlocker[];
  /** Controls run again. */
  ran: string[];
  /** Why the task's controls were not run again (too slow, or the policy turns it off). */
  skipped?: string;
}

/**
 * How long each control's command takes, as the ledger shows it: the shortest finished run (any
 * status) of the argv it declares now. A line written by hand can lower this, never raise it: a
 * forged PASS that claims to be slow does not spare it the rerun while a real run was fast.
 */
function shortestRuns(
  entries: readonly StoredEntry[],
  controls: readonly Control[],
): Map<string, number> {
  const argvOf = new Map<string, string>();
  for (const c of controls)
    if (c.execution.type === 'command') argvOf.set(c.id, JSON.stringify(c.execution.argv));
  const durations = new Map<string, number>();
  for (const { entry } of entries) {
    if (entry.kind !== 'run' || entry.body['timed_out'] === true) continue;
    const control = entry.body['control'];
    const duration = entry.body['duration_ms'];
    if (typeof control !== 'string' || typeof duration !== 'number') continue;
    const argv = entry.body['argv'];
    if (argv !== undefined && JSON.stringify(argv) !== argvOf.get(control)) continue;
    durations.set(control, Math.min(duration, durations.get(control) ?? Infinity));
  }
  return durations;
}

export async function rerunTask(
  plane: Plane,
  statuses: readonly ControlStatus[],
  ctx: Context,
  io: World,
): Promise<Rerun> {
  const budget = plane.manifest.policies.claims.task.rerun_max_ms ?? DEFAULT_RERUN_MAX_MS;
  if (budget === 0) return { blockers: [], ran: [], skipped: 'rerun_max_ms is 0' };
  const passing = new Set(
    statuses.filter((s) => s.status === 'PASS' && s.execution === 'command').map((s) => s.control),
  );
  const controls = plane.registry.controls.filter((c) => passing.has(c.id));
  if (controls.length === 0) return { blockers: [], ran: [] };
  const durations = shortestRuns(await io.readEntries(plane), controls);
  const total = controls.reduce((sum, c) => sum + (durations.get(c.id) ?? Infinity), 0);
  if (total > budget) {
    return {
      blockers: [],
      ran: [],
      skipped: `their shortest recorded runs take ${Number.isFinite(total) ? `${total} ms` : 'an unknown time'}, over rerun_max_ms ${budget}`,
    };
  }
  const actor = { label: 'proofgate hook stop', authority: 'virtual:developer', context: 'hook' };
  // Its outputs stay in memory: written, they would be evidence objects no ledger line names.
  const settings = prepareExecution(plane, io, ctx.env, {
    actor,
    authorize: [],
    objects: memoryObjectStore(),
  });
  const blockers: ClaimBlocker[] = [];
  for (const control of controls) {
    const outcome = await executeControl(control, settings);
    // A control the hook may not run by itself (it needs an authorization) is left to the ledger.
    if (outcome.status === 'PASS' || outcome.status === 'BLOCKED') continue;
    const { exit_code: code, timed_out: timedOut } = outcome.details;
    const now = timedOut ? 'timed out' : `exits ${code ?? '?'}`;
    blockers.push({
      control: control.id,
      stage: 'self',
      status: 'FAIL',
      reason: `the ledger says PASS, but the hook ran it again and it ${now}: the recorded PASS does not hold for this code`,
      next: formatEvaluateCommand({ control: control.id }),
    });
  }
  return { blockers, ran: controls.map((c) => c.id) };
}
