// `proofgate install --hook <agent>` (references/install.md): writes the proofgate Stop hook into
// the agent's project settings (.claude/settings.json, .codex/hooks.json); idempotent.
import { HOOK_AGENTS } from '../lib/core/hook/parse-stop-input.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runHook } from '../lib/cli/run/hook.ts';
import { renderHook } from '../lib/render/hook.ts';

export const installHook = defineVerb({
  examples: [
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
  flags: {
    hook: {
      type: 'string',
      choices: HOOK_AGENTS,
      demand: true,
      describe: 'the agent whose settings get the hook',
    },
    local: {
      type: 'boolean',
      default: false,
      describe: "this machine's command, in the uncommitted .claude/settings.local.json",
    },
    subagent: {
      type: 'boolean',
      default: false,
      describe: 'also gate SubagentStop (off: subagents stop freely)',
    },
  },
  toOptions: (argv, common) => ({
    ...common,
    action: 'install' as const,
    agent: argv.hook,
    controls: [],
    local: argv.local,
    subagent: argv.subagent,
    requirePlane: false,
  }),
  run: runHook,
  render: renderHook,
  toJson: (result) => result,
  exitCode: () => 0,
});
