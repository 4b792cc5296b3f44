// The real-I/O wiring of `proofgate status --handoff` (references/handoff.md): the root, the
// --trust file, the gate world (a checkpoint read) and the rules `claim` decides with.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import {
  handoffFlow,
  type HandoffFlowResult,
  type HandoffPart,
} from '../../flows/views/handoff-flow.ts';
import { readViewRules } from '../../flows/claim/trusted-rules.ts';
import { openWorld } from '../world/open-world.ts';
import { REPO_PART } from '../world/repo-part.ts';

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
  const io = openWorld(ctx, { trustFile: options.trust, checkpoint: true }, REPO_PART);
  const root = await io.resolveRoot(options.root);
  const rulesAtBase = await readViewRules(io, await io.loadPlane(root), io.trust);
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
