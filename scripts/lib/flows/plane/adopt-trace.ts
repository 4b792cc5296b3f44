// `adopt --fills <slot> --trace-pack <pack> --traces <globs>`: a trajectory slot judges recorded
// traces with a rule pack (loaded here, so a bad pack is refused before the registry is written).
import type { World, WorldExtras } from '../../core/world/world.ts';
import { join } from 'node:path';
import { assertGlobs } from '../../core/shared/pathspec.ts';
import type { Context } from '../../core/context.ts';
import { isSameFill } from '../../core/plane/plan-adoption.ts';
import { pickDecider, planTraceFill } from '../../core/plane/plan-decision.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { writePlan, type AdoptFlowOptions, type AdoptResult } from './adopt-result.ts';

/** The command that fills a trajectory slot, as `adopt --list` offers it. */
export const traceFillCommand = (id: string): string =>
  `proofgate adopt --fills ${id} --trace-pack honest-completion --traces 'traces/**/*.jsonl'`;

/** A trajectory slot filled with a pack (loaded here, so a bad pack is refused before writing). */
export async function fillWithTrace(
  options: AdoptFlowOptions,
  ctx: Context,
  gate: World & Pick<WorldExtras, 'planeEdits'>,
  plane: Plane,
): Promise<AdoptResult> {
  const slot = options.fills ?? '';
  const pack = options.tracePack ?? '';
  const retry = traceFillCommand(slot);
  const user = (ctx.env['USER'] ?? '').replace(/[^A-Za-z0-9._-]/g, '') || 'owner';
  const by = pickDecider(plane.manifest, options.authorityId, retry, `human:${user}`);
  const recorded = { by, at: ctx.clock.now().toISOString() };
  const plan = planTraceFill(plane.registry, {
    slot,
    pack,
    traces: options.traces ?? [],
    recorded,
  });
  const trace = await gate.loadTrace();
  const isFile = /[/\\]|\.ya?ml$/.test(pack);
  if (isFile) assertGlobs([pack], '--trace-pack');
  trace.loadPack(isFile ? join(options.root, pack) : trace.shippedPackFile(pack), pack);
  const traces = plan.execution.type === 'trace' ? plan.execution.traces : [];
  if (isSameFill(plane.registry, plan))
    return { mode: 'trace', control: slot, pack, traces, by, at: recorded.at, rendered: [] };
  const rendered = writePlan(options.root, plane, plan, gate);
  return { mode: 'trace', control: slot, pack, traces, by, at: recorded.at, rendered };
}
