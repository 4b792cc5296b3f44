// Ledger benchmarks (issues 2 and 19): append at 100k existing entries; verify --full over 100k
// unsigned and signed entries, verify --base with 50 new over 100k, and status over 100k (the
// gate's read of the ledger), both in process and as whole processes through bin/proofgate.js and
// the dist bundle (node start-up included, ratio to bare `node -e 0` measured in the same run,
// peak RSS from /usr/bin/time when present). Hostile sizes: 1,000,000 "{}" lines, printed with
// exit code and peak RSS.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { runVerify } from '../../scripts/verify.ts';
import { createTestContext } from '../helpers/context.ts';
import { draft } from '../helpers/ledger-repo.ts';
import { spawnMeasured } from './child-usage.ts';
import type { Bench } from './harness.ts';
import {
  appendMore,
  createEmptyRepo,
  createRepo,
  ledgerDirOf,
  writeRepeated,
} from './ledger-workload.ts';
import type { BenchRepo as Repo } from './ledger-workload.ts';

const ENTRIES = 100_000;
const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'proofgate.js');
const TIME = '/usr/bin/time';

const verifyOptions = (base?: string) => ({
  root: undefined,
  json: false,
  limit: 8192,
  base,
  noBase: true,
  repairTorn: false,
  authorityId: 'virtual:developer',
});

async function verifyOnce(repo: Repo, base?: string): Promise<void> {
  const report = await runVerify(verifyOptions(base), createTestContext({ cwd: repo.root }));
  if (!report.ok)
    throw new Error(`bench ledger not intact: ${JSON.stringify(report.findings.slice(0, 3))}`);
}

/** Runs the installed command; prints exit code and peak RSS when /usr/bin/time exists. */
function runBin(label: string, args: string[]): void {
  const hasTime = existsSync(TIME);
  const command = hasTime ? TIME : process.execPath;
  const argv = hasTime ? ['-f', '%M', process.execPath, BIN, ...args] : [BIN, ...args];
  const child = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const rss = hasTime
    ? `${Math.round(Number(child.stderr.trim().split('\n').at(-1)) / 1024)} MB`
    : 'n/a';
  console.log(`  ${label}: exit ${child.status}, peak RSS ${rss}`);
}

const cleanup = (state: unknown): Promise<void> => {
  rmSync((state as Repo).root, { recursive: true, force: true, maxRetries: 10 });
  return Promise.resolve();
};

const buildDist = (): void => {
  execFileSync(process.execPath, [join(ROOT, 'bin', 'build-dist.mjs')], { cwd: ROOT });
};

function wholeProcess(
  name: string,
  setup: () => Promise<Repo>,
  args: (r: Repo) => string[],
  targetMs: number,
): Bench {
  return {
    name,
    target: `<= ${targetMs} ms median`,
    targetMs,
    baseline: 'node -e 0 (floor, same run)',
    runs: 5,
    setup: async () => {
      buildDist();
      return setup();
    },
    fn: (state) => {
      spawnMeasured(process.execPath, [BIN, ...args(state as Repo)], { stdio: 'ignore' });
      return Promise.resolve();
    },
    teardown: (state) => {
      runBin(`${name} (one more run)`, args(state as Repo));
      return cleanup(state);
    },
  };
}

/**
 * The hardware floor of a signed `verify --full`: one process signs 1,000 ledger-sized messages,
 * then verifies 100,000 signatures (the same 1,000, cycled) on one worker thread per core. Nothing
 * else is read, parsed or hashed, so no verifier can check 100k signatures here faster.
 */
const ED25519_FLOOR = `
const { Worker } = require('node:worker_threads');
const { availableParallelism } = require('node:os');
const { generateKeyPairSync, sign } = require('node:crypto');
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const messages = Array.from({ length: 1000 }, (_, i) => Buffer.from('x'.repeat(880) + i));
const sigs = messages.map((m) => sign(null, m, privateKey));
const der = publicKey.export({ format: 'der', type: 'spki' });
const threads = availableParallelism();
const share = Math.ceil(${ENTRIES} / threads);
const source = \`
const { workerData, parentPort } = require('node:worker_threads');
const { createPublicKey, verify } = require('node:crypto');
const key = createPublicKey({ key: Buffer.from(workerData.der), format: 'der', type: 'spki' });
let ok = 0;
for (let i = 0; i < workerData.share; i++) {
  const j = i % workerData.messages.length;
  if (verify(null, workerData.messages[j], key, workerData.sigs[j])) ok++;
}
parentPort.postMessage(ok);
\`;
let pending = threads;
for (let t = 0; t < threads; t++) {
  const w = new Worker(source, { eval: true, workerData: { der, messages, sigs, share } });
  w.on('message', (ok) => { if (ok !== share) process.exit(3); if (--pending === 0) process.exit(0); });
}
`;

