// How the hot path grows with the ledger: `hook stop` and a task claim (`claim --control a
// --no-record`) as whole processes on a 50k-file repository (growth-workload.ts) whose ledger is
// grown from its first entries to each size in PROOFGATE_BENCH_GROWTH_SIZES (default 100000; e.g.
// "100000,1000000"), half runs and half signed cross audits, committed and pushed to the
// upstream. Each size is measured as grown, then after makeCheckpoint(), then with
// PROOFGATE_BENCH_GROWTH_SUFFIX (default 1000) entries more committed after the checkpoint (not
// pushed): the difference is the suffix cost per new entry. After the checkpoint each verb also
// alternates, round by round, with a second repository kept at its first entries, and the note
// line gives their ratio (target 1.2×) from processes run under the same load. Beside the rows it
// prints the build time, the ledger bytes and the git pack bytes per entry (after `git gc`) and the load average.
//
// Skipped unless PROOFGATE_BENCH_GROWTH=1: growing to 100k entries and timing it takes several
// minutes (1M: the ledger is about a gigabyte). Sizes share one repository: a larger size grows
// after the smaller one's checkpoint, so for a no-checkpoint figure at 1M run that size alone.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Bench } from './harness.ts';
import { isAsked, median } from './harness.ts';
import {
  appendEntries,
  checkpoint,
  commitAndPush,
  createGrowthRepo,
  packBytes,
  removeRepo,
  type GrowthRepo,
} from './growth-workload.ts';
import { BIN, ENV, runCli, STOP_PAYLOAD } from './plane-repo.ts';
import { spawnMeasured } from './child-usage.ts';

const ENABLED = process.env['PROOFGATE_BENCH_GROWTH'] === '1';
const SIZES = (process.env['PROOFGATE_BENCH_GROWTH_SIZES'] ?? '100000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const SUFFIX = Number(process.env['PROOFGATE_BENCH_GROWTH_SUFFIX'] ?? '1000');
const FILES = 50_000;
const RUNS = Number(process.env['PROOFGATE_BENCH_GROWTH_RUNS'] ?? '5');
/** The bundle measured: this checkout's, or another build's bin/proofgate.js (a long run's copy). */
const GROWTH_BIN = process.env['PROOFGATE_BENCH_GROWTH_BIN'] ?? BIN;

/**
 * Makes a trusted checkpoint of the ledger in `repo` (growth-workload.ts checkpoint: `seal
 * --checkpoint` signed by the release authority, pushed): verdicts then verify only the suffix.
 */
export function makeCheckpoint(repo: GrowthRepo): boolean {
  const started = performance.now();
  const fresh = repo.checkpointAt !== repo.entries;
  checkpoint(repo, GROWTH_BIN);
  if (fresh)
    note(
      `${repo.entries} entries: checkpoint sealed, run and audited after it, pushed, in ${seconds(started)}`,
    );
  return true;
}

let repo: GrowthRepo | undefined;
let initialPack = 0;
let initialEntries = 0;
const times = new Map<string, number[]>();

function note(message: string): void {
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`growth: ${message} (load average ${load})`);
}

function getRepo(): GrowthRepo {
  if (repo === undefined) {
    const started = performance.now();
    repo = createGrowthRepo(FILES, GROWTH_BIN);
    initialPack = packBytes(repo.dir);
    initialEntries = repo.entries;
    const current = repo;
    process.on('exit', () => removeRepo(current));
    note(
      `repository of ${FILES} files, ${repo.entries} entries, built in ${seconds(started)}; pack ${mb(initialPack)}`,
    );
  }
  return repo;
}

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function growTo(size: number): GrowthRepo {
  const r = getRepo();
  if (r.entries >= size) return r;
  const started = performance.now();
  appendEntries(r, size - r.entries);
  const built = seconds(started);
  commitAndPush(r, `ledger grown to ${size}`, true);
  const pushed = seconds(started);
  const pack = packBytes(r.dir);
  const perEntry = (pack - initialPack) / (r.entries - initialEntries);
  note(
    `${r.entries} entries: lines built in ${built}, committed and pushed by ${pushed}, gc by ${seconds(started)}; ledger ${mb(statSync(r.segment).size)} (${Math.round(statSync(r.segment).size / r.entries)} B/entry); pack ${mb(pack)}, ${perEntry.toFixed(1)} B/entry after gc`,
  );
  return r;
}

