// The real-I/O wiring of `proofgate init --render`: the repository root, then the render flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { renderPlaneFlow, type RenderResult } from '../../flows/render-plane-flow.ts';
import { findGitRoot } from '../../io/git.ts';

export interface RenderOptions extends CommonOptions {
  check: boolean;
}

export async function runRender(options: RenderOptions, ctx: Context): Promise<RenderResult> {
  return renderPlaneFlow(await findGitRoot(options.root ?? ctx.cwd), options.check);
}