let appended = 0;
export const benches: Bench[] = [
  {
    name: 'append to an empty ledger (baseline: lock + fsync)',
    runs: 30,
    setup: () => Promise.resolve(createRepo(0)),
    fn: async (state) => {
      const { plane } = state as Repo;
      await appendEntry(plane, draft(appended++), { manifest: plane.manifest });
    },
    teardown: cleanup,
  },
  {
    name: 'append at 100k existing entries',
    target: '<= 5 ms median',
    targetMs: 5,
    baseline: 'append to an empty ledger (baseline: lock + fsync)',
    runs: 30,
    setup: () => Promise.resolve(createRepo(ENTRIES)),
    fn: async (state) => {
      const { plane } = state as Repo;
      await appendEntry(plane, draft(ENTRIES + appended++), { manifest: plane.manifest });
    },
    teardown: cleanup,
  },
  {
    name: 'verify --full, 100k unsigned entries',
    target: '<= 2000 ms median',
    targetMs: 2000,
    runs: 3,
    setup: () => Promise.resolve(createRepo(ENTRIES)),
    fn: (state) => verifyOnce(state as Repo),
    teardown: cleanup,
  },
  {
    name: 'verify --base, 50 new over 100k',
    target: '<= 300 ms median',
    targetMs: 300,
    runs: 5,
    setup: async () => {
      const repo = createRepo(ENTRIES);
      await appendMore(repo, 50, ENTRIES);
      return repo;
    },
    fn: (state) => verifyOnce(state as Repo, 'HEAD'),
    teardown: cleanup,
  },
  {
    name: 'verify --full, 100k signed entries',
    target: 'report',
    runs: 1,
    setup: () => Promise.resolve(createRepo(ENTRIES, true)),
    fn: (state) => verifyOnce(state as Repo),
    teardown: cleanup,
  },
  {
    name: 'node -e 0 (floor, same run)',
    runs: 7,
    fn: () => {
      spawnMeasured(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      return Promise.resolve();
    },
  },
  wholeProcess(
    'bin: verify --full, 100k unsigned',
    () => Promise.resolve(createRepo(ENTRIES)),
    (r) => ['verify', '--full', '--root', r.root],
    2000,
  ),
  {
    name: 'Ed25519 floor: 100k verifies on one worker per core (whole process)',
    target: 'report',
    runs: 3,
    fn: () => {
      const child = spawnMeasured(process.execPath, ['-e', ED25519_FLOOR], { stdio: 'ignore' });
      if (child.status !== 0) throw new Error(`Ed25519 floor process exited ${child.status}`);
      return Promise.resolve();
    },
  },
  {
    ...wholeProcess(
      'bin: verify --full, 100k signed',
      () => Promise.resolve(createRepo(ENTRIES, true)),
      (r) => ['verify', '--full', '--root', r.root],
      6000,
    ),
    alsoRatioTo: ['Ed25519 floor: 100k verifies on one worker per core (whole process)'],
  },
  wholeProcess(
    'bin: verify --base, 50 new over 100k',
    async () => {
      const repo = createRepo(ENTRIES);
      await appendMore(repo, 50, ENTRIES);
      return repo;
    },
    (r) => ['verify', '--base', 'HEAD', '--root', r.root],
    300,
  ),
  wholeProcess(
    'bin: status, 100k unsigned (the gate streams the ledger)',
    () => Promise.resolve(createRepo(ENTRIES)),
    (r) => ['status', '--root', r.root],
    2000,
  ),
  wholeProcess(
    'bin: status, 100k signed (signatures on worker threads)',
    () => Promise.resolve(createRepo(ENTRIES, true)),
    (r) => ['status', '--root', r.root],
    6000,
  ),
  {
    name: 'bin: verify --full, 1,000,000 "{}" lines (hostile)',
    target: 'exit 3, bounded RSS',
    runs: 1,
    setup: () => {
      buildDist();
      const root = createEmptyRepo();
      writeRepeated(join(ledgerDirOf(root), '0000aaaa-main.jsonl'), '{}', 1_000_000);
      return Promise.resolve({ root } as Repo);
    },
    fn: (state) => {
      runBin('1M {} lines', ['verify', '--full', '--root', (state as Repo).root]);
      return Promise.resolve();
    },
    teardown: cleanup,
  },
];
