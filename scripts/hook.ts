// `proofgate hook stop` (references/hook.md): the Stop / SubagentStop gate for Claude Code and
// Codex. It always exits 0 and prints exactly the agent's contract: nothing to allow, one JSON
// object to block. It fails closed: every error it meets blocks. Its installer is
// `proofgate install --hook <agent>` (scripts/install/hook.ts).
import { HOOK_AGENTS } from './lib/core/hook/parse-stop-input.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runHook } from './lib/cli/run/hook.ts';
import { trustPath } from './lib/cli/gate-flags.ts';
import { renderHook } from './lib/render/hook.ts';

export const hook = defineVerb({
  examples: [
    [
      'proofgate hook stop --agent claude',
      'read the Stop JSON on stdin; block unless claim would pass',
    ],
    ['proofgate install --hook codex', 'add the Stop hook to .codex/hooks.json'],
  ],
  positionals: {
    action: { choices: ['stop'], required: true, describe: 'stop: decide' },
  },
  flags: {
    agent: {
      type: 'string',
      choices: HOOK_AGENTS,
      default: 'claude',
      describe: 'whose hook contract to speak',
    },
    control: {
      type: 'string',
      array: true,
      describe: 'the task controls (default: $PROOFGATE_TASK_CONTROLS, task.json, all)',
    },
    trust: {
      type: 'string',
      describe:
        'auditor trust file (proofgate export --trust-root); keys, authorities and heads from it',
    },
    'require-plane': {
      type: 'boolean',
      default: false,
      describe: 'no control plane here blocks (install --hook writes it)',
    },
  },
  flagsPerAction: { stop: ['agent', 'control', 'trust', 'require-plane'] },
  toOptions: (argv, common) => ({
    ...common,
    action: argv.action,
    agent: argv.agent,
    controls: (argv.control ?? []).filter((c) => c !== ''),
    local: false,
    subagent: false,
    requirePlane: argv['require-plane'],
    ...trustPath(argv.trust),
  }),
  run: runHook,
  render: renderHook,
  toJson: (result) => result,
  exitCode: () => 0,
});
