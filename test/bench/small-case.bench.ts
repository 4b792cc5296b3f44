// The small case against its floor: on the growth bench's 50k-file repository with its first
// ledger entries (a run and its signed cross audit, pushed to an upstream), `hook stop` (allow)
// and a task claim (`claim --control a --no-record`) as whole processes, read against the floor
// "bare `node -e 0` plus `git status --porcelain` in the same repository". Targets: hook ≤ 1.2×,
// task claim ≤ 1.5× of the floor. Each round runs every process once, interleaved (node, git,
// then each verb with this checkout's bundle and, when PROOFGATE_PREVIOUS_BIN names one, the
// previous bundle), so a busy machine weighs on every row alike. Beside the wall medians it prints
// the median CPU (user+system of the child and its git processes) and the CPU ratios, and the
// load average: on a shared machine the CPU ratios are the steadier figure.
//
// Skipped unless PROOFGATE_BENCH_SMALL=1 (building the repository takes a minute or more).
// PROOFGATE_BENCH_SMALL_FILES sets the repository's size (default 50000): a few hundred files
// leave git little to do, so the rows weigh proofgate's own start and its git calls (e.g. the git
// facade's cost per call, measured against PROOFGATE_PREVIOUS_BIN).
import { loadavg } from 'node:os';
import { spawnMeasured, takeChildUsage } from './child-usage.ts';
import { createGrowthRepo, removeRepo, type GrowthRepo } from './growth-workload.ts';
import type { Bench } from './harness.ts';
import { isAsked, median } from './harness.ts';
import { BIN, ENV, PREVIOUS_BIN, STOP_PAYLOAD } from './plane-repo.ts';

const ENABLED = process.env['PROOFGATE_BENCH_SMALL'] === '1';
const ROUNDS = Number(process.env['PROOFGATE_BENCH_SMALL_RUNS'] ?? '9');
const FILES = Number(process.env['PROOFGATE_BENCH_SMALL_FILES'] ?? '50000');

interface Sample {
  wall: number;
  cpu: number;
}

const samples = new Map<string, Sample[]>();

function timed(label: string, command: string, args: string[], dir: string, input = ''): void {
  takeChildUsage();
  const started = performance.now();
  const result = spawnMeasured(command, args, { cwd: dir, input, env: ENV });
  const wall = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`floor: ${label} exited ${result.status}: ${result.stderr.toString()}`);
  // A verb that printed something did not allow (the hook) or did not hold (the claim).
  const printed = result.stdout.toString();
  if (label.startsWith('hook') && printed.trim() !== '')
    throw new Error(`floor: ${label} did not allow the stop: ${printed}`);
  if (label.startsWith('task claim') && !printed.startsWith('COMPLETED'))
    throw new Error(`floor: ${label} did not hold: ${printed}`);
  const cpu = takeChildUsage()?.cpuMs ?? NaN;
  samples.set(label, [...(samples.get(label) ?? []), { wall, cpu }]);
}

const bins = (): [string, string][] => [
  ['this bundle', BIN],
  ...(PREVIOUS_BIN === undefined
    ? []
    : ([['previous bundle', PREVIOUS_BIN]] as [string, string][])),
];

function round(dir: string): void {
  timed('node -e 0', process.execPath, ['-e', '0'], dir);
  timed('git status --porcelain', 'git', ['status', '--porcelain'], dir);
  for (const [name, bin] of bins()) {
    timed(`hook stop, ${name}`, process.execPath, [bin, 'hook', 'stop'], dir, STOP_PAYLOAD);
    const claim = [bin, 'claim', '--control', 'a', '--no-record'];
    timed(`task claim, ${name}`, process.execPath, claim, dir);
  }
}

const med = (label: string, key: keyof Sample): number =>
  median((samples.get(label) ?? []).map((s) => s[key]));

function summary(): void {
  const floorWall = med('node -e 0', 'wall') + med('git status --porcelain', 'wall');
  const floorCpu = med('node -e 0', 'cpu') + med('git status --porcelain', 'cpu');
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `floor: node -e 0 + git status = ${floorWall.toFixed(0)} ms wall, ${floorCpu.toFixed(0)} ms CPU (load average ${load})`,
  );
  for (const label of samples.keys()) {
    const wall = med(label, 'wall');
    const cpu = med(label, 'cpu');
    console.log(
      `floor: ${label.padEnd(34)} ${wall.toFixed(0).padStart(6)} ms wall (${(wall / floorWall).toFixed(2)}× floor), ${cpu.toFixed(0).padStart(5)} ms CPU (${(cpu / floorCpu).toFixed(2)}× floor)`,
    );
  }
}

let repo: GrowthRepo | undefined;

if (!ENABLED && isAsked('small-case.bench.ts'))
  console.log('small-case.bench.ts: skipped; set PROOFGATE_BENCH_SMALL=1 to run it');

export const benches: Bench[] = ENABLED
  ? [
      {
        name: 'small case: node, git status, hook stop, task claim, interleaved (one round)',
        runs: ROUNDS,
        setup: () => {
          repo ??= createGrowthRepo(FILES, BIN);
          const built = repo;
          process.on('exit', () => removeRepo(built));
          round(built.dir); // untimed: fills the subject cache, as an agent's earlier stop would
          samples.clear();
          return Promise.resolve(built);
        },
        fn: (state) => Promise.resolve(round((state as GrowthRepo).dir)),
        teardown: () => Promise.resolve(summary()),
      },
    ]
  : [];
