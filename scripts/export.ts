// `proofgate export` (references/export.md): a granted claim as a DSSE envelope over an in-toto
// Statement, signed with an authority's key; or `--verify` an envelope offline against a trust file.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import type { ExportOptions, ExportResult } from './lib/flows/export-flow.ts';
import { renderExport } from './lib/render/export-report.ts';
import { runExport } from './lib/cli/run/export.ts';

export { runExport };

function text(value: unknown, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new UsageError('MISSING_ARG', `--${flag} needs a value`);
  return value;
}

export const exportVerb = defineVerb<ExportOptions, ExportResult>({
  name: 'export',
  describe:
    'Export a granted claim as a signed in-toto Statement (DSSE), or verify one against a trust file',
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
  builder: (y) =>
    y
      .option('claim', { type: 'string', describe: 'claim entry hash prefix, or latest' })
      .option('verify', { type: 'string', describe: 'envelope file to check instead' })
      .option('authority-id', {
        type: 'string',
        describe: 'authority whose key signs (default: the claim entry actor)',
      })
      .option('out', { type: 'string', describe: 'file to write (create-only)' })
      .option('trust', {
        type: 'string',
        describe:
          'auditor trust file: with --claim, the ledger is checked against it; with --verify, its keys',
      }),
  toOptions: (argv, common) => {
    const claim = text(argv['claim'], 'claim');
    const verify = text(argv['verify'], 'verify');
    if ((claim === undefined) === (verify === undefined)) {
      throw new UsageError('BAD_FLAG', 'export takes exactly one of --claim and --verify', {
        next: 'proofgate export --claim latest --out claim.dsse.json',
      });
    }
    return {
      ...common,
      claim,
      verify,
      authorityId: text(argv['authority-id'], 'authority-id'),
      out: text(argv['out'], 'out'),
      trust: text(argv['trust'], 'trust'),
    };
  },
  run: runExport,
  render: renderExport,
  exitCode: (r) => (r.mode === 'verify' && !r.ok ? 3 : 0),
});

runIfMain(import.meta.url, exportVerb);
