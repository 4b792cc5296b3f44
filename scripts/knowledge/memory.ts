// `proofgate knowledge memory add|list`: memory facts that carry a code path, a supporting ledger entry and a
// maturity label; facts whose file changed since are shown as stale.
import { defineVerb } from './lib/cli/define-verb.ts';
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runMemory } from './lib/cli/run/knowledge.ts';
import { renderMemory } from './lib/render/knowledge.ts';
import type { MemoryResult, MemoryOptions } from './lib/flows/memory-flow.ts';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The flags each action takes (memory-flow reads no other). */
const MEMORY_FLAGS: FlagsPerAction = { add: ['path', 'evidence', 'maturity'], list: ['stale'] };

export const memory = defineVerb<MemoryOptions, MemoryResult>({
  name: 'memory',
  command: 'memory <action> [statement]',
  describe: 'Record or list memory facts (path + ledger evidence + maturity)',
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
  builder: (y) =>
    y
      .positional('action', {
        choices: ['add', 'list'] as const,
        describe: `add or list; ${describeActionFlags(MEMORY_FLAGS)}`,
      })
      .positional('statement', { type: 'string', describe: 'the fact (add)' })
      .option('path', { type: 'string', describe: 'code path the fact is about (add)' })
      .option('evidence', {
        type: 'string',
        describe: 'the supporting ledger entry: its hash or a unique prefix of 8+ hex digits (add)',
      })
      .option('maturity', { type: 'string', describe: 'observed_once … hard_gate, stale (add)' })
      .option('stale', { type: 'boolean', default: false, describe: 'list only stale facts' }),
  flagsPerAction: MEMORY_FLAGS,
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] === 'add' ? 'add' : 'list',
    statement: str(argv['statement']),
    path: str(argv['path']),
    evidence: str(argv['evidence']),
    maturity: str(argv['maturity']),
    staleOnly: argv['stale'] === true,
  }),
  run: runMemory,
  render: renderMemory,
  exitCode: () => 0,
});

export { runMemory };

runIfMain(import.meta.url, memory);
