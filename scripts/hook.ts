// `proofgate hook stop|install` (references/hook.md): the Stop / SubagentStop gate for Claude Code
// and Codex, and its installer. `stop` always exits 0 and prints exactly the agent's contract:
// nothing to allow, one JSON object to block. It fails closed: every error it meets blocks.
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { HOOK_AGENTS, type HookAgent } from './lib/core/hook/parse-stop-input.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { HookResult } from './lib/flows/hook-install-flow.ts';
import { HOOK_ACTIONS, runHook, type HookOptions } from './lib/cli/run/hook.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderHook } from './lib/render/hook.ts';

/** The flags each action takes (its run reads no other). */
const HOOK_FLAGS: FlagsPerAction = {
  stop: ['agent', 'control', 'trust', 'require-plane'],
  install: ['agent', 'local', 'subagent'],
};

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
        describe: `stop: decide; install: write settings; ${describeActionFlags(HOOK_FLAGS)}`,
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
  flagsPerAction: HOOK_FLAGS,
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
