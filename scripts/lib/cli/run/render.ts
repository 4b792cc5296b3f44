// The real-I/O wiring of `proofgate init --render`: the repository root, then the render flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { renderPlaneFlow, type RenderResult } from '../../flows/plane/render-plane-flow.ts';
import { openWorld } from '../world/open-world.ts';
import { PLANE_EDITS_PART } from '../world/plane-edits-part.ts';

export interface RenderOptions extends CommonOptions {
  check: boolean;
}

export async function runRender(options: RenderOptions, ctx: Context): Promise<RenderResult> {
  const world = openWorld(ctx, {}, PLANE_EDITS_PART);
  return renderPlaneFlow(await world.resolveRoot(options.root), options.check, world);
}
