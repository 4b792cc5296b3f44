// `proofgate memory add|list`: memory facts that carry a code path, a supporting ledger entry and a
// maturity label; facts whose file changed since are shown as stale.
import type { Context } from './lib/core/context.ts';
import { assessFacts, recordFact } from './lib/core/knowledge/record-fact.ts';
import type { FactView } from './lib/core/knowledge/record-fact.ts';
import type { Fact } from './lib/core/knowledge/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { CommonOptions } from './lib/cli/define-verb.ts';
import { openKnowledge, toRepoPath } from './lib/io/knowledge-store.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderMemory } from './lib/render/knowledge.ts';
import type { KnowledgeIO } from './lib/core/ports.ts';

export interface MemoryOptions extends CommonOptions {
  action: 'add' | 'list';
  statement: string | undefined;
  path: string | undefined;
  evidence: string | undefined;
  maturity: string | undefined;
  staleOnly: boolean;
}

export type MemoryResult =
  { action: 'add'; fact: Fact } | { action: 'list'; facts: FactView[]; staleCount: number };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const memory = defineVerb<MemoryOptions, MemoryResult>({
  name: 'memory',
  command: 'memory <action> [statement]',
  describe: 'Record or list memory facts (path + ledger evidence + maturity)',
  examples: [
    [
      'proofgate memory add "orders API validates page size" --path src/orders.ts --evidence <sha256> --maturity verified_by_tests',
      'record a fact backed by a ledger entry',
    ],
    ['proofgate memory list --stale', 'facts whose file changed since they were recorded'],
  ],
  builder: (y) =>
    y
      .positional('action', { choices: ['add', 'list'] as const, describe: 'add or list' })
      .positional('statement', { type: 'string', describe: 'the fact (add)' })
      .option('path', { type: 'string', describe: 'code path the fact is about (add)' })
      .option('evidence', {
        type: 'string',
        describe: 'sha256 of the supporting ledger entry (add)',
      })
      .option('maturity', { type: 'string', describe: 'observed_once … hard_gate, stale (add)' })
      .option('stale', { type: 'boolean', default: false, describe: 'list only stale facts' }),
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] === 'add' ? 'add' : 'list',
    statement: str(argv['statement']),
    path: str(argv['path']),
    evidence: str(argv['evidence']),
    maturity: str(argv['maturity']),
    staleOnly: argv['stale'] === true,
  }),
  run: (options, ctx) => runMemory(options, ctx),
  render: renderMemory,
  exitCode: () => 0,
});

export async function runMemory(
  options: MemoryOptions,
  ctx: Context,
  io?: KnowledgeIO,
): Promise<MemoryResult> {
  const store = io ?? (await openKnowledge(options.root, ctx.cwd));
  const facts = (await store.read('facts')).flatMap((r) => (r.op === 'fact' ? [r.fact] : []));
  if (options.action === 'list') {
    const paths = [...new Set(facts.map((f) => f.path))];
    const digests = await Promise.all(paths.map((p) => store.fileDigest(p)));
    const current = new Map(paths.map((p, i) => [p, digests[i]]));
    const all = assessFacts(facts, current);
    const shown = options.staleOnly ? all.filter((f) => f.isStale) : all;
    return { action: 'list', facts: shown, staleCount: all.filter((f) => f.isStale).length };
  }
  const path = options.path === undefined ? undefined : toRepoPath(store.root, options.path);
  const fact = recordFact(
    { statement: options.statement, path, evidence: options.evidence, maturity: options.maturity },
    {
      digest: path === undefined ? undefined : await store.fileDigest(path),
      hasEvidence: options.evidence !== undefined && (await store.entryExists(options.evidence)),
      existingIds: facts.map((f) => f.id),
      now: ctx.clock.now(),
    },
  );
  await store.append('facts', [{ op: 'fact', fact }]);
  return { action: 'add', fact };
}

runIfMain(import.meta.url, memory);
