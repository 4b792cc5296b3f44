// Evaluation spread over CI runners: three clones of one commit each run one shard with the real
// CLI (the bundle), a merge job collects their ledger segments and evidence objects the way CI
// artifacts arrive (plain files copied into one checkout, or commits merged with git), verifies
// the union and claims over it. A shard that never arrives refuses the claim by name.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../scripts/lib/core/gate/run/shard.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo } from '../helpers/gate-repo.ts';
import { type TestRepo } from '../helpers/git-repo.ts';
import { cloneRepo, collectEvidence, echoControls, runShards } from '../helpers/shard-runners.ts';

const SHARDS = 3;

/** Control ids chosen so that every one of the three shards gets exactly two controls. */
function controlIds(): string[] {
  const perShard = new Map<number, string[]>();
  for (let i = 0; [...perShard.values()].flat().length < 2 * SHARDS; i++) {
    const id = `check-${i}`;
    const list = perShard.get(shardOf(id, SHARDS)) ?? [];
    if (list.length < 2) perShard.set(shardOf(id, SHARDS), [...list, id]);
  }
  return [...perShard.values()].flat().sort();
}

const IDS = controlIds();
const CONTROLS = echoControls(IDS);
const idsOfShard = (k: number): string[] => IDS.filter((id) => shardOf(id, SHARDS) === k);

const cleanup: TestRepo[] = [];
let origin: TestRepo;
let runners: TestRepo[];

const clone = (name: string): TestRepo => cloneRepo(origin, `proofgate-shard-${name}-`, cleanup);

const ledgerOf = (r: TestRepo): string => join(r.dir, '.proofgate', 'evidence', 'ledger');
const segments = (r: TestRepo): string[] =>
  readdirSync(ledgerOf(r)).filter((f) => f.endsWith('.jsonl'));

interface ClaimJson {
  granted: boolean;
  verdict: string;
  blockers: { control: string; reason: string; next?: string }[];
  statuses: { control: string; status: string }[];
}

beforeAll(() => {
  const gate = makeGateRepo(CONTROLS);
  origin = gate;
  cleanup.push(gate);
  // The project claim of this plane needs only the self stage: the runners' own results.
  const manifest = join('.proofgate', 'controls', 'manifest.yaml');
  const text = gate.git('show', `HEAD:${manifest}`);
  gate.write(
    manifest,
    text.replace(
      /project: \{ required_stages: \[[^\]]*\] \}/,
      'project: { required_stages: [self] }',
    ),
  );
  gate.commit('project claims need self only');
  // The default branch already has a ledger: a segment that starts from nothing is placed only as
  // the ledger's first, so the runners' segments must start from a committed one. A code change
  // then makes that first evidence STALE, so every current result below comes from a shard.
  expect(runCli(['evaluate', '--run', '--root', gate.dir]).code).toBe(0);
  gate.commit('first evidence, unsharded');
  gate.write('src/app.js', 'export const x = 2;\n');
  gate.commit('a code change');
  runners = [1, 2, 3].map((k) => clone(`runner${k}`));
  runShards(runners);
}, 120_000);

afterAll(() => {
  for (const r of cleanup.splice(0)) r.remove();
});

describe('three runners, one shard each', () => {
  it('each runner ran exactly its own slice, and every control ran on exactly one runner', () => {
    const ran = runners.map((runner) => {
      const status = runCli(['status', '--json', '--root', runner.dir]);
      const parsed = JSON.parse(status.stdout) as {
        statuses: { control: string; status: string }[];
      };
      return parsed.statuses.filter((s) => s.status === 'PASS').map((s) => s.control);
    });
    expect(ran).toEqual([idsOfShard(1), idsOfShard(2), idsOfShard(3)]);
  });

  it('says which slice it took', () => {
    const runner = runners[1]!;
    const dry = runCli(['evaluate', '--dry-run', '--shard', `2/${SHARDS}`, '--root', runner.dir]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`shard 2/${SHARDS}: 2 of the ${IDS.length} selected controls`);
    for (const id of idsOfShard(2)) expect(dry.stdout).toContain(id);
    for (const id of [...idsOfShard(1), ...idsOfShard(3)]) expect(dry.stdout).not.toContain(id);
  });

  it('three clones of one commit write three distinct ledger segments', () => {
    const first = new Set(segments(origin));
    const names = runners.map((runner) => segments(runner).filter((n) => !first.has(n)));
    for (const list of names) expect(list).toHaveLength(1);
    expect(new Set(names.flat()).size).toBe(SHARDS);
  });
});

