// `proofgate hook stop|install` (references/hook.md): the Stop / SubagentStop gate for Claude Code
// and Codex, and its installer. `stop` always exits 0 and prints exactly the agent's contract:
// nothing to allow, one JSON object to block. It fails closed: every error it meets blocks.
import type { Context } from './lib/core/context.ts';
import type { StopDecision } from './lib/core/hook/decide-stop.ts';
import { HOOK_AGENTS, type HookAgent } from './lib/core/hook/parse-stop-input.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { installHook, type InstallResult } from './lib/flows/hook-install-flow.ts';
import { hookDeadline, stopFlow } from './lib/flows/hook-stop-flow.ts';
import { endSoonAfterOutput } from './lib/io/end-process.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import type { CommonOptions } from './lib/core/options.ts';

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

export type HookResult =
  ({ mode: 'stop' } & StopDecision) | ({ mode: 'install'; root: string } & InstallResult);

export async function runHook(options: HookOptions, ctx: Context): Promise<HookResult> {
  if (options.action === 'stop') {
    // The gate's world (plane loader, ledger verifier) loads while git status runs.
    const io = async () => {
      const { readTrustOption } = await import('./lib/io/trust-io.ts');
      const trust = readTrustOption(ctx.cwd, options.trust);
      return (await import('./lib/cli/world/real-gate-io.ts')).createRealGateIO(ctx, {
        trust,
        checkpoint: true,
      });
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
  const root = await resolveRoot(options.root, ctx.cwd);
  const installed = await installHook(root, {
    agent: options.agent,
    local: options.local,
    subagent: options.subagent,
  });
  return { mode: 'install', root, ...installed };
}

function renderHook(result: HookResult): string {
  if (result.mode === 'stop') return result.stdout;
  const verdict =
    result.changed.length + result.removed.length === 0
      ? `UNCHANGED ${result.file} already runs the proofgate stop hook`
      : result.changed.length > 0
        ? `INSTALLED proofgate stop hook for ${result.changed.join(', ')} in ${result.file}`
        : `UPDATED ${result.file}`;
  const removed =
    result.removed.length === 0
      ? []
      : [`  removed from ${result.removed.join(', ')} (opt in with --subagent)`];
  const trust =
    result.agent === 'codex'
      ? 'Codex runs project hooks only after you trust them: open /hooks in Codex and approve.'
      : 'Claude Code runs project hooks once the folder is trusted; check with /hooks.';
  const notes = result.notes.map((note) => `  note: ${note}`);
  return [verdict, `  command: ${result.command}`, ...removed, ...notes, `  ${trust}`].join('\n');
}

export const hook = defineVerb<HookOptions, HookResult>({
  name: 'hook',
  command: 'hook <action>',
  describe: 'Stop-hook gate for Claude Code and Codex (stop), and its installer (install)',
  examples: [
    [
      'proofgate hook stop --agent claude',
      'read the Stop JSON on stdin; block unless claim would pass',
    ],
    ['proofgate install --hook codex', 'add the Stop hook to .codex/hooks.json'],
    [
      'proofgate install --hook claude --subagent',
      'gate Stop and SubagentStop in .claude/settings.json',
    ],
    [
      'proofgate install --hook claude --local',
      "this machine's package path, in .claude/settings.local.json only",
    ],
  ],
  builder: (y) =>
    y
      .positional('action', {
        choices: HOOK_ACTIONS,
        describe: 'stop: decide; install: write settings',
      })
      .option('agent', {
        choices: HOOK_AGENTS,
        default: 'claude',
        describe: 'whose hook contract to speak',
      })
      .option('control', {
        type: 'string',
        array: true,
        describe: 'stop: the task controls (default: $PROOFGATE_TASK_CONTROLS, task.json, all)',
      })
      .option('local', {
        type: 'boolean',
        default: false,
        describe: "install: this machine's command, in the uncommitted .claude/settings.local.json",
      })
      .option('trust', {
        type: 'string',
        describe:
          'stop: auditor trust file (proofgate export --trust-root); keys, authorities and heads from it',
      })
      .option('require-plane', {
        type: 'boolean',
        default: false,
        describe: 'stop: no control plane here blocks (hook install writes it)',
      })
      .option('subagent', {
        type: 'boolean',
        default: false,
        describe: 'install: also gate SubagentStop (off: subagents stop freely)',
      }),
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] as HookOptions['action'],
    agent: argv['agent'] as HookAgent,
    controls: ((argv['control'] as unknown[] | undefined) ?? [])
      .map(String)
      .filter((c) => c !== ''),
    local: argv['local'] === true,
    subagent: argv['subagent'] === true,
    requirePlane: argv['require-plane'] === true,
    ...(typeof argv['trust'] === 'string' ? { trust: argv['trust'] } : {}),
  }),
  run: runHook,
  render: renderHook,
  toJson: (result) => result,
  exitCode: () => 0,
});

runIfMain(import.meta.url, hook);
