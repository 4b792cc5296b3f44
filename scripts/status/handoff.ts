// `proofgate status --handoff`: write (--write), check (--check) or show one part (--show) of the
// task handoff pair for the next session or role. references/handoff.md.
import { UsageError } from '../lib/core/errors.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { controlFlag, trustFlag, trustPath } from '../lib/cli/gate-flags.ts';
import { HANDOFF_PARTS } from '../lib/flows/views/handoff-flow.ts';
import { runHandoff, type HandoffOptions } from '../lib/cli/run/handoff.ts';
import { renderHandoff } from '../lib/render/handoff.ts';

function readMode(argv: {
  write: boolean | undefined;
  check: boolean | undefined;
  show: string | undefined;
}): HandoffOptions['mode'] {
  const modes = (['write', 'check'] as const).filter((m) => argv[m] === true);
  if (modes.length + (argv.show === undefined ? 0 : 1) !== 1)
    throw new UsageError(
      'BAD_FLAG',
      'status --handoff takes exactly one of --write, --check and --show',
      {
        next: 'proofgate status --handoff --check',
      },
    );
  return modes[0] ?? 'show';
}

export const handoff = defineVerb({
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
  flags: {
    handoff: { type: 'boolean', describe: 'The task handoff pair instead of the statuses' },
    ...controlFlag,
    ...trustFlag,
    task: { type: 'string', describe: 'task id (with --control)' },
    write: { type: 'boolean', describe: 'write the pair (atomically, both or neither)' },
    check: { type: 'boolean', describe: 'exit 1 when the stored pair no longer holds' },
    show: {
      type: 'string',
      choices: HANDOFF_PARTS,
      describe: 'print one part, after checking the pair',
    },
    'acknowledge-notes': {
      type: 'boolean',
      default: false,
      describe: 'bind human notes written against an older subject to the current one (--write)',
    },
  },
  toOptions: (argv, common) => {
    const controls = argv.control ?? [];
    const { task, show } = argv;
    if (controls.length > 0 && task === undefined)
      throw new UsageError('MISSING_ARG', '--control needs --task <id> here', {
        next: 'proofgate status --handoff --write --task <id> --control <id>',
      });
    return {
      ...common,
      mode: readMode(argv),
      task: task === undefined ? undefined : { id: task, controls },
      ...(show === undefined ? {} : { part: show }),
      acknowledgeNotes: argv['acknowledge-notes'],
      ...trustPath(argv.trust),
    };
  },
  run: runHandoff,
  render: renderHandoff,
  exitCode: (r) => (r.verdict === 'STALE_HANDOFF' ? 1 : 0),
});
