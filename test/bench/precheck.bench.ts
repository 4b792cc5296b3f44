// The integrity precheck every verdict pays (flows/claim/verdict-precheck.ts): proving the working
// ledger extends the one committed at HEAD, on a committed ledger of 3,000 entries over four
// segments with 100 uncommitted entries appended, next to the verified ledger read that every
// verdict already did before it (readEntries), measured in the same run.
import { rmSync } from 'node:fs';
import { proveCommittedLedger } from '../../scripts/lib/io/ledger/committed-ledger.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { createTestContext } from '../helpers/context.ts';
import type { Bench } from './harness.ts';
import { appendMore, createRepo, type BenchRepo } from './ledger-workload.ts';

const ENTRIES = 3_000;
const READ = `readEntries: parse + verify ${ENTRIES} + 100 lines (every verdict, before)`;
let repo: Promise<BenchRepo> | undefined;

function getRepo(): Promise<BenchRepo> {
  repo ??= (async () => {
    const made = createRepo(ENTRIES);
    process.on('exit', () => rmSync(made.root, { recursive: true, force: true }));
    await appendMore(made, 100, ENTRIES);
    return made;
  })();
  return repo;
}

export const benches: Bench[] = [
  {
    name: READ,
    runs: 9,
    setup: getRepo,
    fn: async (state) => {
      const { root, plane } = state as BenchRepo;
      const ctx = createTestContext({ cwd: root, env: {}, now: new Date().toISOString() });
      await openWorld(ctx).readEntries(plane);
    },
  },
  {
    name: `proveCommitted: working ledger extends HEAD (${ENTRIES} committed lines)`,
    target: '<= 50 ms median',
    targetMs: 50,
    baseline: READ,
    runs: 9,
    setup: getRepo,
    fn: async (state) => {
      const findings = await proveCommittedLedger((state as BenchRepo).plane);
      if (findings.length > 0) throw new Error(`bench: ${findings[0]!.message}`);
    },
  },
];
