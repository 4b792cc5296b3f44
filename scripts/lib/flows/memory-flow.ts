// memory add|list: gather the facts and the digests of their files, decide with core/knowledge/record-fact.ts.
import type { Context } from '../core/context.ts';
import { assessFacts, recordFact } from '../core/knowledge/record-fact.ts';
import type { FactView } from '../core/knowledge/record-fact.ts';
import type { Fact } from '../core/knowledge/types.ts';
import { openKnowledge, toRepoPath } from '../io/knowledge-store.ts';
import type { KnowledgeIO } from '../core/ports.ts';
import type { CommonOptions } from '../core/options.ts';

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

export async function memoryFlow(
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
