// `proofgate query handoff <part>`: one part of the task handoff pair, re-derived and checked first
// (exit 1 when the pair no longer holds); the same view as `status --handoff --show <part>`.
// references/handoff.md.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { trustFlag, trustPath } from '../lib/cli/gate-flags.ts';
import { HANDOFF_PARTS } from '../lib/flows/views/handoff-flow.ts';
import { runHandoff } from '../lib/cli/run/handoff.ts';
import { renderHandoff } from '../lib/render/handoff.ts';

export const queryHandoff = defineVerb({
  examples: [
    ['proofgate query handoff blockers', 'the blockers the handoff states, re-derived'],
    ['proofgate query handoff readiness --json', 'its readiness part as JSON'],
  ],
  positionals: {
    part: { choices: HANDOFF_PARTS, required: true, describe: 'the part to print' },
  },
  flags: { ...trustFlag },
  toOptions: (argv, common) => ({
    ...common,
    mode: 'show' as const,
    task: undefined,
    part: argv.part,
    acknowledgeNotes: false,
    ...trustPath(argv.trust),
  }),
  run: runHandoff,
  render: renderHandoff,
  exitCode: (r) => (r.verdict === 'STALE_HANDOFF' ? 1 : 0),
});
