// Every documented policy changes a verdict: CI tiers on release claims.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const WORKFLOW = `name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n`;
const JUNIT = `<testsuite name="s" tests="1" failures="0" errors="0"><testcase name="t"/></testsuite>\n`;

function ciRepo(tiers: string): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }],
    { files: { '.github/workflows/ci.yml': WORKFLOW, '.github/workflows/nightly.yml': WORKFLOW } },
  );
  repos.push(r);
  appendFileSync(join(r.dir, '.proofgate', 'controls', 'manifest.yaml'), `ci_tiers:\n${tiers}`);
  r.commit('tiers');
  return r;
}

async function releaseBlockers(r: GateRepo): Promise<string[]> {
  const claim = await r.run(['claim', '--scope', 'release', '--no-record', '--json']);
  expect(claim.code).toBe(1);
  return (JSON.parse(claim.out) as { blockers: { control: string }[] }).blockers.map(
    (b) => b.control,
  );
}

describe('CI tiers', () => {
  it('release_required refuses a release claim until an imported PASS on this commit', async () => {
    const r = ciRepo('  ci: release_required\n  nightly: observe\n');
    const before = await releaseBlockers(r);
    expect(before).toContain('ci:ci');
    // observe never blocks and never satisfies.
    expect(before).not.toContain('ci:nightly');
    const junit = join(r.dir, '..', `${r.dir.split('/').pop()}-junit.xml`);
    writeFileSync(junit, JUNIT);
    const commit = r.git('rev-parse', 'HEAD').trim();
    const imported = await r.run([
      'ci-import',
      '--workflow',
      'ci',
      '--commit',
      commit,
      '--junit',
      junit,
      '--authority-id',
      'virtual:developer',
    ]);
    expect(imported.code).toBe(0);
    expect(await releaseBlockers(r)).not.toContain('ci:ci');
    // A project claim never needs remote CI.
    const project = await r.run(['claim', '--scope', 'project', '--no-record', '--json']);
    expect(JSON.stringify(JSON.parse(project.out).blockers)).not.toContain('ci:ci');
  });
});
