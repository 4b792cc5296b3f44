// Knowledge-layer figures: pure ranking and retrieval at sizes a large project reaches, and the
// I/O path of `memory list` with 1,000 facts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMemory } from '../../scripts/knowledge/memory.ts';
import {
  buildRequirementGraph,
  walkRequirements,
} from '../../scripts/lib/core/knowledge/build-requirement-graph.ts';
import { rankNext } from '../../scripts/lib/core/knowledge/rank-next.ts';
import type { NextItem } from '../../scripts/lib/core/knowledge/rank-next.ts';
import { retrieveCases } from '../../scripts/lib/core/knowledge/retrieve-cases.ts';
import type { CaseEntry, StructuralFeatures } from '../../scripts/lib/core/knowledge/types.ts';
import type { Control } from '../../scripts/lib/core/plane/types.ts';
import { canonicalize } from '../../scripts/lib/core/shared/canonical.ts';
import { blobId } from '../../scripts/lib/io/plane/knowledge-store.ts';
import { createTestContext } from '../helpers/context.ts';
import type { Bench } from './harness.ts';

const KINDS = ['web-api', 'cli', 'lib', 'web-ui', 'mobile'];
const target: StructuralFeatures = {
  kind: 'web-api',
  architecture: 'service',
  attr: 'functional',
  stack: ['typescript', 'express'],
  constraints: ['no-auth'],
};
const cases = Array.from({ length: 10_000 }, (_, i) => ({
  confidence: (i * 37) % 9500,
  entry: {
    id: `CB-${i}`,
    features: {
      kind: KINDS[i % 5]!,
      architecture: i % 2 ? 'service' : 'monolith',
      attr: i % 3 ? 'functional' : 'security',
      stack: ['typescript', `fw${i % 7}`],
      constraints: [`c${i % 4}`],
    },
  } as CaseEntry,
}));
const items: NextItem[] = Array.from({ length: 5_000 }, (_, i) => ({
  kind: 'gap',
  id: `G-${i}`,
  reason: 'r',
  infoGain: (i * 13) % 1000,
  risk: (i * 7) % 1000,
  cost: 1 + (i % 2000),
}));
const controls: Control[] = Array.from({ length: 2_000 }, (_, i) => ({
  id: `C-${i}`,
  title: 't',
  owner: 'o',
  requirements: [`REQ-${i % 500}`],
  risks: [`RISK-${i % 300}`],
  applies: { value: true },
  required_from_maturity: 'prototype',
  execution: i % 10 ? { type: 'command', argv: ['npm', 'test'] } : { type: 'slot', hint: 'h' },
  evidence_required: [],
}));

export const benches: Bench[] = [
  {
    name: 'retrieveCases: 10,000 cases',
    target: '<= 50 ms median',
    targetMs: 50,
    runs: 15,
    fn: () => Promise.resolve(void retrieveCases(cases, target)),
  },
  {
    name: 'rankNext: 5,000 items, 30 % exploration',
    target: '<= 50 ms median',
    targetMs: 50,
    runs: 15,
    fn: () => Promise.resolve(void rankNext(items, { explorationShare: 3000, seed: 's' })),
  },
  {
    name: 'buildRequirementGraph + walkRequirements: 2,000 controls, 500 requirements',
    target: '<= 100 ms median',
    targetMs: 100,
    runs: 15,
    fn: () =>
      Promise.resolve(
        void walkRequirements(
          buildRequirementGraph({ version: 1, controls }, [], []),
          'REQ-1',
          'down',
        ),
      ),
  },
  {
    name: 'memory list: 1,000 facts over 1,000 files',
    target: '<= 300 ms median',
    targetMs: 300,
    runs: 9,
    setup: () => {
      const root = mkdtempSync(join(tmpdir(), 'pg-bench-memory-'));
      mkdirSync(join(root, '.proofgate/controls'), { recursive: true });
      mkdirSync(join(root, '.proofgate/knowledge'), { recursive: true });
      mkdirSync(join(root, 'src'));
      writeFileSync(join(root, '.proofgate/controls/manifest.yaml'), 'version: 1\n');
      const lines: string[] = [];
      for (let i = 0; i < 1000; i++) {
        const bytes = Buffer.from(`export const v${i} = ${i};\n`);
        writeFileSync(join(root, `src/f${i}.ts`), bytes);
        const fact = {
          id: `MF-${i}`,
          statement: 's',
          path: `src/f${i}.ts`,
          digest: blobId(bytes),
          evidence: 'e'.repeat(64),
          maturity: 'repeated',
          time: 't',
        };
        lines.push(canonicalize({ op: 'fact', fact }));
      }
      writeFileSync(join(root, '.proofgate/knowledge/facts.jsonl'), `${lines.join('\n')}\n`);
      return Promise.resolve(root);
    },
    fn: async (root) => {
      const r = root as string;
      await runMemory(
        {
          root: r,
          json: true,
          limit: 8192,
          action: 'list',
          statement: undefined,
          path: undefined,
          evidence: undefined,
          maturity: undefined,
          staleOnly: false,
        },
        createTestContext({ cwd: r }),
      );
    },
    teardown: (root) =>
      Promise.resolve(rmSync(root as string, { recursive: true, force: true, maxRetries: 10 })),
  },
];