function checkpointed(size: number): GrowthRepo {
  const r = growTo(size);
  makeCheckpoint(r);
  return r;
}

function withSuffix(size: number): GrowthRepo {
  const r = growTo(size);
  if (r.entries >= size + SUFFIX) return r;
  appendEntries(r, SUFFIX);
  commitAndPush(r, `${SUFFIX} entries after the checkpoint`, false);
  note(`${r.entries} entries: ${SUFFIX} appended after the checkpoint, committed, not pushed`);
  return r;
}

const STOP = ['hook', 'stop'];
const CLAIM = ['claim', '--control', 'a', '--no-record'];

// Checked once before timing (not per iteration): the hook must let the stop through on a claim
// that holds (it prints nothing then), so the rows time the whole verdict, not an early refusal.
function expectAllowed(dir: string): void {
  const out = spawnSync(process.execPath, [GROWTH_BIN, ...STOP], {
    cwd: dir,
    input: STOP_PAYLOAD,
    env: ENV,
  });
  const printed = out.stdout.toString();
  // Past its deadline the hook blocks (fails closed) rather than let the stop through unchecked:
  // that is the figure at this size without a checkpoint, so it is said and timed, not an error.
  if (out.status === 0 && printed.includes('no decision within')) {
    note('hook stop blocked at its own deadline (fail closed): the rows time that block');
    return;
  }
  if (out.status !== 0 || printed.trim() !== '')
    throw new Error(
      `growth: hook stop did not allow: ${out.stdout.toString()}${out.stderr.toString()}`,
    );
}

function row(name: string, args: readonly string[], setup: () => GrowthRepo): Bench {
  const hook = args[0] === 'hook';
  const input = hook ? STOP_PAYLOAD : '';
  return {
    name,
    runs: RUNS,
    setup: () => {
      const r = setup();
      // One untimed run first (it also fills the subject cache, as an agent's earlier stop would).
      if (hook) expectAllowed(r.dir);
      else runCli(GROWTH_BIN, r.dir, [...args], input);
      return Promise.resolve(r);
    },
    fn: (state) => {
      const started = performance.now();
      runCli(GROWTH_BIN, (state as GrowthRepo).dir, [...args], input);
      times.set(name, [...(times.get(name) ?? []), performance.now() - started]);
      return Promise.resolve();
    },
  };
}

const FLOOR_NODE = 'growth reference: bare node -e 0';
const FLOOR_GIT = 'growth reference: git status --porcelain, same repository';

function floors(): Bench[] {
  return [
    {
      name: FLOOR_NODE,
      runs: RUNS,
      // under the verbs' environment, as the rows it is the floor of (plane-repo.ts)
      fn: () => Promise.resolve(void spawnMeasured(process.execPath, ['-e', '0'], { env: ENV })),
    },
    {
      name: FLOOR_GIT,
      runs: RUNS,
      setup: () => Promise.resolve(getRepo()),
      fn: (state) =>
        Promise.resolve(
          void spawnMeasured('git', ['status', '--porcelain'], {
            cwd: (state as GrowthRepo).dir,
            env: ENV,
          }),
        ),
    },
  ];
}

const label = (verb: string, what: string): string => `${verb}, ${what}`;

