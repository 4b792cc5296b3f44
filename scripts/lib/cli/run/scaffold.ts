// The real-world wiring of `proofgate init --scaffold-ci`: the repository root, then the flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { scaffoldCiFlow, type ScaffoldCiResult } from '../../flows/plane/scaffold-ci-flow.ts';
import { openWorld } from '../world/open-world.ts';
import { REPO_PART } from '../world/repo-part.ts';

export interface ScaffoldOptions extends CommonOptions {
  pins: { repo: string; sha: string }[];
}

export async function runScaffold(
  options: ScaffoldOptions,
  ctx: Context,
): Promise<ScaffoldCiResult> {
  const world = openWorld(ctx, {}, REPO_PART);
  const root = await world.resolveRoot(options.root);
  return scaffoldCiFlow(root, options.pins, world);
}
