// `proofgate casebase add|observe|retrieve|export|import`: reusable cases with applicability and
// negative results, confidence damped by independent corroboration, half-life decay and
// counterexamples, retrieved by structural similarity to the target model.
import { resolve } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { currentConfidence } from './lib/core/knowledge/damping.ts';
import { exportCases, planImport } from './lib/core/knowledge/merge-cases.ts';
import type { CaseExport } from './lib/core/knowledge/merge-cases.ts';
import { recordCase, recordObservation } from './lib/core/knowledge/record-case.ts';
import { retrieveCases } from './lib/core/knowledge/retrieve-cases.ts';
import type { RankedCase } from './lib/core/knowledge/retrieve-cases.ts';
import type { CaseEntry, CaseObservation, StructuralFeatures } from './lib/core/knowledge/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { openKnowledge, readJsonFile, writeFileWhole } from './lib/io/knowledge-store.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { casebaseFlags, toCasebaseOptions } from './lib/casebase-flags.ts';
import type { CasebaseOptions } from './lib/casebase-flags.ts';
import { renderCasebase } from './lib/render/knowledge.ts';
import type { KnowledgeIO } from './lib/core/ports.ts';

export type { CasebaseOptions };

export type CasebaseResult =
  | { action: 'add'; case: CaseEntry }
  | { action: 'observe'; observation: CaseObservation; confidence: number; previous: number }
  | { action: 'retrieve'; target: StructuralFeatures; cases: RankedCase[] }
  | { action: 'export'; file: string | undefined; export: CaseExport }
  | { action: 'import'; file: string; added: number; skipped: number };

export const casebase = defineVerb<CasebaseOptions, CasebaseResult>({
  name: 'casebase',
  command: 'casebase <action>',
  describe: 'Add, observe, retrieve, export or import reusable test strategy cases',
  examples: [
    [
      'proofgate casebase add --kind web-api --architecture service --attr functional --applicability "REST writes without schema validation" --strategy "boundary + type confusion probes" --outcome "2 defects" --negative "same probes on reads :: reads validate" --project shop --environment staging --confirmation user',
      'record a case',
    ],
    [
      'proofgate casebase retrieve --kind web-api --architecture service --attr functional --stack typescript',
      'closest cases first',
    ],
    [
      'proofgate casebase observe --id CB-0001 --result counterexample --project billing --environment ci --confirmation auto',
      'damp it',
    ],
  ],
  builder: casebaseFlags,
  toOptions: toCasebaseOptions,
  run: (options, ctx) => runCasebase(options, ctx),
  render: renderCasebase,
  toJson: (r) => (r.action === 'export' && r.file === undefined ? r.export : r),
  exitCode: () => 0,
});

export async function runCasebase(
  options: CasebaseOptions,
  ctx: Context,
  io?: KnowledgeIO,
): Promise<CasebaseResult> {
  const store = io ?? (await openKnowledge(options.root, ctx.cwd));
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
        await writeFileWhole(
          resolve(ctx.cwd, options.file),
          `${JSON.stringify(exported, null, 2)}\n`,
        );
      return { action: 'export', file: options.file, export: exported };
    case 'import': {
      const file = options.file ?? '';
      const plan = planImport(records, await readJsonFile(resolve(ctx.cwd, file), file), file);
      await store.append('cases', plan.append);
      return { action: 'import', file, added: plan.append.length, skipped: plan.skipped };
    }
  }
}

runIfMain(import.meta.url, casebase);
