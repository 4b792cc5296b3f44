// `proofgate verify`: proves the ledger intact (references/verify.md). Gather (segments, base
// blobs, objects) → decide (verifyLedger, pure) → render. Exit 3 on any finding.
import { UsageError } from './lib/core/errors.ts';
import { readSigstoreRoot, sigstoreRootFlag } from './lib/cli/gate-flags.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { readTrustPath, trustFlag } from './lib/cli/gate-flags.ts';
import { renderVerify } from './lib/render/verify-report.ts';
import type { VerifyOptions, VerifyReport } from './lib/flows/verify-flow.ts';
import { runVerify } from './lib/cli/run/verify.ts';

export { runVerify };

export const verify = defineVerb<VerifyOptions, VerifyReport>({
  name: 'verify',
  describe:
    'Prove the ledger intact: every line (--full, also append-only against the upstream) or append-only since a base ref (--base)',
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
  builder: (y) =>
    sigstoreRootFlag(trustFlag(y))
      .option('sigstore-refresh', {
        type: 'boolean',
        default: false,
        describe:
          'fetch the current Sigstore trusted root through TUF (online) and verify keyless signatures against it',
      })
      .option('full', {
        type: 'boolean',
        default: false,
        describe: 'Check every line (the default)',
      })
      .option('base', {
        type: 'string',
        describe:
          'Git ref the ledger must extend byte for byte (default: the upstream, in addition to --full); --no-base skips it',
      })
      .option('repair-torn', {
        type: 'boolean',
        default: false,
        describe: 'Remove unterminated last lines that are not entries; record a note',
      })
      .option('repair', {
        type: 'boolean',
        default: false,
        describe:
          'Record each forked position (two writers appended one seq) in a note; rewrites nothing',
      })
      .option('authority-id', {
        type: 'string',
        default: 'virtual:developer',
        describe: 'Authority of the repair note',
      }),
  toOptions: (argv, common) => {
    // yargs turns --no-base into base: false.
    const noBase = argv['base'] === false;
    const base = noBase ? undefined : argv['base'];
    if (argv['full'] === true && base !== undefined) {
      throw new UsageError('BAD_FLAG', '--full and --base exclude each other', {
        next: 'use --base <ref> in CI for a pull request, --full for an audit',
      });
    }
    if (base !== undefined && (typeof base !== 'string' || base === '')) {
      throw new UsageError('MISSING_ARG', '--base needs a git ref', {
        expected: 'e.g. --base origin/main',
      });
    }
    const sigstoreRoot = readSigstoreRoot(argv);
    const sigstoreRefresh = argv['sigstore-refresh'] === true;
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
      base: typeof base === 'string' ? base : undefined,
      noBase,
      repairTorn: argv['repair-torn'] === true,
      repair: argv['repair'] === true,
      authorityId: String(argv['authority-id']),
      ...readTrustPath(argv),
      sigstoreRoot,
      sigstoreRefresh,
    };
  },
  run: runVerify,
  render: renderVerify,
  exitCode: (report) => (report.ok ? 0 : 3),
});

runIfMain(import.meta.url, verify);
