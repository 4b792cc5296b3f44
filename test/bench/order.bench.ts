// Ledger order over a large ledger: the cost status and claim pay to order results by what each
// writer had seen instead of by its clock. 50,000 result entries in 8 segments (clones/branches)
// that record each other's heads as they go, plus a 2,000-segment chain (the worst shape: every
// entry sees a new segment), and the statuses of two controls with 25,000 results each.
import type { Bench } from './harness.ts';
import { LedgerOrder } from '../../scripts/lib/core/ledger/ledger-order.ts';
import { indexResults, latestOf } from '../../scripts/lib/core/gate/entries/index-results.ts';
import type { LedgerEntry, StoredEntry } from '../../scripts/lib/core/ledger/types.ts';
import { computeStatuses } from '../../scripts/lib/core/gate/status/compute-status.ts';
import { command, makeControl } from '../helpers/fake-gate-io.ts';

const SUBJECT = { tree: 't', manifest: 'm', registry: 'r', control: 'c' };

function run(
  hash: string,
  segment: string,
  line: number,
  heads: Record<string, string>,
): StoredEntry {
  const entry = {
    v: 1,
    kind: 'run',
    ledger: 'l',
    segment,
    seq: line - 1,
    prev: null,
    time: '2026-01-01T00:00:00.000Z',
    actor: { label: 'a', authority: 'virtual:developer', context: 'local:x' },
    subject: SUBJECT,
    storage: { heads, objects: [] },
    body: {
      control: `c${line % 50}`,
      stage: 'self',
      status: line % 7 === 0 ? 'FAIL' : 'PASS',
      execution: 'command',
      argv: ['x'],
      exit_code: 0,
      duration_ms: 1,
      timed_out: false,
      truncated: false,
      authorizations: [],
      raw_sha256: '0'.repeat(64),
      raw_bytes: 0,
    },
  } as unknown as LedgerEntry;
  return { entry, hash, file: `${segment}.jsonl`, line };
}

function interleaved(total: number, segments: number): StoredEntry[] {
  const heads: Record<string, string> = {};
  const lines = new Map<string, number>();
  const out: StoredEntry[] = [];
  for (let i = 0; i < total; i++) {
    const segment = `s${i % segments}`;
    const line = (lines.get(segment) ?? 0) + 1;
    lines.set(segment, line);
    const hash = `h${i}`;
    out.push(run(hash, segment, line, { ...heads }));
    heads[segment] = hash;
  }
  return out;
}

function chain(segments: number): StoredEntry[] {
  const out: StoredEntry[] = [run('c0', 'k0', 1, {})];
  for (let i = 1; i < segments; i++)
    out.push(run(`c${i}`, `k${i}`, 1, { [`k${i - 1}`]: `c${i - 1}` }));
  return out;
}

export const benches: Bench[] = [
  {
    name: 'ledger order + latest per control, 50k entries in 8 segments',
    target: 'reported (part of every status/claim)',
    runs: 5,
    setup: () => Promise.resolve(interleaved(50_000, 8)),
    fn: (state) => {
      const entries = state as StoredEntry[];
      const order = new LedgerOrder(entries);
      const index = indexResults(entries, order);
      if (index.size !== 50) throw new Error(`indexed ${index.size} controls, not 50`);
      for (const byStage of index.values()) latestOf(byStage.get('self') ?? [], order);
      return Promise.resolve();
    },
  },
  {
    name: 'status of 2 controls with 25,000 results each, at engineering_ready',
    target: 'reported (linear in results: no scan per result)',
    runs: 5,
    setup: () => Promise.resolve(interleaved(50_000, 8)),
    fn: (state) => {
      const entries = state as StoredEntry[];
      // Lines alternate between two controls: every result is about one of the two.
      for (const stored of entries) stored.entry.body['control'] = `c${stored.line % 2}`;
      const controls = ['c0', 'c1'].map((id) => makeControl(id, command(['x'])));
      const statuses = computeStatuses({
        controls,
        subjects: new Map(controls.map((c) => [c.id, SUBJECT])),
        entries,
        now: new Date('2026-01-02T00:00:00.000Z'),
        maturity: 'engineering_ready',
      });
      if (statuses.length !== 2) throw new Error(`${statuses.length} statuses, not 2`);
      return Promise.resolve();
    },
  },
  {
    name: 'ledger order, 2,000 segments each starting from the previous one',
    target: 'reported (worst shape: quadratic in segments)',
    runs: 5,
    setup: () => Promise.resolve(chain(2_000)),
    fn: (state) => {
      const order = new LedgerOrder(state as StoredEntry[]);
      if (!order.isBefore('c0', 'c1999')) throw new Error('chain not ordered');
      return Promise.resolve();
    },
  },
];
