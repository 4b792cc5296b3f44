// `proofgate export --trust-root` (references/trust.md): the auditor's trust root, a JSON file with
// the authorities, their keys and the ledger's segment heads, kept outside the repository and
// passed back to verdicts and verify with --trust.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runTrust } from '../lib/cli/run/trust.ts';
import { renderTrust } from '../lib/render/trust.ts';

export const trustRoot = defineVerb({
  examples: [
    [
      'proofgate export --trust-root --out ~/audits/app.trust.json',
      'write the trust root outside the repository (create-only)',
    ],
    ['proofgate export --trust-root > ../app.trust.json', 'print it on stdout'],
  ],
  flags: {
    'trust-root': { type: 'boolean', describe: 'Export the trust root' },
    out: {
      type: 'string',
      describe: 'File to write (create-only; refused inside the repository); default: stdout',
    },
    force: {
      type: 'boolean',
      default: false,
      describe: 'Write --out even inside the repository',
    },
  },
  toOptions: (argv, common) => ({
    ...common,
    action: 'export' as const,
    out: argv.out === '' ? undefined : argv.out,
    force: argv.force,
  }),
  run: runTrust,
  render: renderTrust,
  isMachineOutput: (r) => r.written === undefined,
  toJson: (r) => (r.written === undefined ? r.trust : r),
  exitCode: () => 0,
});
