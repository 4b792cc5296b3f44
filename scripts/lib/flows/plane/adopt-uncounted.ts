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
  const at = ctx.clock.now().toISOString();
  // Who decided is recorded when known (--authority-id, or the only person registered); the
  // change counts only once approved under the base's rules, so it never waits on a name.
  const humans = plane.manifest.authorities.filter(
    (a) => a.kind === 'human' && a.retired === undefined,
  );
  const user = (ctx.env['USER'] ?? '').replace(/[^A-Za-z0-9._-]/g, '') || 'owner';
  const by =
    options.authorityId !== undefined || humans.length === 1
      ? pickDecider(plane.manifest, options.authorityId, retry, `human:${user}`)
      : undefined;
  const known = by === undefined ? {} : { by };
  if (plane.registry.controls[planned.index]?.inventory === 'none')
    return { mode: 'uncounted', control, ...known, at, rendered: [] };
  const plan = { ...planned, ...(by === undefined ? {} : { recorded: { by, at } }) };
  const rendered = writePlan(options.root, plane, plan, gate);
  return { mode: 'uncounted', control, ...known, at, rendered };
}
