// CPU time and peak memory of the child processes a bench spawns. The machine the benches run on
// is often shared, so wall medians alone mislead: each child runs under GNU time (/usr/bin/time,
// when present), which reports the child's user+system CPU and its maximum resident set size.
// Without it the rows carry wall times only.
import { spawnSync } from 'node:child_process';
import type { SpawnSyncOptions, SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);
const report = join(tmpdir(), `proofgate-bench-time-${process.pid}.txt`);
process.on('exit', () => rmSync(report, { force: true }));

export interface Usage {
  /** User plus system CPU in ms. */
  cpuMs: number;
  /** Peak resident set size in KiB. */
  maxRssKb: number;
}

let pending: Usage | undefined;

/** spawnSync, recording the child's CPU time and peak RSS for the bench iteration running now. */
export function spawnMeasured(
  command: string,
  args: readonly string[],
  options: SpawnSyncOptions = {},
): SpawnSyncReturns<Buffer> {
  if (!hasTime) return spawnSync(command, args, options) as SpawnSyncReturns<Buffer>;
  rmSync(report, { force: true });
  const result = spawnSync(
    TIME,
    ['-f', '%U %S %M', '-o', report, command, ...args],
    options,
  ) as SpawnSyncReturns<Buffer>;
  const line = existsSync(report) ? readFileSync(report, 'utf8').trim().split('\n').at(-1) : '';
  const [user = NaN, system = NaN, rss = NaN] = (line ?? '').split(' ').map(Number);
  if (Number.isFinite(user) && Number.isFinite(system) && Number.isFinite(rss)) {
    const usage = { cpuMs: (user + system) * 1000, maxRssKb: rss };
    pending =
      pending === undefined
        ? usage
        : {
            cpuMs: pending.cpuMs + usage.cpuMs,
            maxRssKb: Math.max(pending.maxRssKb, usage.maxRssKb),
          };
  }
  return result;
}

const TICKS_PER_SECOND = 100;

/**
 * CPU ms of every child this process has waited for so far (Linux /proc/self/stat, fields
 * cutime and cstime, in clock ticks of 10 ms), or undefined elsewhere. Covers the git processes
 * an in-process bench spawns, which process.cpuUsage() does not see.
 */
export function reapedChildrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** The children's usage since the last call (CPU summed, RSS the largest), if any was measured. */
export function takeChildUsage(): Usage | undefined {
  const usage = pending;
  pending = undefined;
  return usage;
}
