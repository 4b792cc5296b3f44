// `proofgate authority approve`: the release authority approves changed control definitions (by
// digest) so a project or release claim against a base accepts them. references/approve.md.
import { UsageError } from '../lib/core/errors.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runApprove } from '../lib/cli/run/approve.ts';
import { actorFlags, actorOf, signFlag, sigstoreRootFlag } from '../lib/cli/gate-flags.ts';
import { renderApprove } from '../lib/render/approve.ts';

export const approve = defineVerb({
  examples: [
    [
      'proofgate authority approve --control ENG.BUILD --authority-id virtual:release-owner',
      'approve the current definition of ENG.BUILD',
    ],
    [
      'proofgate authority approve --base origin/main --authority-id human:alice',
      'approve every definition changed since origin/main',
    ],
    [
      'proofgate authority approve --policies --authority-id human:alice',
      "approve the manifest's current policies (a trust file pins them)",
    ],
  ],
  flags: {
    ...actorFlags('virtual:release-owner'),
    ...signFlag,
    ...sigstoreRootFlag,
    control: {
      type: 'string',
      array: true,
      nonEmpty: true,
      describe: 'control id (repeatable)',
    },
    base: { type: 'string', describe: 'approve every definition changed since this ref' },
    note: { type: 'string', describe: 'why the change is intended' },
    policies: {
      type: 'boolean',
      default: false,
      describe:
        "approve the manifest's current profile, scope and policies (pinned by a trust file)",
    },
  },
  toOptions: (argv, common) => {
    const { base, note } = argv;
    if (base === '')
      throw new UsageError('MISSING_ARG', '--base needs a git ref', { expected: 'origin/main' });
    return {
      ...common,
      controls: argv.control ?? [],
      policies: argv.policies,
      base,
      note: note !== undefined && note.trim() !== '' ? note : undefined,
      actor: actorOf(argv),
      sign: argv.sign,
      sigstoreRoot: argv['sigstore-root'],
    };
  },
  run: runApprove,
  render: renderApprove,
  exitCode: () => 0,
});
