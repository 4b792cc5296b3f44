// `proofgate seal --archive-id <id>` (references/seal.md): appends a seal over every segment head
// and the inventory of evidence objects the ledger references; sealed segments are closed.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { readSign, readSigstoreRoot, sigstoreRootFlag, signFlag } from './lib/cli/gate-flags.ts';
import { renderSeal } from './lib/render/seal-report.ts';
import type { SealOptions, SealReport } from './lib/flows/seal-flow.ts';
import { runSeal } from './lib/cli/run/seal.ts';

const ARCHIVE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export { runSeal };

export const seal = defineVerb<SealOptions, SealReport>({
  name: 'seal',
  describe:
    'Seal the ledger: record every segment head and the evidence inventory; close the segments',
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
  builder: (y) =>
    sigstoreRootFlag(signFlag(y))
      .option('archive-id', {
        type: 'string',
        demandOption: true,
        describe: 'Name of the archive this seal marks',
      })
      .option('authority-id', {
        type: 'string',
        default: 'virtual:developer',
        describe: 'Authority recording the seal',
      })
      .option('archive', {
        type: 'boolean',
        default: false,
        describe:
          "Also archive the plane's files (controls, knowledge) in the evidence store; init --from-archive replaces the plane from it",
      })
      .option('checkpoint', {
        type: 'boolean',
        default: false,
        describe:
          'Also record a checkpoint verdicts continue from (trusted when signed by a release authority of the upstream rules)',
      }),
  toOptions: (argv, common) => {
    const archiveId = argv['archive-id'];
    if (typeof archiveId !== 'string' || !ARCHIVE_ID.test(archiveId)) {
      throw new UsageError('BAD_VALUE', `--archive-id ${String(archiveId)} is not a valid id`, {
        where: '--archive-id',
        expected: `1-100 characters of ${String(ARCHIVE_ID)}`,
      });
    }
    return {
      ...common,
      archiveId,
      authorityId: String(argv['authority-id']),
      sign: readSign(argv),
      sigstoreRoot: readSigstoreRoot(argv),
      checkpoint: argv['checkpoint'] === true,
      archive: argv['archive'] === true,
    };
  },
  run: runSeal,
  render: renderSeal,
  exitCode: () => 0,
});

runIfMain(import.meta.url, seal);
