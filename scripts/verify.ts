// `proofgate verify`: proves the ledger intact (references/verify.md). Gather (segments, base
// blobs, objects) → decide (verifyLedger, pure) → render. Exit 3 on any finding. Its
// `--candidate` action checks a proposal offline (scripts/verify/candidate.ts).
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { sigstoreRootFlag, trustFlag, trustPath } from './lib/cli/gate-flags.ts';
import { renderVerify } from './lib/render/verify.ts';
import { runVerify } from './lib/cli/run/verify.ts';

export { runVerify };

export const verify = defineVerb({
  examples: [
    [
      'proofgate verify --full',
      'check every line, signatures, objects and seals; append-only against the upstream if any; the gate: line says whether proofgate itself is clean, modified or unknown',
    ],
    [
      'proofgate verify --full --trust ~/audits/app.trust.json',
      'check against the keys and heads of a trust root kept outside the repository',
    ],
    ['proofgate verify --no-base', 'check every line, without the upstream comparison'],
    [
      'proofgate verify --base origin/main',
      'prove the ledger only grew since origin/main; check new lines',
    ],
    [
      'proofgate verify --repair',
      'record a position two writers both appended (a lock race) in a note, then verify',
    ],
    [
      'proofgate verify --repair-torn',
      'remove a torn last line left by a killed writer, then verify',
    ],
  ],
  flags: {
    ...trustFlag,
    ...sigstoreRootFlag,
    'sigstore-refresh': {
      type: 'boolean',
      default: false,
      describe:
        'fetch the current Sigstore trusted root through TUF (online) and verify keyless signatures against it',
    },
    full: { type: 'boolean', default: false, describe: 'Check every line (the default)' },
    base: {
      type: 'string',
      negatable: true,
      describe:
        'Git ref the ledger must extend byte for byte (default: the upstream, in addition to --full); --no-base skips it',
    },
    'repair-torn': {
      type: 'boolean',
      default: false,
      describe: 'Remove unterminated last lines that are not entries; record a note',
    },
    repair: {
      type: 'boolean',
      default: false,
      describe:
        'Record each forked position (two writers appended one seq) in a note; rewrites nothing',
    },
    'authority-id': {
      type: 'string',
      default: 'virtual:developer',
      describe: 'Authority of the repair note',
    },
  },
  toOptions: (argv, common) => {
    const noBase = argv.base === false;
    const base = argv.base === false ? undefined : argv.base;
    if (argv.full && base !== undefined) {
      throw new UsageError('BAD_FLAG', '--full and --base exclude each other', {
        next: 'use --base <ref> in CI for a pull request, --full for an audit',
      });
    }
    if (base === '') {
      throw new UsageError('MISSING_ARG', '--base needs a git ref', {
        expected: 'e.g. --base origin/main',
      });
    }
    const sigstoreRoot = argv['sigstore-root'];
    const sigstoreRefresh = argv['sigstore-refresh'];
    if (sigstoreRefresh && sigstoreRoot !== undefined) {
      throw new UsageError(
        'BAD_FLAG',
        '--sigstore-refresh and --sigstore-root exclude each other',
        {
          next: 'refresh the public-good root through TUF, or name a trusted root file',
        },
      );
    }
    return {
      ...common,
      base,
      noBase,
      repairTorn: argv['repair-torn'],
      repair: argv.repair,
      authorityId: argv['authority-id'],
      ...trustPath(argv.trust),
      sigstoreRoot,
      sigstoreRefresh,
    };
  },
  run: runVerify,
  render: renderVerify,
  exitCode: (report) => (report.ok ? 0 : 3),
});
