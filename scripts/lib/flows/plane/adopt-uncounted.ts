// `adopt --uncounted <control>`: the command prints no test count a parser reads (a plain script
// of assertions), so from engineering_ready its runs would be refused as "inventory unknown". The
// owner declares `inventory: none` on it instead: a change of the control's definition, so its
// results count for a claim only once approved under the base's rules (references/inventory.md).
import type { WorldExtras } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { pickDecider, planUncounted } from '../../core/plane/plan-decision.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { writePlan, type AdoptFlowOptions, type AdoptResult } from './adopt-result.ts';

export function markUncounted(
  options: AdoptFlowOptions,
  ctx: Context,
  gate: Pick<WorldExtras, 'planeEdits'>,
  plane: Plane,
): AdoptResult {
  const control = options.uncounted ?? '';
  const retry = `proofgate adopt --uncounted ${control}`;
  const mixed =
    options.candidate !== undefined ||
    options.fills !== undefined ||
    options.command !== undefined ||
    options.outputs !== undefined ||
    options.notApplicable !== undefined ||
    options.rationale !== undefined ||
    options.tracePack !== undefined;
  if (mixed)
    throw new UsageError(
      'BAD_FLAG',
      '--uncounted changes one control; it takes no candidate, --fills, --not-applicable, --rationale, --outputs, --trace-pack or command',
      { next: retry },
    );
  const planned = planUncounted(plane.registry, { control });
  const user = (ctx.env['USER'] ?? '').replace(/[^A-Za-z0-9._-]/g, '') || 'owner';
  const by = pickDecider(plane.manifest, options.authorityId, retry, `human:${user}`);
  const at = ctx.clock.now().toISOString();
  if (plane.registry.controls[planned.index]?.inventory === 'none')
    return { mode: 'uncounted', control, by, at, rendered: [] };
  const plan = { ...planned, recorded: { by, at } };
  return {
    mode: 'uncounted',
    control,
    by,
    at,
    rendered: writePlan(options.root, plane, plan, gate),
  };
}
