// casebase add|observe|retrieve|export|import over the knowledge store.
import { resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import { currentConfidence } from '../../core/knowledge/damping.ts';
import { exportCases, planImport } from '../../core/knowledge/merge-cases.ts';
import type { CaseExport } from '../../core/knowledge/merge-cases.ts';
import { recordCase, recordObservation } from '../../core/knowledge/record-case.ts';
import { retrieveCases } from '../../core/knowledge/retrieve-cases.ts';
import type { RankedCase } from '../../core/knowledge/retrieve-cases.ts';
import type { CaseEntry, CaseObservation, StructuralFeatures } from '../../core/knowledge/types.ts';
import type { WorldExtras } from '../../core/world/world.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import type { CommonOptions } from '../../core/options.ts';
import { UsageError } from '../../core/errors.ts';
import { foldHypotheses } from '../../core/knowledge/decide-hypotheses.ts';
import { proposalToInput, proposeCases } from '../../core/knowledge/extract-cases.ts';
import type { CaseProposal } from '../../core/knowledge/extract-cases.ts';
import { readPersistedModel } from '../plane/target-model-flow.ts';
import { basename } from 'node:path';

export interface CasebaseOptions extends CommonOptions {
  action: 'add' | 'observe' | 'retrieve' | 'export' | 'import' | 'extract';
  features: StructuralFeatures;
  applicability: string | undefined;
  strategy: string | undefined;
  adaptation: string[];
  outcome: string | undefined;
  negative: string[];
  isNegativeNone: boolean;
  project: string | undefined;
  environment: string | undefined;
  confirmation: string | undefined;
  halfLifeDays: number | undefined;
  id: string | undefined;
  result: string | undefined;
  /** Minimum similarity, 0..1000. */
  min: number;
  file: string | undefined;
  /** extract: record the proposals (needs a human authority). */
  accept?: boolean;
  authority?: string | undefined;
}

export type CasebaseResult =
  | { action: 'add'; case: CaseEntry }
  | { action: 'observe'; observation: CaseObservation; confidence: number; previous: number }
  | { action: 'retrieve'; target: StructuralFeatures; cases: RankedCase[] }
  | { action: 'export'; file: string | undefined; export: CaseExport }
  | { action: 'import'; file: string; added: number; skipped: number }
  | { action: 'extract'; proposals: CaseProposal[]; accepted: CaseEntry[] };

export async function casebaseFlow(
  options: CasebaseOptions,
  ctx: Context,
  store: KnowledgeIO,
  { knowledge }: Pick<WorldExtras, 'knowledge'>,
): Promise<CasebaseResult> {
  const records = await store.read('cases');
  const exported = exportCases(records);
  const now = ctx.clock.now();
  const confidenceOf = (entry: CaseEntry): number =>
    currentConfidence(entry, exported.observations, now).current;
  switch (options.action) {
    case 'add': {
      const entry = recordCase(
        options,
        exported.cases.map((c) => c.id),
        now,
      );
      await store.append('cases', [{ op: 'case', case: entry }]);
      return { action: 'add', case: entry };
    }
    case 'observe': {
      const observation = recordObservation(
        exported.cases.map((c) => c.id),
        options,
        now,
      );
      const entry = exported.cases.find((c) => c.id === observation.id) as CaseEntry;
      await store.append('cases', [{ op: 'observe', observe: observation }]);
      const after = currentConfidence(entry, [...exported.observations, observation], now).current;
      return { action: 'observe', observation, confidence: after, previous: confidenceOf(entry) };
    }
    case 'retrieve': {
      const scored = exported.cases.map((entry) => ({ entry, confidence: confidenceOf(entry) }));
      return {
        action: 'retrieve',
        target: options.features,
        cases: retrieveCases(scored, options.features, options.min),
      };
    }
    case 'export':
      if (options.file !== undefined)
        await knowledge.writeFileWhole(
          resolve(ctx.cwd, options.file),
          `${JSON.stringify(exported, null, 2)}\n`,
        );
      return { action: 'export', file: options.file, export: exported };
    case 'extract':
      return extractCases(store, options, exported.cases, now, knowledge);
    case 'import': {
      const file = options.file ?? '';
      const plan = planImport(
        records,
        await knowledge.readJsonFile(resolve(ctx.cwd, file), file),
        file,
      );
      await store.append('cases', plan.append);
      return { action: 'import', file, added: plan.append.length, skipped: plan.skipped };
    }
  }
}

/** Proposes cases from decided hypotheses; records them only when a person accepts them. */
async function extractCases(
  store: KnowledgeIO,
  options: CasebaseOptions,
  existing: readonly CaseEntry[],
  now: Date,
  knowledge: WorldExtras['knowledge'],
): Promise<CasebaseResult> {
  if (options.accept === true && !(options.authority ?? '').startsWith('human:')) {
    throw new UsageError('BAD_INPUT', 'casebase extract --accept needs a human authority', {
      where: '--authority-id',
      expected: 'human:<name>',
      next: 'review the proposals (proofgate knowledge casebase extract), then proofgate knowledge casebase extract --accept --authority-id human:<name>',
    });
  }
  const model = await readPersistedModel(store, knowledge);
  if (model === undefined) {
    throw new UsageError('MISSING_ARG', 'casebase extract needs the target model', {
      next: 'run "proofgate scan" first: it keeps the target model in the plane',
    });
  }
  const board = foldHypotheses(await store.read('hypotheses'));
  const proposals = proposeCases(board, model, existing);
  if (options.accept !== true) return { action: 'extract', proposals, accepted: [] };
  const ids = existing.map((c) => c.id);
  const accepted: CaseEntry[] = [];
  const provenance = {
    project: options.project ?? basename(store.root),
    environment: options.environment ?? 'local',
  };
  for (const p of proposals) {
    if (p.duplicateOf !== undefined) continue;
    const entry = recordCase(proposalToInput(p, provenance), ids, now);
    ids.push(entry.id);
    accepted.push(entry);
  }
  await store.append(
    'cases',
    accepted.map((entry) => ({ op: 'case' as const, case: entry })),
  );
  return { action: 'extract', proposals, accepted };
}
