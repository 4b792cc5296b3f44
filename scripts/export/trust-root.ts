// `proofgate export --trust-root` (references/trust.md): the auditor's trust root, a JSON file with the
// authorities, their keys and the ledger's segment heads, kept outside the repository and passed
// back to verdicts and verify with --trust.
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { trustFlow, type TrustOptions, type TrustResult } from './lib/flows/trust-flow.ts';
import { renderTrust } from './lib/render/trust-report.ts';

export const runTrust: typeof trustFlow = (...args) => trustFlow(...args);

/** The flags each action takes (its run reads no other). */
const TRUST_FLAGS: FlagsPerAction = { export: ['out', 'force'] };

export const trust = defineVerb<TrustOptions, TrustResult>({
  name: 'trust',
  command: 'trust <action>',
  describe:
    'Export the auditor trust root (authorities, keys, segment heads) that --trust checks against',
  examples: [
    [
      'proofgate export --trust-root --out ~/audits/app.trust.json',
      'write the trust root outside the repository (create-only)',
    ],
    ['proofgate export --trust-root > ../app.trust.json', 'print it on stdout'],
  ],
  builder: (y) =>
    y
      .positional('action', {
        choices: ['export'] as const,
        describe: `What to do; ${describeActionFlags(TRUST_FLAGS)}`,
      })
      .option('out', {
        type: 'string',
        describe: 'File to write (create-only; refused inside the repository); default: stdout',
      })
      .option('force', {
        type: 'boolean',
        default: false,
        describe: 'Write --out even inside the repository',
      }),
  flagsPerAction: TRUST_FLAGS,
  toOptions: (argv, common) => ({
    ...common,
    action: 'export',
    out: typeof argv['out'] === 'string' && argv['out'] !== '' ? argv['out'] : undefined,
    force: argv['force'] === true,
  }),
  run: runTrust,
  render: renderTrust,
  isMachineOutput: (r) => r.written === undefined,
  toJson: (r) => (r.written === undefined ? r.trust : r),
  exitCode: () => 0,
});

runIfMain(import.meta.url, trust);
