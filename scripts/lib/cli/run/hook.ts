// The real-I/O wiring of `proofgate hook stop|install` (references/hook.md): for stop, the gate's
// world under a --trust file (loaded while git status runs) and the early exit once a decision
// abandoned at the deadline is printed; for install, the root.
import type { Context } from '../../core/context.ts';
import type { HookAgent } from '../../core/hook/parse-stop-input.ts';
import type { CommonOptions } from '../../core/options.ts';
import { installHook, type HookResult } from '../../flows/hook/hook-install-flow.ts';
import { hookDeadline, stopFlow } from '../../flows/hook/hook-stop-flow.ts';
import { endSoonAfterOutput } from '../../io/host/end-process.ts';
import { HOOK_START } from '../world/hook-part.ts';

export const HOOK_ACTIONS = ['stop', 'install'] as const;

export interface HookOptions extends CommonOptions {
  action: (typeof HOOK_ACTIONS)[number];
  agent: HookAgent;
  controls: string[];
  /** install: write this machine's command into the uncommitted local settings file. */
  local: boolean;
  /** install: also gate SubagentStop. */
  subagent: boolean;
  /** stop: the project must have a plane (the installed command says so); none blocks. */
  requirePlane: boolean;
  /** stop: `--trust FILE`, the auditor's trust root (references/trust.md). */
  trust?: string;
}

export async function runHook(options: HookOptions, ctx: Context): Promise<HookResult> {
  if (options.action === 'stop') {
    // The gate's world (plane loader, ledger verifier) loads while git status runs.
    const io = {
      start: HOOK_START,
      world: async () =>
        (await import('../world/open-world.ts')).openWorld(ctx, {
          trustFile: options.trust,
          checkpoint: true,
        }),
    };
    const decision = await stopFlow(
      {
        root: options.root,
        agent: options.agent,
        controls: options.controls,
        requirePlane: options.requirePlane,
      },
      ctx,
      io,
      hookDeadline(ctx.env),
    );
    // Decided by the deadline: the work still running must not keep the process past the agent's
    // own timeout, which would drop the block.
    if (decision.abandoned === true) endSoonAfterOutput();
    return { mode: 'stop', ...decision };
  }
  const { openWorld } = await import('../world/open-world.ts');
  const world = openWorld(ctx);
  const root = await world.resolveRoot(options.root);
  const installed = await installHook(
    root,
    {
      agent: options.agent,
      local: options.local,
      subagent: options.subagent,
      path: ctx.env['PATH'],
    },
    world,
  );
  return { mode: 'install', root, ...installed };
}
