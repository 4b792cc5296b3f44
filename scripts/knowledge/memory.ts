// `proofgate knowledge memory add|list`: memory facts that carry a code path, a supporting ledger
// entry and a maturity label; facts whose file changed since are shown as stale.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runMemory } from '../lib/cli/run/knowledge.ts';
import { renderMemory } from '../lib/render/knowledge.ts';

export const memory = defineVerb({
  examples: [
    [
      'proofgate knowledge memory add "orders API validates page size" --path src/orders.ts --evidence 3f2a9c1d --maturity verified_by_tests',
      'record a fact backed by a ledger entry',
    ],
    [
      'proofgate knowledge memory list --stale',
      'facts whose file changed since they were recorded',
    ],
  ],
  positionals: {
    action: { choices: ['add', 'list'], required: true, describe: 'add or list' },
    statement: { describe: 'the fact (add)' },
  },
  flags: {
    path: { type: 'string', describe: 'code path the fact is about (add)' },
    evidence: {
      type: 'string',
      describe: 'the supporting ledger entry: its hash or a unique prefix of 8+ hex digits (add)',
    },
    maturity: { type: 'string', describe: 'observed_once … hard_gate, stale (add)' },
    stale: { type: 'boolean', default: false, describe: 'list only stale facts' },
  },
  flagsPerAction: { add: ['path', 'evidence', 'maturity'], list: ['stale'] },
  toOptions: (argv, common) => ({
    ...common,
    action: argv.action,
    statement: argv.statement,
    path: argv.path,
    evidence: argv.evidence,
    maturity: argv.maturity,
    staleOnly: argv.stale,
  }),
  run: runMemory,
  render: renderMemory,
  exitCode: () => 0,
});

export { runMemory };
