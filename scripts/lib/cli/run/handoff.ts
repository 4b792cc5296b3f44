// The real-I/O wiring of `proofgate status --handoff` (references/handoff.md): the root, the
// --trust file, the gate world (a checkpoint read) and the rules `claim` decides with.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { handoffFlow, type HandoffFlowResult, type HandoffPart } from '../../flows/handoff-flow.ts';
import { readViewRules } from '../../flows/trusted-rules.ts';
import { resolveRoot } from '../../io/git.ts';
import { readTrustOption } from '../../io/trust-io.ts';
import { createRealGateIO } from '../world/real-gate-io.ts';

export interface HandoffOptions extends CommonOptions {
  mode: 'write' | 'check' | 'show';
  task: { id: string; controls: string[] } | undefined;
  part?: HandoffPart;
  acknowledgeNotes: boolean;
  trust?: string;
}

export async function runHandoff(
  options: HandoffOptions,
  ctx: Context,
): Promise<HandoffFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const trust = readTrustOption(ctx.cwd, options.trust);
  const io = createRealGateIO(ctx, { trust, checkpoint: true });
  // The rules `claim` decides with: the upstream branch's, else the tree's own (said so).
  const rulesAtBase = await readViewRules(await io.loadPlane(root), trust);
  return handoffFlow(
    {
      root,
      mode: options.mode,
      task: options.task,
      acknowledgeNotes: options.acknowledgeNotes,
      ...(options.part === undefined ? {} : { part: options.part }),
      rulesAtBase,
    },
    ctx,
    io,
  );
}
