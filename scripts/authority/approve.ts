// `proofgate authority approve`: the release authority approves changed control definitions (by digest) so a
// project or release claim against a base accepts them. references/approve.md.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { ApproveFlowResult } from './lib/flows/approve-flow.ts';
import { runApprove, type ApproveOptions } from './lib/cli/run/approve.ts';
import {
  actorFlags,
  readActorFlags,
  readSign,
  readSigstoreRoot,
  readStrings,
  signFlag,
  sigstoreRootFlag,
} from './lib/cli/gate-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderApprove } from './lib/render/render-approve.ts';

export const approve = defineVerb<ApproveOptions, ApproveFlowResult>({
  name: 'approve',
  describe: 'Release authority: approve changed control definitions for project and release claims',
  examples: [
    [
      'proofgate authority approve --control ENG.BUILD --authority-id virtual:release-owner',
      'approve the current definition of ENG.BUILD',
    ],
    [
      'proofgate authority approve --base origin/main --authority-id human:alice',
      'approve every definition changed since origin/main',
    ],
  ],
  builder: (y) =>
    sigstoreRootFlag(signFlag(actorFlags(y, 'virtual:release-owner')))
      .option('control', { type: 'string', array: true, describe: 'control id (repeatable)' })
      .option('base', {
        type: 'string',
        describe: 'approve every definition changed since this ref',
      })
      .option('note', { type: 'string', describe: 'why the change is intended' }),
  toOptions: (argv, common) => {
    const base = argv['base'];
    if (base !== undefined && (typeof base !== 'string' || base === ''))
      throw new UsageError('MISSING_ARG', '--base needs a git ref', { expected: 'origin/main' });
    const note = argv['note'];
    return {
      ...common,
      controls: readStrings(argv, 'control'),
      base: typeof base === 'string' ? base : undefined,
      note: typeof note === 'string' && note.trim() !== '' ? note : undefined,
      actor: readActorFlags(argv),
      sign: readSign(argv),
      sigstoreRoot: readSigstoreRoot(argv),
    };
  },
  run: runApprove,
  render: renderApprove,
  exitCode: () => 0,
});

runIfMain(import.meta.url, approve);
