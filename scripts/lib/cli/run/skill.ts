// The real-I/O wiring of `proofgate install --skill`: the project root, then the install flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { SkillAgent } from '../../core/skill/plan-skill-install.ts';
import { installSkill, type SkillResult } from '../../flows/hook/skill-install-flow.ts';
import { openWorld } from '../world/open-world.ts';
import { REPO_PART } from '../world/repo-part.ts';

export const SKILL_ACTIONS = ['install'] as const;

export interface SkillOptions extends CommonOptions {
  action: (typeof SKILL_ACTIONS)[number];
  agent: SkillAgent | 'all';
  force: boolean;
}

export async function runSkill(options: SkillOptions, ctx: Context): Promise<SkillResult> {
  const world = openWorld(ctx, {}, REPO_PART);
  const root = await world.resolveRoot(options.root);
  return installSkill(root, { agent: options.agent, force: options.force }, world);
}