function sizeRows(size: number): Bench[] {
  const k = size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`;
  const rows: Bench[] = [];
  const verbs = [
    ['hook stop', STOP],
    ['task claim', CLAIM],
  ] as const;
  // Every verb on the grown ledger first: the checkpoint changes the repository for the rest.
  for (const [verb, args] of verbs)
    rows.push(row(label(verb, `${k} entries`), args, () => growTo(size)));
  for (const [verb, args] of verbs)
    rows.push(
      row(label(verb, `${k} entries, after makeCheckpoint()`), args, () => checkpointed(size)),
    );
  for (const [verb, args] of verbs) rows.push(pairedRow(verb, args, size, k));
  for (const [verb, args] of verbs) {
    const name = label(verb, `${k} + ${SUFFIX} entries after the checkpoint`);
    rows.push({
      ...row(name, args, () => withSuffix(size)),
      teardown: () => {
        const before = median(times.get(label(verb, `${k} entries, after makeCheckpoint()`)) ?? []);
        const after = median(times.get(name) ?? []);
        console.log(
          `growth: ${verb} at ${k}: suffix cost ${(((after - before) / SUFFIX) * 1000).toFixed(1)} µs per new entry (${after.toFixed(0)} − ${before.toFixed(0)} ms over ${SUFFIX} entries)`,
        );
        return Promise.resolve();
      },
    });
  }
  return rows;
}

// A second repository like the grown one, kept at its first entries: the rows after a checkpoint
// alternate between the two in every round, so the ratio the issue sets (within 1.2× of the
// first-entries time) compares processes run under the same machine load.
let reference: GrowthRepo | undefined;

function referenceRepo(): GrowthRepo {
  if (reference === undefined) {
    reference = createGrowthRepo(FILES, GROWTH_BIN);
    const current = reference;
    process.on('exit', () => removeRepo(current));
  }
  return reference;
}

const PAIRED_TARGET = 1.2;

/** `verb` on the checkpointed ledger and on the reference in the same rounds, and their ratio. */
function pairedRow(verb: string, args: readonly string[], size: number, k: string): Bench {
  const hook = args[0] === 'hook';
  const input = hook ? STOP_PAYLOAD : '';
  const name = label(
    verb,
    `${k} after the checkpoint, alternating with the first-entries reference`,
  );
  const grown: number[] = [];
  const first: number[] = [];
  const timed = (dir: string, into: number[]): void => {
    const started = performance.now();
    runCli(GROWTH_BIN, dir, [...args], input);
    into.push(performance.now() - started);
  };
  return {
    name,
    runs: RUNS,
    setup: () => {
      const pair = { grown: checkpointed(size), first: referenceRepo() };
      for (const r of [pair.grown, pair.first]) {
        if (hook) expectAllowed(r.dir);
        else runCli(GROWTH_BIN, r.dir, [...args], input);
      }
      return Promise.resolve(pair);
    },
    fn: (state) => {
      const pair = state as { grown: GrowthRepo; first: GrowthRepo };
      timed(pair.first.dir, first);
      timed(pair.grown.dir, grown);
      return Promise.resolve();
    },
    teardown: () => {
      const ratio = median(grown) / median(first);
      const verdict = ratio <= PAIRED_TARGET ? 'within' : 'OVER';
      note(
        `${verb} at ${k} after the checkpoint: ${median(grown).toFixed(0)} ms against ${median(first).toFixed(0)} ms on the first-entries reference in the same rounds, ${ratio.toFixed(2)}× (${verdict} the ${PAIRED_TARGET}× target)`,
      );
      return Promise.resolve();
    },
  };
}

function growthBenches(): Bench[] {
  return [
    ...floors(),
    row(label('hook stop', 'first entries'), STOP, getRepo),
    row(label('task claim', 'first entries'), CLAIM, getRepo),
    ...SIZES.flatMap(sizeRows),
  ];
}

if (!ENABLED && isAsked('ledger-growth.bench.ts'))
  console.log('ledger-growth.bench.ts: skipped; set PROOFGATE_BENCH_GROWTH=1 to run it');

export const benches: Bench[] = ENABLED ? growthBenches() : [];
