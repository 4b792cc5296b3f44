import { describe, expect, it } from 'vitest';
import type { AuditStage } from '../../../scripts/lib/core/ledger/types.ts';
import type { ControlStatus } from '../../../scripts/lib/core/gate/status/compute-status.ts';
import type { ClaimDecision } from '../../../scripts/lib/core/gate/claim/decide-claim.ts';
import {
  findMissingShards,
  parseShard,
  parseShardCount,
  refuseMissingShards,
  selectShard,
  shardOf,
} from '../../../scripts/lib/core/gate/run/shard.ts';

const ids = Array.from({ length: 40 }, (_, i) => ({ id: `control-${i}` }));

function status(control: string, self: ControlStatus['status']): ControlStatus {
  const stage = (name: AuditStage, s: ControlStatus['status']) => ({
    stage: name,
    status: s,
    reason: '',
    flaky: false,
  });
  return {
    control,
    title: control,
    owner: 'o',
    execution: 'command',
    status: self,
    reason: '',
    flaky: false,
    stages: {
      self: stage('self', self),
      cross: stage('cross', 'TODO'),
      release_authority: stage('release_authority', 'TODO'),
      third_party: stage('third_party', 'TODO'),
    },
  };
}

describe('parseShard and parseShardCount', () => {
  it('accept i/n with 1 <= i <= n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShardCount('3')).toBe(3);
  });

  it.each([
    '0/3',
    '4/3',
    '1/0',
    '-1/3',
    '1/-3',
    '01/3',
    '1.5/3',
    'a/b',
    '1/3/3',
    '2',
    '',
    '1/257',
    '1 /3',
  ])('refuses %j with a usage error (exit 2)', (value) => {
    expect(() => parseShard(value)).toThrow(
      expect.objectContaining({ exitCode: 2, where: '--shard' }),
    );
  });

  it.each(['0', '-1', '1.0', 'x', '257', ''])('refuses --shards %j', (value) => {
    expect(() => parseShardCount(value)).toThrow(expect.objectContaining({ exitCode: 2 }));
  });
});

describe('shardOf', () => {
  it('is pinned: runners on other versions or registries agree on every slice', () => {
    expect(['tests', 'lint', 'a', 'check-0'].map((id) => shardOf(id, 3))).toEqual(PINNED_3);
    expect(['tests', 'lint', 'a', 'check-0'].map((id) => shardOf(id, 7))).toEqual(PINNED_7);
  });

  it('partitions: every control in exactly one shard, independent of order and of the others', () => {
    for (const count of [1, 2, 3, 5, 8]) {
      const slices = Array.from({ length: count }, (_, i) =>
        selectShard(ids, { index: i + 1, count }),
      );
      expect(
        slices
          .flat()
          .map((c) => c.id)
          .sort(),
      ).toEqual(ids.map((c) => c.id).sort());
      const reversed = Array.from({ length: count }, (_, i) =>
        selectShard([...ids].reverse(), { index: i + 1, count })
          .map((c) => c.id)
          .sort(),
      );
      expect(reversed).toEqual(slices.map((s) => s.map((c) => c.id).sort()));
      const fewer = selectShard(ids.slice(0, 10), { index: 1, count });
      expect(fewer.every((c) => slices[0]!.includes(c))).toBe(true);
    }
  });

  it('spreads 40 controls over 3 shards (none empty)', () => {
    for (let k = 1; k <= 3; k++)
      expect(selectShard(ids, { index: k, count: 3 }).length).toBeGreaterThan(5);
  });
});

describe('findMissingShards', () => {
  const controls = ids.slice(0, 12);
  const shard2 = controls.filter((c) => shardOf(c.id, 3) === 2).map((c) => c.id);

  it('names a shard none of whose controls has a current result; STALE counts as none', () => {
    const statuses = controls.map((c) =>
      status(c.id, shard2.includes(c.id) ? (c.id === shard2[0] ? 'STALE' : 'TODO') : 'PASS'),
    );
    expect(findMissingShards(controls, statuses, 3)).toEqual([
      { shard: 2, count: 3, controls: shard2 },
    ]);
  });

  it('a shard with any current result, even a FAIL, is present (its controls block by name)', () => {
    for (const result of ['FAIL', 'BLOCKED', 'PASS'] as const) {
      const statuses = controls.map((c) =>
        status(c.id, c.id === shard2[0] ? result : shard2.includes(c.id) ? 'TODO' : 'PASS'),
      );
      expect(findMissingShards(controls, statuses, 3)).toEqual([]);
    }
  });

  it('a shard with no runnable control expects nothing', () => {
    const one = [{ id: 'tests' }];
    expect(findMissingShards(one, [status('tests', 'PASS')], 8)).toEqual([]);
    expect(findMissingShards(one, [status('tests', 'TODO')], 8)).toEqual([
      { shard: shardOf('tests', 8), count: 8, controls: ['tests'] },
    ]);
  });
});

describe('refuseMissingShards', () => {
  const granted: ClaimDecision = {
    granted: true,
    verdict: 'PASS [project] all',
    scope: 'project',
    target: 'prototype',
    stages: ['self'],
    blockers: [],
    body: {
      scope: 'project',
      outcome: 'PASS',
      controls: [],
      maturity: 'prototype',
      stages: {},
      supporting: [],
    },
  };

  it('leaves a decision alone when nothing is missing', () => {
    expect(refuseMissingShards(granted, [])).toBe(granted);
  });

  it('turns even a granted decision into a refusal without a claim body, naming each shard', () => {
    const refused = refuseMissingShards(granted, [
      { shard: 1, count: 4, controls: ['a'] },
      { shard: 3, count: 4, controls: ['b', 'c'] },
    ]);
    expect(refused.granted).toBe(false);
    expect(refused.body).toBeUndefined();
    expect(refused.verdict).toBe(
      'REFUSED [project] missing shards 1/4, 3/4: no current result from those runners',
    );
    expect(refused.blockers.map((b) => b.control)).toEqual(['shard 1/4', 'shard 3/4']);
    expect(refused.blockers[1]!.reason).toContain('(b, c)');
    expect(refused.blockers[1]!.next).toContain('--shard 3/4');
  });
});

/** sha256("proofgate-shard:" + id), first 32 bits, mod n, plus one: computed once and pinned. */
const PINNED_3 = [3, 1, 3, 1];
const PINNED_7 = [7, 3, 5, 1];
