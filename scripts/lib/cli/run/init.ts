// The real-world wiring of `proofgate init`: the template needs no repository; a profile is read
// from the caller's directory and the plane created at the repository root.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { renderProfileTemplate } from '../../core/plane/profile-decisions.ts';
import { initPlane } from '../../flows/plane/init-flow.ts';
import { readProfile } from '../../flows/plane/init-profile.ts';
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
  const inside = profileInside(root, ctx.cwd, options.profile);
  // a profile kept inside the project is left out of its package like the plane (npm packs an
  // untracked or git-ignored file once .npmignore exists)
  const keepOut = inside === undefined ? [] : [inside];
  const result = await initPlane(
    root,
    profile,
    ctx.clock.now(),
    options.fromArchive,
    world,
    keepOut,
  );
  if (inside === undefined || (await world.hook.isGitIgnored(root, inside))) return result;
  return { ...result, profileInProject: inside };
}

/** The profile file relative to the root when it sits inside the project; else undefined. */
function profileInside(root: string, cwd: string, file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  const rel = relative(root, resolve(cwd, file));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}
