// memory add|list: gather the facts and the digests of their files, decide with core/knowledge/record-fact.ts.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { assessFacts, recordFact } from '../../core/knowledge/record-fact.ts';
import type { FactView } from '../../core/knowledge/record-fact.ts';
import type { Fact } from '../../core/knowledge/types.ts';
import { toRepoPath } from '../../core/knowledge/repo-path.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import type { CommonOptions } from '../../core/options.ts';
import { UsageError } from '../../core/errors.ts';
import { computeStatuses } from '../../core/gate/status/compute-status.ts';
import {
  checkHardGateEvidence,
  VERIFIED_MATURITIES,
} from '../../core/knowledge/hard-gate-evidence.ts';
import { LEDGER_HASH } from '../../core/knowledge/next-id.ts';
import type { SubjectBinding } from '../../core/ledger/types.ts';

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

/** `gate`: the verified ledger a fact's evidence is checked against (built by the caller). */
export async function memoryFlow(
  options: MemoryOptions,
  ctx: Context,
  store: KnowledgeIO,
  gate: World,
): Promise<MemoryResult> {
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
  // Outputs print 12-digit prefixes: a unique prefix names its entry, the fact stores it in full.
  const evidence =
    options.evidence === undefined
      ? undefined
      : ((await store.expandEntry?.(options.evidence, '--evidence')) ?? options.evidence);
  const fact = recordFact(
    { statement: options.statement, path, evidence, maturity: options.maturity },
    {
      digest: path === undefined ? undefined : await store.fileDigest(path),
      hasEvidence: evidence !== undefined && (await store.entryExists(evidence)),
      existingIds: facts.map((f) => f.id),
      now: ctx.clock.now(),
    },
  );
  if (VERIFIED_MATURITIES.includes(fact.maturity)) {
    await refuseWeakEvidence(store.root, fact, ctx, gate);
  }
  const [written] = await store.append('facts', [{ op: 'fact', fact }]);
  return { action: 'add', fact: written?.op === 'fact' ? written.fact : fact };
}

/**
 * A fact at a verified maturity needs a PASS of a control whose inputs cover its path; at
 * hard_gate a current one (exit 2).
 */
async function refuseWeakEvidence(
  root: string,
  fact: Fact,
  ctx: Context,
  io: World,
): Promise<void> {
  const { path, evidence, maturity } = fact;
  if (!LEDGER_HASH.test(evidence)) return;
  const plane = await io.loadPlane(root);
  const entries = await io.readEntries(plane);
  const entry = entries.find((e) => e.hash === evidence);
  const id = entry?.entry.body['control'];
  const control = plane.registry.controls.find((c) => c.id === id);
  const subjects =
    control === undefined
      ? new Map<string, SubjectBinding>()
      : await io.computeSubjects(plane, [control]);
  const history = await io.readAttestationHistory?.(plane, entries);
  const status =
    control === undefined
      ? undefined
      : computeStatuses({
          controls: [control],
          subjects,
          entries,
          now: ctx.clock.now(),
          ...(history === undefined ? {} : { history }),
        })[0];
  const problems = checkHardGateEvidence({
    path,
    evidence,
    entry,
    control,
    status,
    current: control === undefined ? undefined : subjects.get(control.id),
    isCurrentRequired: maturity === 'hard_gate',
  });
  if (problems.length > 0) {
    throw new UsageError('BAD_INPUT', `memory fact refused at maturity ${maturity}`, {
      problems,
      expected: `the hash of a${maturity === 'hard_gate' ? ' current' : ''} PASS of a control whose inputs cover the path`,
      next: 'run the control that covers the file (proofgate evaluate --run --control <id>) and cite its entry, or record the fact at a lower maturity',
    });
  }
}
