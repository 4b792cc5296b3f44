// First-contact problems newcomers met on real repositories: a status line whose verdict and
// blocker count disagree, `query entry latest` answering the root note, ci-import refusing HEAD.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runInProcess } from '../helpers/cli.ts';
import { makeRepo, makeTempDir } from '../helpers/git-repo.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import { ROOT_SEGMENT, rootBody } from '../../scripts/lib/core/ledger/ledger-root.ts';
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { computeSubject } from '../../scripts/lib/io/subject/subject.ts';
import { makeGateRepo, nodeArgv, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';

const PASS: GateControl = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }`,
};

const repos: GateRepo[] = [];
function repo(): GateRepo {
  const r = makeGateRepo([PASS]);
  repos.push(r);
  return r;
}
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

describe('status: the verdict and the blocker count agree', () => {
  it('a refused claim with no control blocking it never says "0 blockers"', async () => {
    const r = repo();
    const registry = join(r.dir, '.proofgate', 'controls', 'registry.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace(
        '{ value: true }',
        "{ value: false, owner: 'virtual:developer', rationale: 'no tests yet' }",
      ),
    );
    r.commit('not applicable');
    const status = await r.run(['status', '--control', 'tests']);
    const lines = status.out.split('\n');
    expect(lines[0]).toMatch(/^READY .* but a task claim now is refused/);
    expect(status.out).not.toMatch(/\b0 blockers\b/);
    expect(lines[1]).toContain('if claimed now: REFUSED [task] no applicable control');
  });
});

describe('query entry latest', () => {
  it('is the newest entry, not the ledger root that sorts last', async () => {
    const r = repo();
    // The root init records, alone in its own segment (root.jsonl sorts after every writer's).
    const plane = loadPlane(r.dir);
    await appendEntry(
      plane,
      {
        kind: 'note',
        time: new Date(Date.now() - 60_000).toISOString(),
        actor: { label: 'proofgate init', authority: 'virtual:developer', context: 'local:test' },
        subject: await computeSubject(plane),
        body: rootBody(plane.manifest.ledger_id),
      },
      { manifest: plane.manifest, segmentBase: ROOT_SEGMENT },
    );
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const run = JSON.parse((await r.run(['query', 'run', 'latest', '--json'])).out) as {
      items: { hash: string }[];
    };
    const latest = await r.run(['query', 'entry', 'latest', '--json']);
    expect(latest.code).toBe(0);
    const doc = JSON.parse(latest.out) as { items: { hash?: string; kind?: string }[] };
    expect(doc.items[0]!.hash).toBe(run.items[0]!.hash);
    expect(latest.out).not.toContain('ledger-root');
  });
});

describe('ci-import --commit', () => {
  it('accepts any commit-ish git resolves and records the full commit id', async () => {
    const made = makeRepo({
      '.proofgate/controls/manifest.yaml': `${manifestYaml()}ci_tiers: { ci: observe }\n`,
      '.proofgate/controls/registry.yaml': 'version: 1\ncontrols: []\n',
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  test:\n    runs-on: x\n    steps:\n      - run: npm test\n',
      'junit.xml': '<testsuite><testcase name="a"/></testsuite>',
    });
    repos.push({ ...made, run: () => Promise.reject(new Error('unused')) });
    made.git('tag', 'v1');
    const full = made.git('rev-parse', 'HEAD').trim();
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
    const args = ['campaign', 'import-ci', '--workflow', 'ci', '--root', made.dir];
    const act = ['--authority-id', 'virtual:developer', '--execution-context', 'local:e2e'];
    const junit = ['--junit', join(made.dir, 'junit.xml')];
    for (const ref of ['HEAD', 'v1', 'main', full.slice(0, 7)]) {
      const imported = await runInProcess(
        [...args, '--commit', ref, ...junit, ...act, '--json'],
        env,
      );
      expect(imported.code, imported.stderr).toBe(0);
      expect((JSON.parse(imported.stdout) as { commit: string }).commit).toBe(full);
    }
    // Blocked without a file: the fetch command names the resolved commit, never "HEAD".
    const blocked = await runInProcess([...args, '--commit', 'HEAD'], env);
    expect(blocked.stdout).toContain(`--commit ${full} --junit <results.xml>`);
    // What names no commit is still refused, option-like values included.
    for (const ref of ['no-such-ref', 'HEAD:junit.xml', '--all']) {
      const bad = await runInProcess([...args, `--commit=${ref}`, ...junit, ...act], env);
      expect(bad.code).toBe(2);
    }
  });
});

describe('init raises the target maturity of an existing plane', () => {
  const PROFILE =
    'development_mode: human_greenfield\ntarget_maturity: prototype\nproduct_type: [library]\ndistribution_model: open_source\ncriticality: low\ndata_sensitivity: public\nai_system: false\nscope_mode: full_repo\n';

  it('same decisions, higher target: raised in place; lower or another decision: refused', async () => {
    const made = makeRepo({ 'a.txt': 'a\n' });
    repos.push({ ...made, run: () => Promise.reject(new Error('unused')) });
    const profile = join(makeTempDir('proofgate-profile-'), 'profile.yaml');
    writeFileSync(profile, PROFILE);
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
    const init = (...extra: string[]) =>
      runInProcess(['init', '--profile', profile, '--root', made.dir, ...extra], env);
    expect((await init()).code).toBe(0);
    const manifestPath = join(made.dir, '.proofgate', 'controls', 'manifest.yaml');
    // The owner's comment survives the raise.
    writeFileSync(manifestPath, `# owner's note\n${readFileSync(manifestPath, 'utf8')}`);
    const registry = readFileSync(
      join(made.dir, '.proofgate', 'controls', 'registry.yaml'),
      'utf8',
    );
    const raised = await init('--target-maturity', 'regulated_ready');
    expect(raised.code, raised.stderr).toBe(0);
    expect(raised.stdout).toContain('raised the target maturity');
    const manifest = readFileSync(manifestPath, 'utf8');
    expect(manifest.startsWith("# owner's note\n")).toBe(true);
    expect(manifest).toMatch(/target_maturity: regulated_ready/);
    expect(manifest).toContain('external:third-party');
    const claims = (
      parse(manifest) as { policies: { claims: Record<string, { required_stages: string[] }> } }
    ).policies.claims;
    expect(claims['project']!.required_stages).toContain('third_party');
    expect(claims['release']!.required_stages).toContain('third_party');
    expect(readFileSync(join(made.dir, '.proofgate', 'controls', 'registry.yaml'), 'utf8')).toBe(
      registry,
    );
    const status = await runInProcess(['status', '--json', '--root', made.dir], env);
    expect((JSON.parse(status.stdout) as { target: string }).target).toBe('regulated_ready');
    // Again with the same target: unchanged.
    expect((await init('--target-maturity', 'regulated_ready')).code).toBe(0);
    expect(readFileSync(manifestPath, 'utf8')).toBe(manifest);
    // Lowering, or another decision with it, is refused and writes nothing.
    const lower = await init('--target-maturity', 'engineering_ready');
    expect(lower.code).toBe(2);
    expect(lower.stderr).toContain('only raises');
    const other = await init('--target-maturity', 'regulated_ready', '--criticality', 'high');
    expect(other.code).toBe(2);
    expect(readFileSync(manifestPath, 'utf8')).toBe(manifest);
  });
});
