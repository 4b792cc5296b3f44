// The real-world wiring of `proofgate authority add|list|retire`: the repository root, then the flow.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import {
  authorityFlow,
  type AuthorityAction,
  type AuthorityFlowResult,
} from '../../flows/audit/authority-flow.ts';
import { openWorld } from '../world/open-world.ts';
import { PLANE_EDITS_PART } from '../world/plane-edits-part.ts';

export interface AuthorityOptions extends CommonOptions {
  action: AuthorityAction;
  id: string | undefined;
  stages: string[];
  key: string | undefined;
}

export async function runAuthority(
  options: AuthorityOptions,
  ctx: Context,
): Promise<AuthorityFlowResult> {
  const world = openWorld(ctx, {}, PLANE_EDITS_PART);
  const root = await world.resolveRoot(options.root);
  return authorityFlow(
    {
      root,
      action: options.action,
      ...(options.id === undefined ? {} : { id: options.id }),
      stages: options.stages,
      ...(options.key === undefined ? {} : { key: options.key }),
      time: ctx.clock.now().toISOString(),
    },
    world,
  );
}
