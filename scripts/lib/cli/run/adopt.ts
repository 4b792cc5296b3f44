// The real-world wiring of `proofgate adopt`: the flow, with the real gate world for its signed
// decisions.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import {
  adoptFlow,
  type AdoptFlowOptions,
  type AdoptResult,
} from '../../flows/plane/adopt-flow.ts';
import { openWorld } from '../world/open-world.ts';
import { REPO_PART } from '../world/repo-part.ts';
import { PLANE_EDITS_PART } from '../world/plane-edits-part.ts';

export type AdoptOptions = CommonOptions & Omit<AdoptFlowOptions, 'root'>;

export async function runAdopt(options: AdoptOptions, ctx: Context): Promise<AdoptResult> {
  const world = openWorld(ctx, {}, { ...REPO_PART, ...PLANE_EDITS_PART });
  const root = await world.resolveRoot(options.root);
  return adoptFlow({ ...options, root }, ctx, world);
}
