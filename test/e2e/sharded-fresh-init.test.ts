// Sharded evaluation straight after `init`: the base branch holds only the plane (with the ledger
// root init recorded), no result at all. Every runner's segment starts from the root, so the union
// of the shards is placed, verifies and satisfies the claim. Without the root committed, the same
// runners' segments all start from nothing and none can be placed.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../scripts/lib/core/gate/run/shard.ts';
import { runCli } from '../helpers/cli.ts';
import { registryYaml } from '../helpers/gate-repo.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';
import { cloneRepo, collectEvidence, echoControls, runShards } from '../helpers/shard-runners.ts';

const SHARDS = 3;
/** One control per shard, so that every runner writes a segment. */
function controlIds(): string[] {
  const perShard = new Map<number, string>();
  for (let i = 0; perShard.size < SHARDS; i++) {
    if (!perShard.has(shardOf(`check-${i}`, SHARDS)))
      perShard.set(shardOf(`check-${i}`, SHARDS), `check-${i}`);
  }
  return [...perShard.values()].sort();
}
const IDS = controlIds();
const CONTROLS = echoControls(IDS);
const PROFILE = [
  '--development-mode',
  'human_greenfield',
  '--target-maturity',
  'prototype',
  '--distribution-model',
  'open_source',
  '--criticality',
  'low',
  '--data-sensitivity',
  'public',
  '--scope-mode',
  'full_repo',
  '--project-name',
  'fresh',
  '--product-type',
  'library',
  '--no-ai-system',
];

const cleanup: TestRepo[] = [];

/** A repository whose only commit after the code is `init`'s plane, controls filled in. */
function initialised(withRoot: boolean): TestRepo {
  const repo = makeRepo({ 'src/app.js': 'export const x = 1;\n' });
  cleanup.push(repo);
  const init = runCli(['init', ...PROFILE, '--root', repo.dir]);
  expect(init.stderr).toBe('');
  expect(init.stdout).toContain('evidence/ledger/root.jsonl');
  const manifest = '.proofgate/controls/manifest.yaml';
  const current = readFileSync(join(repo.dir, manifest), 'utf8');
  repo.write(
    manifest,
    current.replace(
      /project:\n {6}required_stages:\n(?: {8}- \w+\n)+/,
      'project:\n      required_stages:\n        - self\n',
    ),
  );
  repo.write('.proofgate/controls/registry.yaml', registryYaml(CONTROLS));
  expect(runCli(['init', '--render', '--root', repo.dir]).code).toBe(0);
  if (!withRoot) rmSync(join(repo.dir, '.proofgate/evidence/ledger/root.jsonl'));
  repo.commit('the plane');
  return repo;
}

const clone = (origin: TestRepo, name: string): TestRepo =>
  cloneRepo(origin, `proofgate-fresh-${name}-`, cleanup);

/** Runs every shard in its own clone and copies their evidence into a fresh merge clone. */
function shardAndCollect(origin: TestRepo, name: string): TestRepo {
  const runners = [1, 2, 3].map((k) => clone(origin, `${name}-runner${k}`));
  runShards(runners);
  const merge = clone(origin, `${name}-merge`);
  collectEvidence(merge, runners);
  return merge;
}

let placed: TestRepo;
let unplaced: TestRepo;

beforeAll(() => {
  placed = shardAndCollect(initialised(true), 'root');
  unplaced = shardAndCollect(initialised(false), 'noroot');
}, 180_000);

afterAll(() => {
  for (const r of cleanup.splice(0)) r.remove();
});

describe('sharded run from a fresh init', () => {
  it('places every runner segment after the root: the union verifies and the claim passes', () => {
    const ledger = join(placed.dir, '.proofgate/evidence/ledger');
    expect(readdirSync(ledger).filter((f) => f.endsWith('.jsonl'))).toHaveLength(SHARDS + 1);
    const verify = runCli(['verify', '--full', '--root', placed.dir]);
    expect(verify.stdout.split('\n')[0]).toMatch(/^INTACT/);
    expect(verify.code).toBe(0);
    const base = runCli(['verify', '--base', 'HEAD', '--root', placed.dir]);
    expect(base.code).toBe(0);
    const claim = runCli([
      'claim',
      '--scope',
      'project',
      '--base',
      'HEAD',
      '--shards',
      String(SHARDS),
      '--no-record',
      '--root',
      placed.dir,
    ]);
    expect(claim.stdout.split('\n')[0]).toMatch(/^PASS \[project\] all 3 applicable controls/);
    expect(claim.code).toBe(0);
  });

  it('without the root committed, no runner segment can be placed', () => {
    const verify = runCli(['verify', '--full', '--json', '--root', unplaced.dir]);
    expect(verify.code).toBe(3);
    const report = JSON.parse(verify.stdout) as { findings: { code: string }[] };
    const codes = report.findings.map((f) => f.code);
    expect(codes.filter((c) => c === 'SEGMENT_UNPLACED').length).toBeGreaterThanOrEqual(2);
  });
});
