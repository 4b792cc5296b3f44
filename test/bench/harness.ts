// Benchmark harness: every test/bench/*.bench.ts exports `benches`. Figures are medians over
// `runs`, and each bench may name a baseline measured in the same run to report a ratio. Beside
// the wall time each iteration records CPU time and peak memory: of the child processes it spawned
// through spawnMeasured (child-usage.ts), or else of the bench process itself.
import { reapedChildrenCpuMs, takeChildUsage } from './child-usage.ts';

export interface Bench {
  name: string;
  /** What the target is, e.g. "<= 5 ms median". Reported, never asserted. */
  target?: string;
  /** Numeric target in ms for the median; the runner marks the row "over target" when exceeded. */
  targetMs?: number;
  /** Name of another bench in the same file whose median is the ratio's denominator. */
  baseline?: string;
  /** Further benches of the same file to report a ratio to (e.g. `git status` and `node -e 0`). */
  alsoRatioTo?: string[];
  /**
   * Benches of the same file whose medians, summed, are this row's floor (e.g. `node -e 0` plus
   * `git status`: what any process answering from git pays); the runner reports the ratio to it.
   */
  floor?: string[];
  runs: number;
  /**
   * Benches of the same file with the same key run round by round, one iteration of each in turn
   * (measureGroup), so a floor and the rows compared with it share the machine's state: on a
   * shared machine whose speed drifts within minutes, medians taken minutes apart mislead.
   */
  interleave?: string;
  /** One-time preparation; returns a state passed to `fn` (e.g. a synthetic repository). */
  setup?(): Promise<unknown>;
  /** One timed iteration. */
  fn(state: unknown): Promise<void>;
  teardown?(state: unknown): Promise<void>;
}

export interface BenchRow {
  file: string;
  name: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  target?: string;
  overTarget: boolean;
  ratio?: { baseline: string; value: number };
  /** One ratio per `alsoRatioTo` bench measured before this one. */
  ratios?: { baseline: string; value: number }[];
  /** The summed medians of the `floor` benches, in ms, and this row's ratio to it. */
  floor?: { of: string[]; medianMs: number; ratio: number };
  /** Median user+system CPU per iteration, in ms. */
  cpuMs?: number;
  /** Largest peak RSS seen, in MiB. */
  maxRssMb?: number;
  /** Whose CPU and memory: the spawned children, or the bench process (its peak so far). */
  usageOf?: Measured['usageOf'];
}

export interface Measured {
  times: number[];
  cpuMs: number[];
  maxRssKb: number;
  /**
   * `children`: CPU and peak RSS of the spawned processes (GNU time). `bench process`: CPU of
   * this process plus the children it reaped (git, 10 ms ticks) and this process's peak RSS so far.
   */
  usageOf: 'children' | 'bench process';
}

/**
 * The substrings `npm run bench -- <word>...` was given: a bench runs when its file or its name
 * contains any of them (all run when none is given).
 */
export const benchFilters: readonly string[] = process.argv.slice(2);

export function isAsked(file: string, name = ''): boolean {
  return (
    benchFilters.length === 0 || benchFilters.some((f) => file.includes(f) || name.includes(f))
  );
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const emptyMeasured = (): Measured => ({
  times: [],
  cpuMs: [],
  maxRssKb: 0,
  usageOf: 'children',
});

// One timed iteration of `bench`, added to `result`.
async function iterate(bench: Bench, state: unknown, result: Measured): Promise<void> {
  takeChildUsage();
  const reaped = reapedChildrenCpuMs();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await bench.fn(state);
  result.times.push(performance.now() - start);
  const own = process.cpuUsage(cpu);
  const reapedMs = (reapedChildrenCpuMs() ?? 0) - (reaped ?? 0);
  const children = takeChildUsage();
  if (children === undefined) result.usageOf = 'bench process';
  result.cpuMs.push(children?.cpuMs ?? (own.user + own.system) / 1000 + reapedMs);
  result.maxRssKb = Math.max(result.maxRssKb, children?.maxRssKb ?? process.resourceUsage().maxRSS);
}

/** Measures `benches` round by round: iteration i of each in turn, each up to its own runs. */
export async function measureGroup(benches: readonly Bench[]): Promise<Map<string, Measured>> {
  const states: unknown[] = [];
  const results = new Map<string, Measured>();
  try {
    for (const bench of benches) {
      states.push(bench.setup ? await bench.setup() : undefined);
      results.set(bench.name, emptyMeasured());
    }
    const rounds = Math.max(0, ...benches.map((b) => b.runs));
    for (let i = 0; i < rounds; i++) {
      for (const [at, bench] of benches.entries()) {
        if (i < bench.runs) await iterate(bench, states[at], results.get(bench.name)!);
      }
    }
  } finally {
    for (const [at, bench] of benches.entries()) {
      if (at < states.length && bench.teardown) await bench.teardown(states[at]);
    }
  }
  return results;
}
