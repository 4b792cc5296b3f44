// Splitting the controls of one evaluation over several CI runners. A control belongs to shard
// `1 + (first 32 bits of sha256(control id)) mod n`: the same control lands on the same shard on
// every runner, whatever the registry order or the other controls, so each runner can pick its
// slice alone and the merge job can tell which slice a missing result belonged to.
import { UsageError } from '../../errors.ts';
import { sha256Hex } from '../../hash.ts';
import type { Control } from '../../plane/types.ts';
import type { ControlStatus } from '../status/compute-status.ts';
import type { ClaimBlocker, ClaimDecision } from '../claim/decide-claim.ts';
import { nextCommand } from '../../next/next-table.ts';

/** The largest shard count accepted: more runners than this is a typo, not a plan. */
export const MAX_SHARDS = 256;

export interface ShardSpec {
  /** 1-based: shard 1 of n is the first. */
  index: number;
  count: number;
}

function badShards(flag: string, value: string, expected: string): UsageError {
  return new UsageError('BAD_VALUE', `${flag} ${value} is not a valid shard`, {
    where: flag,
    expected,
    next: `e.g. ${flag === '--shard' ? '--shard 2/3 (the second of three runners)' : '--shards 3'}`,
  });
}

function parseCount(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,3}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_SHARDS ? n : undefined;
}

/** `--shard i/n`: 1 ≤ i ≤ n ≤ MAX_SHARDS, whole numbers without signs or padding. */
export function parseShard(value: string): ShardSpec {
  const expected = `i/n with whole numbers 1 <= i <= n <= ${MAX_SHARDS}`;
  const match = /^([^/]+)\/([^/]+)$/.exec(value.trim());
  const index = match === null ? undefined : parseCount(match[1]!);
  const count = match === null ? undefined : parseCount(match[2]!);
  if (index === undefined || count === undefined || index > count) {
    throw badShards('--shard', value, expected);
  }
  return { index, count };
}

/** `--shards n` of the merge job's claim: 1 ≤ n ≤ MAX_SHARDS. */
export function parseShardCount(value: string): number {
  const count = parseCount(value.trim());
  if (count === undefined) {
    throw badShards('--shards', value, `a whole number 1 <= n <= ${MAX_SHARDS}`);
  }
  return count;
}

/** The 1-based shard of `controlId` among `count` shards; stable across runners and registries. */
export function shardOf(controlId: string, count: number): number {
  const head = Number.parseInt(sha256Hex(`proofgate-shard:${controlId}`).slice(0, 8), 16);
  return (head % count) + 1;
}

/** The controls of one shard, in the order given. */
export function selectShard<T extends Pick<Control, 'id'>>(
  controls: readonly T[],
  spec: ShardSpec,
): T[] {
  return controls.filter((c) => shardOf(c.id, spec.count) === spec.index);
}

/** A shard none of whose runnable controls has a current result: its runner's segment is absent. */
export interface MissingShard {
  shard: number;
  count: number;
  controls: string[];
}

/** Statuses that mean "no result for the current code", as opposed to a result that failed. */
const NO_CURRENT_RESULT = new Set(['TODO', 'STALE']);

/**
 * Shards of a `count`-way evaluation that left no current self result at all. `runnable` are the
 * controls a runner would execute (not attest-only, not slots, applicable); a shard with none of
 * them expects nothing and is never missing.
 */
export function findMissingShards(
  runnable: readonly Pick<Control, 'id'>[],
  statuses: readonly ControlStatus[],
  count: number,
): MissingShard[] {
  const byControl = new Map(statuses.map((s) => [s.control, s]));
  const missing: MissingShard[] = [];
  for (let shard = 1; shard <= count; shard++) {
    const ids = runnable.filter((c) => shardOf(c.id, count) === shard).map((c) => c.id);
    if (ids.length === 0) continue;
    const anyResult = ids.some((id) => {
      const self = byControl.get(id)?.stages.self;
      return self !== undefined && !NO_CURRENT_RESULT.has(self.status);
    });
    if (!anyResult) missing.push({ shard, count, controls: ids });
  }
  return missing;
}

/** The claim refused with one line per missing shard, each naming the shard and its controls. */
export function refuseMissingShards(
  decision: ClaimDecision,
  missing: readonly MissingShard[],
): ClaimDecision {
  if (missing.length === 0) return decision;
  const { body: _body, ...refused } = decision;
  const label = missing.map((m) => `${m.shard}/${m.count}`).join(', ');
  const shardBlockers: ClaimBlocker[] = missing.map((m) => ({
    control: `shard ${m.shard}/${m.count}`,
    stage: 'self',
    status: 'TODO',
    reason: `missing: none of its ${m.controls.length} controls (${m.controls.join(', ')}) has a current result; collect that runner's ledger segment and evidence, or run the shard again`,
    next: nextCommand('evaluateShard', { shard: `${m.shard}/${m.count}` }),
  }));
  return {
    ...refused,
    granted: false,
    verdict: `REFUSED [${decision.scope}] missing shard${missing.length > 1 ? 's' : ''} ${label}: no current result from ${missing.length > 1 ? 'those runners' : 'that runner'}`,
    blockers: [...shardBlockers, ...decision.blockers],
  };
}
