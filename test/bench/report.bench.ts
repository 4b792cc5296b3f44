// The auditor's report over a 100k-entry ledger (issue 9): time to gather, verify, compute and
// render, and the size of the page. Entries are valid run results of 20 controls over 100 days and
// four segments, on one code version or on 1000 (the status picture then buckets the older ones);
// data is generated in setup. The size is printed and must stay under 5 MB.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import { runReport } from '../../scripts/report.ts';
import { runVerify } from '../../scripts/verify.ts';
import { createTestContext } from '../helpers/context.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import type { Bench } from './harness.ts';
import { git as gitIn, syntheticRepo } from './plane-repo.ts';

const ENTRIES = 100_000;
const CONTROLS = 20;
const SEGMENTS = ['0000aaaa-main', '0000bbbb-feature-a', '0000cccc-feature-b', '0000dddd-ci'];
const MAX_BYTES = 5 * 1024 * 1024;

const registry = `version: 1\ncontrols:\n${Array.from(
  { length: CONTROLS },
  (_, i) => `  - id: C${i}
    title: control ${i}
    owner: virtual:developer
    requirements: [REQ-${i % 5}]
    risks: [RISK-${i % 3}]
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [npm, test] }
    evidence_required: [command output]
`,
).join('')}`;

/** The code version entry `i` judges: one for all, or `versions` in turn over the ledger. */
const treeOf = (i: number, versions: number): string =>
  versions === 1
    ? 'a'.repeat(40)
    : Math.floor((i * versions) / ENTRIES)
        .toString(16)
        .padStart(40, '0');

function createRepo(versions = 1): string {
  const root = syntheticRepo('pg-bench-report-', 0, true);
  const git = (...args: string[]): string => gitIn(root, ...args);
  mkdirSync(join(root, '.proofgate', 'controls'), { recursive: true });
  writeFileSync(join(root, '.proofgate', 'controls', 'manifest.yaml'), manifestYaml());
  writeFileSync(join(root, '.proofgate', 'controls', 'registry.yaml'), registry);
  const dir = join(root, '.proofgate', 'evidence', 'ledger');
  mkdirSync(dir, { recursive: true });
  const lines = new Map(SEGMENTS.map((s) => [s, [] as string[]]));
  const heads: Record<string, string> = {};
  for (let i = 0; i < ENTRIES; i++) {
    const segment = SEGMENTS[i % SEGMENTS.length]!;
    const own = lines.get(segment)!;
    const time = new Date(Date.UTC(2026, 0, 1) + Math.floor((i * 100 * 86_400_000) / ENTRIES));
    const { line } = buildEntry(
      {
        kind: 'run',
        time: time.toISOString(),
        actor: {
          label: `agent-${i % 7}`,
          authority: i % 2 === 0 ? 'virtual:developer' : 'virtual:quality',
          context: `ci:${i % 13}`,
        },
        subject: { tree: treeOf(i, versions), manifest: 'b'.repeat(64), registry: 'c'.repeat(64) },
        body: {
          control: `C${i % CONTROLS}`,
          stage: 'self',
          status: i % 9 === 0 ? 'FAIL' : 'PASS',
          execution: 'command',
          exit_code: i % 9 === 0 ? 1 : 0,
          duration_ms: 1200,
          timed_out: false,
          truncated: false,
          authorizations: [],
        },
      },
      {
        ledger: 'lg-test',
        segment,
        seq: own.length,
        prev: heads[segment] ?? null,
        heads: { ...heads },
      },
    );
    own.push(line);
    heads[segment] = sha256Hex(line);
  }
  for (const [segment, own] of lines)
    writeFileSync(join(dir, `${segment}.jsonl`), own.map((l) => `${l}\n`).join(''));
  git('add', '-A');
  git('commit', '-q', '-m', 'ledger');
  return root;
}

const dropRepo = (state: unknown): Promise<void> => {
  rmSync(state as string, { recursive: true, force: true, maxRetries: 10 });
  return Promise.resolve();
};

async function reportOnce(root: string): Promise<{ bytes: number; html: string }> {
  const file = join(root, 'report.html');
  const result = await runReport(
    {
      root,
      json: false,
      limit: 8192,
      html: file,
      maxEntries: 200,
      requirements: [],
      noBase: true,
    },
    // After the last entry (2026-04-10): an earlier clock finds entries dated in the future.
    createTestContext({ cwd: root, now: '2026-06-01T00:00:00.000Z' }),
  );
  const bytes = statSync(file).size;
  if (!result.isIntact || result.entries !== ENTRIES)
    throw new Error(`bench ledger not read whole: ${JSON.stringify(result).slice(0, 300)}`);
  if (bytes > MAX_BYTES) throw new Error(`report is ${bytes} bytes, over ${MAX_BYTES}`);
  return { bytes, html: readFileSync(file, 'utf8') };
}

export const benches: Bench[] = [
  {
    name: 'verify --full over the same 100k entries (baseline: the integrity check the report includes)',
    runs: 3,
    setup: () => Promise.resolve(createRepo()),
    fn: async (state) => {
      const root = state as string;
      const options = {
        root,
        json: false,
        limit: 8192,
        base: undefined,
        noBase: true,
        repairTorn: false,
      };
      const report = await runVerify(
        { ...options, authorityId: 'virtual:developer' },
        // The same clock as the report's: an earlier one finds entries dated in the future.
        createTestContext({ cwd: root, now: '2026-06-01T00:00:00.000Z' }),
      );
      if (!report.ok) throw new Error('bench ledger not intact');
    },
    teardown: dropRepo,
  },
  {
    name: 'report --html over 100k entries (verify + statuses + render + write)',
    target: '<= 5000 ms median, page < 5 MB',
    baseline:
      'verify --full over the same 100k entries (baseline: the integrity check the report includes)',
    targetMs: 5000,
    runs: 3,
    setup: () => Promise.resolve(createRepo()),
    fn: async (state) => {
      const { bytes } = await reportOnce(state as string);
      console.log(`    report size: ${(bytes / 1024).toFixed(1)} KB for ${ENTRIES} entries`);
    },
    teardown: dropRepo,
  },
  {
    name: 'report --html over 100k entries on 1000 code versions (status picture bucketed)',
    target: '<= 5000 ms median, page < 5 MB, picture at most 41 columns',
    baseline: 'report --html over 100k entries (verify + statuses + render + write)',
    targetMs: 5000,
    runs: 3,
    setup: () => Promise.resolve(createRepo(1000)),
    fn: async (state) => {
      const { bytes, html } = await reportOnce(state as string);
      const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>') + 6);
      const columns = Number(/data-columns="(\d+)"/.exec(svg)?.[1]);
      if (!(columns > 1 && columns <= 41)) throw new Error(`picture has ${columns} columns`);
      console.log(
        `    report size: ${(bytes / 1024).toFixed(1)} KB (picture ${(svg.length / 1024).toFixed(1)} KB, ${columns} columns) for ${ENTRIES} entries on 1000 code versions`,
      );
    },
    teardown: dropRepo,
  },
];
