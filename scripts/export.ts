// `proofgate export` (references/export.md): a granted claim as a DSSE envelope over an in-toto
// Statement, signed with an authority's key; or `--verify` an envelope offline against a trust file.
// Its `--trust-root` action is scripts/export/trust-root.ts.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { renderExport } from './lib/render/export.ts';
import { runExport } from './lib/cli/run/export.ts';

export { runExport };

export const exportVerb = defineVerb({
  examples: [
    [
      'proofgate export --claim latest --authority-id virtual:quality --out claim.dsse.json',
      'sign the latest claim with the auditor key',
    ],
    [
      'proofgate export --verify claim.dsse.json --trust ~/audits/app.trust.json',
      'check an envelope offline against the trusted keys',
    ],
  ],
  flags: {
    claim: {
      type: 'string',
      nonEmpty: true,
      describe: 'claim entry hash prefix, or latest',
    },
    verify: { type: 'string', nonEmpty: true, describe: 'envelope file to check instead' },
    'authority-id': {
      type: 'string',
      nonEmpty: true,
      describe: 'authority whose key signs (default: the claim entry actor)',
    },
    out: { type: 'string', nonEmpty: true, describe: 'file to write (create-only)' },
    trust: {
      type: 'string',
      nonEmpty: true,
      describe:
        'auditor trust file: with --claim, the ledger is checked against it; with --verify, its keys',
    },
  },
  toOptions: (argv, common) => {
    if ((argv.claim === undefined) === (argv.verify === undefined)) {
      throw new UsageError('BAD_FLAG', 'export takes exactly one of --claim and --verify', {
        next: 'proofgate export --claim latest --out claim.dsse.json',
      });
    }
    return {
      ...common,
      claim: argv.claim,
      verify: argv.verify,
      authorityId: argv['authority-id'],
      out: argv.out,
      trust: argv.trust,
    };
  },
  run: runExport,
  render: renderExport,
  exitCode: (r) => (r.mode === 'verify' && !r.ok ? 3 : 0),
});
