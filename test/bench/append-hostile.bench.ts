// The append path under stress and hostile sizes (issue 16 items 5 and 6):
// - the lock race: a stale lock from a dead pid, then 10 appenders released at one instant, many
//   times over (PG_LOCK_RACE_TRIALS, default 2000); it throws if any seq is appended twice;
// - appends next to a 128 MiB segment (huge filler lines, one huge line, no newline at all) and a
//   segment of 1,000,000 `{}` lines: each answers from the segment tails in constant time.
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';
import { TEST_LEDGER_ID, createLedgerRepo, draft } from '../helpers/ledger-repo.ts';
import type { LedgerRepo } from '../helpers/ledger-repo.ts';
import { runLockRace } from '../helpers/lock-race.ts';
import type { Bench } from './harness.ts';

const TRIALS = Number(process.env['PG_LOCK_RACE_TRIALS'] ?? 2000);

interface State {
  repo: LedgerRepo;
  plane: Plane;
  /** Whether the append is expected to be refused (the own segment is damaged). */
  refuses: boolean;
}

/** Writes `bytes` of filler to another writer's segment, shaped by `kind`, then one valid entry. */
function writeHugeSegment(dir: string, kind: 'lines' | 'one-line' | 'torn' | 'braces'): void {
  const path = join(dir, '0000ffff-other.jsonl');
  const fd = openSync(path, 'w');
  const chunk = (text: string): void => void writeSync(fd, text);
  if (kind === 'braces') {
    const block = '{}\n'.repeat(100_000);
    for (let i = 0; i < 10; i++) chunk(block);
  } else {
    const line = kind === 'lines' ? `${'x'.repeat(1023)}\n` : 'x'.repeat(1024);
    const block = line.repeat(1024);
    for (let i = 0; i < 128; i++) chunk(block);
    if (kind === 'one-line') chunk('\n');
  }
  if (kind !== 'torn' && kind !== 'braces') {
    const { line } = buildEntry(draft(0), {
      ledger: TEST_LEDGER_ID,
      segment: '0000ffff-other',
      seq: 0,
      prev: null,
      heads: {},
    });
    chunk(`${line}\n`);
  }
  closeSync(fd);
}

function hostileRepo(kind: 'lines' | 'one-line' | 'torn' | 'braces'): Promise<State> {
  const repo = createLedgerRepo();
  const plane = repo.plane();
  const dir = join(plane.dir, 'evidence', 'ledger');
  return appendEntry(plane, draft(0), { manifest: plane.manifest }).then(() => {
    writeHugeSegment(dir, kind);
    return { repo, plane, refuses: kind !== 'lines' };
  });
}

async function appendOnce(state: unknown): Promise<void> {
  const { plane, refuses } = state as State;
  try {
    await appendEntry(plane, draft(1), { manifest: plane.manifest });
    if (refuses) throw new Error('the append was expected to be refused');
  } catch (error) {
    if (!refuses) throw error;
  }
}

const cleanup = (state: unknown): Promise<void> => {
  (state as State).repo.cleanup();
  return Promise.resolve();
};

export const benches: Bench[] = [
  {
    name: 'append beside a 128 MiB segment of 1 KiB lines',
    target: '<= 10 ms median',
    targetMs: 10,
    runs: 20,
    setup: () => hostileRepo('lines'),
    fn: appendOnce,
    teardown: cleanup,
  },
  {
    name: 'append refused beside a 128 MiB single line',
    // Before: the tail reader re-concatenated its buffer per 64 KiB chunk (5.3 s at 32 MiB).
    target: '<= 10 ms median',
    targetMs: 10,
    runs: 20,
    setup: () => hostileRepo('one-line'),
    fn: appendOnce,
    teardown: cleanup,
  },
  {
    name: 'append refused beside a 128 MiB torn tail',
    // Before: quadratic as above and scanned to the file's start (21.9 s at 32 MiB).
    target: '<= 10 ms median',
    targetMs: 10,
    runs: 20,
    setup: () => hostileRepo('torn'),
    fn: appendOnce,
    teardown: cleanup,
  },
  {
    name: 'append beside 1,000,000 {} lines',
    target: '<= 10 ms median',
    targetMs: 10,
    runs: 20,
    setup: async () => ({ ...(await hostileRepo('braces')), refuses: false }),
    fn: appendOnce,
    teardown: cleanup,
  },
  {
    name: `lock race: dead-pid lock + 10 appenders at one instant x ${TRIALS}`,
    target: '0 duplicated positions',
    runs: 1,
    setup: () => Promise.resolve(createLedgerRepo()),
    fn: async (state) => {
      const repo = state as LedgerRepo;
      const result = await runLockRace({ root: repo.root, workers: 10, trials: TRIALS });
      console.log(`  lock race: ${JSON.stringify(result)}`);
      if (result.misplaced > 0 || result.brokenLinks > 0 || result.lines !== result.expected)
        throw new Error(`lock race broke the ledger: ${JSON.stringify(result)}`);
    },
    teardown: (state) => {
      (state as LedgerRepo).cleanup();
      return Promise.resolve();
    },
  },
];
