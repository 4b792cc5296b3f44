// The real-I/O wiring of `proofgate status --handoff` (references/handoff.md): the root, the
// --trust file, the gate world (a checkpoint read) and the rules `claim` decides with.
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { handoffFlow, type HandoffFlowResult, type HandoffPart } from '../../flows/handoff-flow.ts';
import { openViewRun } from '../gate-run.ts';

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
  const { root, io, rulesAtBase } = await openViewRun(options, ctx);
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
