// Every documented policy changes a verdict: CI tiers on release claims, unmapped instructions.
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
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
      'campaign',
      'import-ci',
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

describe('unmapped_instructions', () => {
  function instructionsRepo(policy: 'warn' | 'block'): GateRepo {
    const r = makeGateRepo(
      [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }],
      { files: { 'AGENTS.md': 'Always run the tests.\n' } },
    );
    repos.push(r);
    const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace(
        'unmapped_instructions: warn',
        `unmapped_instructions: ${policy}`,
      ),
    );
    appendFileSync(
      manifest,
      // The digest the file has: a mapped source whose text differs is drift (instruction-drift).
      `instruction_sources:\n  - path: AGENTS.md\n    sha256: ${createHash('sha256').update('Always run the tests.\n').digest('hex')}\n`,
    );
    r.commit('instructions');
    return r;
  }

  it('block refuses every claim naming the file; mapping it lifts the refusal', async () => {
    const r = instructionsRepo('block');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code).toBe(1);
    expect(claim.out).toMatch(/^REFUSED/);
    expect(claim.out).toContain('agent instruction file AGENTS.md is not mapped to any control');
    const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
    appendFileSync(manifest, '    mapped_to: [tests]\n');
    r.commit('map');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
  });

  it('warn grants but prints the warning naming the file', async () => {
    const r = instructionsRepo('warn');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code).toBe(0);
    expect(claim.out).toContain('warning: agent instruction file AGENTS.md is not mapped');
  });
});

describe('traceability gaps', () => {
  function tracedRepo(requiredFrom: string): GateRepo {
    const r = makeGateRepo([
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
    ]);
    repos.push(r);
    const registry = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8')
        .replace('requirements: []', 'requirements: [REQ-1]')
        .replace('required_from_maturity: prototype', `required_from_maturity: ${requiredFrom}`),
    );
    r.commit('requirement without a risk');
    return r;
  }

  it('a gap that blocks at the target refuses project claims, as sync and query blockers say', async () => {
    const r = tracedRepo('prototype');
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const sync = await r.run(['knowledge', 'sync', '--dry-run']);
    expect(sync.code).toBe(1);
    expect(sync.out).toContain('missing_risk REQ-1');
    const claim = await r.run(['claim', '--scope', 'project', '--no-record']);
    expect(claim.code).toBe(1);
    expect(claim.out).toContain('traceability gap missing_risk REQ-1');
    const blockers = await r.run(['status', '--blockers']);
    expect(blockers.out).toContain('traceability gap missing_risk REQ-1');
    // A task claim is about its controls, not the project's traceability.
    expect((await r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
  });
});
