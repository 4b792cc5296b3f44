// `proofgate seal --archive-id <id>` (references/seal.md): appends a seal over every segment head
// and the inventory of evidence objects the ledger references; sealed segments are closed.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { sigstoreRootFlag, signFlag } from './lib/cli/gate-flags.ts';
import { renderSeal } from './lib/render/seal.ts';
import { runSeal } from './lib/cli/run/seal.ts';

const ARCHIVE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export { runSeal };

export const seal = defineVerb({
  examples: [
    ['proofgate seal --archive-id release-1.4.0', 'seal before archiving a release'],
    [
      'proofgate seal --archive-id pre-reinit --archive',
      "also archive the plane's files, for init --from-archive",
    ],
    [
      'proofgate seal --archive-id cp-2026-12 --checkpoint --authority-id human:release-owner',
      'a checkpoint: verdicts then verify only what is appended after it',
    ],
  ],
  flags: {
    ...signFlag,
    ...sigstoreRootFlag,
    'archive-id': {
      type: 'string',
      demand: true,
      describe: 'Name of the archive this seal marks',
    },
    'authority-id': {
      type: 'string',
      default: 'virtual:developer',
      describe: 'Authority recording the seal',
    },
    archive: {
      type: 'boolean',
      default: false,
      describe:
        "Also archive the plane's files (controls, knowledge) in the evidence store; init --from-archive replaces the plane from it",
    },
    checkpoint: {
      type: 'boolean',
      default: false,
      describe:
        'Also record a checkpoint verdicts continue from (trusted when signed by a release authority of the upstream rules)',
    },
  },
  toOptions: (argv, common) => {
    const archiveId = argv['archive-id'];
    if (!ARCHIVE_ID.test(archiveId)) {
      throw new UsageError('BAD_VALUE', `--archive-id ${archiveId} is not a valid id`, {
        where: '--archive-id',
        expected: `1-100 characters of ${String(ARCHIVE_ID)}`,
      });
    }
    return {
      ...common,
      archiveId,
      authorityId: argv['authority-id'],
      sign: argv.sign,
      sigstoreRoot: argv['sigstore-root'],
      checkpoint: argv.checkpoint,
      archive: argv.archive,
    };
  },
  run: runSeal,
  render: renderSeal,
  exitCode: () => 0,
});
