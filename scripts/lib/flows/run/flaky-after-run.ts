// After evaluate --run: a control that just passed on code where it also failed is still FLAKY
// until enough passes clear it, so the run reports what status will say, not the bare PASS.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { computeStatuses } from '../../core/gate/status/compute-status.ts';
import type { SubjectBinding } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';

interface PassedRun {
  control: string;
  status: string;
  reason: string;
  next?: string;
}

/** The passed results whose control is FLAKY on the current binding, rewritten to say so. */
export async function markFlaky<T extends PassedRun>(
  plane: Plane,
  results: T[],
  subjects: ReadonlyMap<string, SubjectBinding>,
  ctx: Context,
  io: World,
): Promise<T[]> {
  // only the controls this run executed (an attested manual control has no run subject here)
  const passed = new Set(
    results.filter((r) => r.status === 'PASS' && subjects.has(r.control)).map((r) => r.control),
  );
  if (passed.size === 0) return results;
  const controls = plane.registry.controls.filter((c) => passed.has(c.id));
  const statuses = computeStatuses({
    controls,
    subjects,
    entries: await io.readEntries(plane),
    now: ctx.clock.now(),
    manifest: plane.manifest,
    authorities: plane.manifest.authorities,
  });
  const flaky = new Map(
    statuses.filter((s) => s.stages.self.status === 'FLAKY').map((s) => [s.control, s.stages.self]),
  );
  return results.map((r) => {
    const self = flaky.get(r.control);
    if (self === undefined || r.status !== 'PASS') return r;
    return {
      ...r,
      status: 'FLAKY',
      reason: self.reason,
      ...(self.next === undefined ? {} : { next: self.next }),
    };
  });
}
