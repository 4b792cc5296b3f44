// The real-world wiring of `proofgate init`: the template needs no repository; a profile is read
// from the caller's directory and the plane created at the repository root.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { renderProfileTemplate } from '../../core/plane/profile-decisions.ts';
import { initPlane, readProfile } from '../../flows/plane/init-flow.ts';
import { openWorld } from '../world/open-world.ts';
import { REPO_PART } from '../world/repo-part.ts';
import { PLANE_EDITS_PART } from '../world/plane-edits-part.ts';
import type { InitResult } from '../../render/init.ts';

export interface InitOptions extends CommonOptions {
  template: boolean;
  profile: string | undefined;
  /** Profile keys given as flags (snake_case), each overriding the profile file. */
  overrides: Record<string, unknown>;
  /** Replace the existing plane from this sealed archive (references/init.md "Replacing a plane"). */
  fromArchive?: string | undefined;
}

export async function runInit(options: InitOptions, ctx: Context): Promise<InitResult> {
  if (options.template) return { mode: 'template', template: renderProfileTemplate() };
  const world = openWorld(ctx, {}, { ...REPO_PART, ...PLANE_EDITS_PART });
  const root = await world.resolveRoot(options.root);
  const profile = readProfile(ctx.cwd, options.profile, options.overrides, world);
  return initPlane(root, profile, ctx.clock.now(), options.fromArchive, world);
}
