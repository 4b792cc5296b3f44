// Trajectory gate benchmarks. Throughput: the refund pack over a 200k-event events JSONL, in
// process (target >= 200k events/s, i.e. <= 1000 ms), and over 1M events against the floor of
// reading the same file with one JSON.parse per line, measured in the same run (target: <= 2x
// its CPU). Memory: peak RSS of a child process checking traces of growing size (target < 300 MB
// at 1 GB; TRACE_BENCH_MAX_MB lowers the largest size).
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTraceFile } from '../../scripts/lib/flows/trace/trace-check-flow.ts';
import { loadPack } from '../../scripts/lib/io/trace/load-pack.ts';
import type { Bench } from './harness.ts';
import { writeRefundTrace } from './trace-workload.ts';
import { TRACE_PART } from '../../scripts/lib/cli/world/trace-part.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const PACK = join(here, '..', '..', 'controls', 'catalog', 'traces', 'refund.yaml');
const EVENTS = 200_000;
const BYTES_PER_CONVERSATION = 1024;

interface State {
  dir: string;
  path: string;
  times: number[];
  cpuTimes: number[];
}

async function setupThroughput(): Promise<State> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-trace-bench-'));
  const path = join(dir, 'trace.jsonl');
  writeRefundTrace(path, EVENTS / 10);
  return Promise.resolve({ dir, path, times: [], cpuTimes: [] });
}

const pack = loadPack(PACK, 'refund.yaml');

function measureRss(sizesMb: number[]): void {
  const dir = mkdtempSync(join(tmpdir(), 'pg-trace-rss-'));
  try {
    for (const mb of sizesMb) {
      const path = join(dir, `trace-${mb}.jsonl`);
      const written = writeRefundTrace(
        path,
        Math.ceil((mb * 1024 * 1024) / BYTES_PER_CONVERSATION),
      );
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(here, 'trace-rss.ts'), PACK, path],
        { encoding: 'utf8' },
      );
      const row = JSON.parse(child.stdout.trim() || '{}') as {
        events: number;
        ms: number;
        cpuMs: number;
        maxRssMb: number;
      };
      console.log(
        `  trace size ${Math.round(written.bytes / 1048576)} MB: ${row.events} events, peak RSS ${row.maxRssMb} MB, ` +
          `${Math.round(row.events / (row.ms / 1000))} events/s wall, ${Math.round(row.events / (row.cpuMs / 1000))} events/s CPU`,
      );
      rmSync(path);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  }
}

const FS_PACK = join(here, '..', '..', 'controls', 'catalog', 'traces', 'fs-safety.yaml');

/** One shell call whose command is ~300 KB of text that backtracking engines choke on. */
function setupLongCommand(): Promise<State> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-trace-cmd-'));
  const path = join(dir, 'long-command.jsonl');
  const command = `rm -${'r'.repeat(170_000)} ${'git push '.repeat(10_000)}${' -'.repeat(20_000)}x`;
  const lines = [
    { type: 'tool.call', seq: 1, callId: 'c1', name: 'Bash', args: { command } },
    { type: 'tool.result', seq: 2, callId: 'c1', ok: true, data: '' },
    { type: 'assistant.message', seq: 3, content: `I deleted ${'x'.repeat(300_000)}` },
  ];
  writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return Promise.resolve({ dir, path, times: [], cpuTimes: [] });
}

const fsPack = loadPack(FS_PACK, 'fs-safety.yaml');

const MILLION = 1_000_000;
let millionDir: string | undefined;
/** The 1M-event trace both the floor and the check read (written once per run). */
function millionTrace(): string {
  millionDir ??= mkdtempSync(join(tmpdir(), 'pg-trace-1m-'));
  const path = join(millionDir, 'trace.jsonl');
  if (!existsSync(path)) writeRefundTrace(path, MILLION / 10);
  return path;
}
const cpuMedian = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/** CPU ms per iteration of the floor, for the check's ratio. */
const floorCpu: number[] = [];

/** One iteration's CPU time (user + system, this process) around `run`. */
async function cpuOf(run: () => Promise<void>): Promise<number> {
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}

const FLOOR = 'JSON.parse per line, 1M events (floor)';

