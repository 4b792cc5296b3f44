// `proofgate status --handoff`: write (--write), check (--check) or show one part (--show) of the
// task handoff pair for the next session or role. references/handoff.md.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { controlFlag, readStrings, readTrustPath, trustFlag } from './lib/cli/gate-flags.ts';
import {
  HANDOFF_PARTS,
  type HandoffFlowResult,
  type HandoffPart,
} from './lib/flows/handoff-flow.ts';
import { runHandoff, type HandoffOptions } from './lib/cli/run/handoff.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderHandoff } from './lib/render/render-handoff.ts';

function readMode(argv: Record<string, unknown>): HandoffOptions['mode'] {
  const modes = (['write', 'check'] as const).filter((m) => argv[m] === true);
  const show = typeof argv['show'] === 'string';
  if (modes.length + (show ? 1 : 0) !== 1)
    throw new UsageError(
      'BAD_FLAG',
      'status --handoff takes exactly one of --write, --check and --show',
      {
        next: 'proofgate status --handoff --check',
      },
    );
  return modes[0] ?? 'show';
}

export const handoff = defineVerb<HandoffOptions, HandoffFlowResult>({
  name: 'handoff',
  describe: 'Write, check or show the task handoff pair (JSON + Markdown) for the next session',
  examples: [
    [
      'proofgate status --handoff --write --task T-12 --control ENG.TESTS',
      'write knowledge/task-handoff.json and .md from the claim decisions now',
    ],
    [
      'proofgate status --handoff --check',
      'exit 1 (STALE_HANDOFF) when anything it states no longer holds',
    ],
    ['proofgate status --handoff --show blockers', 'one part, re-derived; exit 1 when stale'],
  ],
  builder: (y) =>
    trustFlag(controlFlag(y))
      .option('task', { type: 'string', describe: 'task id (with --control)' })
      .option('write', {
        type: 'boolean',
        describe: 'write the pair (atomically, both or neither)',
      })
      .option('check', { type: 'boolean', describe: 'exit 1 when the stored pair no longer holds' })
      .option('show', {
        type: 'string',
        choices: HANDOFF_PARTS,
        describe: 'print one part, after checking the pair',
      })
      .option('acknowledge-notes', {
        type: 'boolean',
        default: false,
        describe: 'bind human notes written against an older subject to the current one (--write)',
      }),
  toOptions: (argv, common) => {
    const controls = readStrings(argv, 'control');
    const task = argv['task'];
    if (controls.length > 0 && typeof task !== 'string')
      throw new UsageError('MISSING_ARG', '--control needs --task <id> here', {
        next: 'proofgate status --handoff --write --task <id> --control <id>',
      });
    const show = argv['show'];
    return {
      ...common,
      mode: readMode(argv),
      task: typeof task === 'string' ? { id: task, controls } : undefined,
      ...(typeof show === 'string' ? { part: show as HandoffPart } : {}),
      acknowledgeNotes: argv['acknowledge-notes'] === true,
      ...readTrustPath(argv),
    };
  },
  run: runHandoff,
  render: renderHandoff,
  exitCode: (r) => (r.verdict === 'STALE_HANDOFF' ? 1 : 0),
});

runIfMain(import.meta.url, handoff);