/** A project claim over all shards, recording nothing, on the merged checkout at `root`. */
const shardedClaim = (root: string, ...flags: string[]) =>
  runCli([
    'claim',
    '--scope',
    'project',
    '--shards',
    String(SHARDS),
    '--no-record',
    ...flags,
    '--root',
    root,
  ]);

describe('the merge job', () => {
  it('collects every shard as artifacts: the union verifies and the claim sees every result', () => {
    const merge = clone('merge');
    collectEvidence(merge, runners);
    expect(segments(merge)).toHaveLength(SHARDS + segments(origin).length);
    const verify = runCli(['verify', '--full', '--root', merge.dir]);
    expect(verify.stdout.split('\n')[0]).toMatch(/^INTACT/);
    expect(verify.code).toBe(0);
    const claim = shardedClaim(merge.dir, '--json');
    const result = JSON.parse(claim.stdout) as ClaimJson;
    expect(result.verdict).toMatch(/^PASS \[project\] all 6 applicable controls/);
    expect(result.statuses.map((s) => [s.control, s.status])).toEqual(
      IDS.map((id) => [id, 'PASS']),
    );
    expect(claim.code).toBe(0);
    // As the shipped workflow does it: the union is also an append-only extension of the base.
    const base = shardedClaim(merge.dir, '--base', 'HEAD');
    expect(base.stdout.split('\n')[0]).toMatch(/^PASS \[project\]/);
    expect(base.code).toBe(0);
  });

  it('merges the shards as commits without conflicts', () => {
    const merge = clone('merge-commits');
    for (const [i, runner] of runners.entries()) {
      runner.git('checkout', '-q', '-b', `shard-${i + 1}`);
      runner.git('add', '.proofgate/evidence');
      runner.git('commit', '-q', '-m', `shard ${i + 1} evidence`);
      merge.git('fetch', '-q', runner.dir, `shard-${i + 1}`);
      merge.git('merge', '-q', '--no-edit', 'FETCH_HEAD');
    }
    expect(merge.git('status', '--porcelain')).toBe('');
    expect(runCli(['verify', '--full', '--root', merge.dir]).code).toBe(0);
    const claim = shardedClaim(merge.dir);
    expect(claim.stdout.split('\n')[0]).toMatch(/^PASS \[project\]/);
    expect(claim.code).toBe(0);
  });

  it('a missing shard refuses the claim naming the shard and its controls', () => {
    const merge = clone('merge-missing');
    collectEvidence(merge, [runners[0]!, runners[2]!]);
    expect(runCli(['verify', '--full', '--root', merge.dir]).code).toBe(0);
    const claim = shardedClaim(merge.dir);
    expect(claim.code).toBe(1);
    const [verdict] = claim.stdout.split('\n');
    expect(verdict).toBe('REFUSED [project] missing shard 2/3: no current result from that runner');
    expect(claim.stdout).toContain(
      `shard 2/3 [self]: missing: none of its 2 controls (${idsOfShard(2).join(', ')})`,
    );
    expect(claim.stdout).toContain('next: proofgate evaluate --run --shard 2/3');
    expect(claim.stdout).not.toMatch(/shard [13]\/3 \[self\]/);
  });

  it('without --shards the same merge is still refused, by control', () => {
    const merge = clone('merge-unsharded');
    collectEvidence(merge, [runners[0]!]);
    const claim = runCli(['claim', '--scope', 'project', '--no-record', '--root', merge.dir]);
    expect(claim.code).toBe(1);
    expect(claim.stdout.split('\n')[0]).toMatch(/^REFUSED \[project\] 4 of 6 controls block/);
  });

  it('refuses a shard claim and malformed shard specs with exit 2', () => {
    const runner = runners[0]!;
    const bad = [
      ['evaluate', '--claim', '--shard', '1/3'],
      ['evaluate', '--run', '--shard', '4/3'],
      ['evaluate', '--run', '--shard', '0/3'],
      ['evaluate', '--run', '--shard', '1/0'],
      ['evaluate', '--run', '--shard', 'one/3'],
      ['evaluate', '--run', '--shard', '01/3'],
      ['claim', '--scope', 'project', '--shards', '0'],
      ['claim', '--scope', 'project', '--shards', '-3'],
    ];
    for (const args of bad) {
      const r = runCli([...args, '--root', runner.dir]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^error \[BAD_(VALUE|FLAG)\]/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(segments(runner)).toHaveLength(1 + segments(origin).length);
  });
});