export const benches: Bench[] = [
  {
    name: FLOOR,
    target: 'the floor: stream the file, JSON.parse every line',
    runs: 3,
    setup: () => Promise.resolve(millionTrace()),
    async fn(state) {
      let lines = 0;
      floorCpu.push(
        await cpuOf(async () => {
          const input = createReadStream(state as string, { highWaterMark: 1 << 20 });
          for await (const line of createInterface({ input, crlfDelay: Infinity })) {
            if (line === '') continue;
            JSON.parse(line);
            lines++;
          }
        }),
      );
      if (lines !== MILLION) throw new Error(`floor read ${lines} lines`);
    },
  },
  {
    name: 'trace check refund pack, 1M events',
    target: '<= 2x the CPU of the JSON.parse floor',
    baseline: FLOOR,
    runs: 3,
    setup: () => Promise.resolve({ path: millionTrace(), cpu: [] as number[] }),
    async fn(state) {
      const s = state as { path: string; cpu: number[] };
      let events: number | undefined;
      s.cpu.push(
        await cpuOf(async () => {
          const item = await checkTraceFile(
            pack,
            { path: s.path, shownAs: 'bench' },
            'events',
            TRACE_PART.trace,
          );
          events = item.verdict?.coverage.events;
        }),
      );
      if (events !== MILLION) throw new Error('the 1M-event trace was not fully read');
    },
    teardown(state) {
      const s = state as { cpu: number[] };
      const check = cpuMedian(s.cpu);
      const floor = cpuMedian(floorCpu);
      console.log(
        `  1M events: check ${Math.round(check)} ms CPU, floor ${Math.round(floor)} ms CPU, ` +
          `ratio ${(check / floor).toFixed(2)}x (target <= 2x)`,
      );
      if (millionDir !== undefined) rmSync(millionDir, { recursive: true, force: true });
      millionDir = undefined;
      return Promise.resolve();
    },
  },
  {
    name: 'fs-safety pack on a 300 KB shell command',
    target: '<= 2000 ms (was 5.5 s at 60 KB, > 60 s at 300 KB)',
    targetMs: 2000,
    runs: 5,
    setup: setupLongCommand,
    async fn(state) {
      const s = state as State;
      const item = await checkTraceFile(
        fsPack,
        { path: s.path, shownAs: 'bench' },
        'events',
        TRACE_PART.trace,
      );
      if (item.verdict?.coverage.events !== 3) throw new Error('long-command trace was not read');
    },
    teardown(state) {
      rmSync((state as State).dir, { recursive: true, force: true, maxRetries: 10 });
      return Promise.resolve();
    },
  },
  {
    name: 'trace check refund pack, 200k events',
    target: '>= 200k events/s (<= 1000 ms)',
    targetMs: 1000,
    runs: 5,
    setup: setupThroughput,
    async fn(state) {
      const s = state as State;
      const start = performance.now();
      const cpu = process.cpuUsage();
      const item = await checkTraceFile(
        pack,
        { path: s.path, shownAs: 'bench' },
        'events',
        TRACE_PART.trace,
      );
      s.times.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      s.cpuTimes.push((used.user + used.system) / 1000);
      if (item.verdict?.coverage.events !== EVENTS)
        throw new Error('benchmark trace was not fully read');
    },
    teardown(state) {
      const s = state as State;
      const sorted = [...s.times].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
      const cpu = [...s.cpuTimes].sort((a, b) => a - b)[Math.floor(s.cpuTimes.length / 2)] ?? 0;
      console.log(
        `  throughput: ${Math.round(EVENTS / (median / 1000))} events/s wall, ` +
          `${Math.round(EVENTS / (cpu / 1000))} events/s of CPU time (medians of ${sorted.length})`,
      );
      rmSync(s.dir, { recursive: true, force: true, maxRetries: 10 });
      return Promise.resolve();
    },
  },
  {
    name: 'trace check peak RSS as the trace grows',
    target: '< 300 MB RSS at 1 GB, flat in size',
    runs: 1,
    fn() {
      const max = Number(process.env['TRACE_BENCH_MAX_MB'] ?? 1024);
      measureRss([64, 256, 1024].filter((mb) => mb <= max));
      return Promise.resolve();
    },
  },
];
