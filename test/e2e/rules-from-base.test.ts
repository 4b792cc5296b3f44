// With `claim --base`, the rules come from the base commit: a key, an authority or a lowered
// policy that the change under review adds to the manifest, or a control command it weakens, does
// not decide its own claim. Each case is also claimed without --base, where the change's own rules
// decide and the same claim is granted, so each refusal is the base rules' doing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';
import { asAnotherClone } from '../helpers/other-clone.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');
const TASK = ['claim', '--control', 'tests', '--no-record'];
const AT_BASE = [...TASK, '--base', 'main'];

function keyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pg-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A repo on main with one control, then a branch `feature` for the change under review. */
function repo(targetMaturity: string): GateRepo {
  const r = makeGateRepo(
    [
      {
        id: 'tests',
        execution: `{ type: command, argv: ${nodeArgv('console.log("ran tests")')} }`,
      },
    ],
    { targetMaturity, taskStages: '[self, cross]' },
  );
  cleanups.push(() => r.remove());
  return r;
}

const manifestPath = (r: GateRepo) => join(r.dir, '.proofgate/controls/manifest.yaml');

function editManifest(r: GateRepo, edit: (text: string) => string): void {
  writeFileSync(manifestPath(r), edit(readFileSync(manifestPath(r), 'utf8')));
}

async function ok(r: GateRepo, args: string[], env: Record<string, string> = {}): Promise<void> {
  const result = await r.run(args, env);
  expect(result.code, `${args.join(' ')}: ${result.out}${result.err}`).toBe(0);
}

describe('claim --base: rules come from the base', () => {
  it('a key the change registers for the auditor does not make its own cross audit count', async () => {
    const r = repo('engineering_ready');
    const env = { PROOFGATE_KEY_DIR: keyDir() };
    r.git('checkout', '-q', '-b', 'feature');
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env);
    await ok(r, ['evaluate', '--run', ...DEV], env);
    asAnotherClone(r.dir); // the auditor writes from a clone of its own
    await ok(r, [...CROSS_AUDIT, ...QA], env);
    r.commit('feature with its own auditor key');

    expect((await r.run(TASK, env)).code).toBe(0);
    const refused = await r.run(AT_BASE, env);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toMatch(/^REFUSED \[task\]/);
    expect(refused.out).toContain('cross result(s) by virtual:quality do not count');
    expect(refused.out).toMatch(/not in effect: authority virtual:quality changed \(.*keys /);
  });

  it('a cross authority the change adds does not count', async () => {
    const r = repo('prototype');
    r.git('checkout', '-q', '-b', 'feature');
    editManifest(r, (t) =>
      t.replace(
        'policies:',
        '  - id: virtual:friend\n    kind: virtual\n    stages: [cross]\npolicies:',
      ),
    );
    await ok(r, ['evaluate', '--run', ...DEV]);
    await ok(r, [
      ...CROSS_AUDIT,
      '--authority-id',
      'virtual:friend',
      '--execution-context',
      'ci:2',
    ]);
    r.commit('feature with a friendly auditor');

    expect((await r.run(TASK)).code).toBe(0);
    const refused = await r.run([...AT_BASE, '--json']);
    expect(refused.code, refused.out + refused.err).toBe(1);
    const json = JSON.parse(refused.out) as {
      granted: boolean;
      blockers: { control: string; stage: string; reason: string; next?: string }[];
      rules: { from: string; changes: string[] };
    };
    expect(json.granted).toBe(false);
    expect(json.rules.from).toBe('base');
    expect(json.rules.changes).toContainEqual(
      expect.stringMatching(/^authority virtual:friend added/),
    );
    const blocker = json.blockers.find((b) => b.stage === 'cross');
    expect(blocker?.reason).toContain('authority virtual:friend is not registered in the manifest');
    expect(blocker?.next).toContain('--authority-id virtual:quality');
  });

  it("a control weakened to `true` is refused by name, then granted once the release authority's registered key approves it", async () => {
    const r = repo('engineering_ready');
    const owner = { PROOFGATE_KEY_DIR: keyDir() };
    const env = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env);
    await ok(
      r,
      ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
      owner,
    );
    r.commit('auditor and release owner keys');
    r.git('checkout', '-q', '-b', 'feature');
    writeFileSync(
      join(r.dir, '.proofgate/controls/registry.yaml'),
      registryYaml([{ id: 'tests', execution: "{ type: command, argv: ['true'] }" }]),
    );
    await ok(r, ['evaluate', '--run', ...DEV], env);
    asAnotherClone(r.dir); // the auditor writes from a clone of its own
    await ok(r, [...CROSS_AUDIT, ...QA], env);
    r.commit('tests that always pass');

    expect((await r.run(TASK, env)).code).toBe(0);
    const refused = await r.run(AT_BASE, env);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toMatch(/^REFUSED \[task\] 1 control definition\(s\) changed since main/);
    expect(refused.out).toMatch(/unapproved tests changed \[.*ran tests.*\] -> \["true"\]/);
    const next = /next: (proofgate authority approve [^\n]+)/.exec(refused.out)?.[1];
    expect(next).toBe(
      'proofgate authority approve --control tests --authority-id virtual:release-owner',
    );
    await ok(r, (next ?? '').split(' ').slice(1), owner);
    const granted = await r.run(AT_BASE, env);
    expect(granted.code, granted.out + granted.err).toBe(0);
    expect(granted.out).toMatch(/^COMPLETED \[task\]/);
    expect(granted.out).toMatch(/approved +tests changed/);
  });

  it('approvals by an approver the change adds, or unsigned where the base requires keys, do not count', async () => {
    const r = repo('engineering_ready');
    const env = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env);
    r.commit('auditor key');
    r.git('checkout', '-q', '-b', 'feature');
    writeFileSync(
      join(r.dir, '.proofgate/controls/registry.yaml'),
      registryYaml([{ id: 'tests', execution: "{ type: command, argv: ['true'] }" }]),
    );
    editManifest(r, (t) =>
      t.replace(
        'policies:',
        '  - id: human:accomplice\n    kind: human\n    stages: [release_authority]\npolicies:',
      ),
    );
    await ok(r, ['evaluate', '--run', ...DEV], env);
    asAnotherClone(r.dir); // the auditor writes from a clone of its own
    await ok(r, [...CROSS_AUDIT, ...QA], env);
    const judged = await r.run(
      ['authority', 'approve', '--base', 'main', '--authority-id', 'human:accomplice'],
      env,
    );
    expect(judged.code).toBe(2);
    expect(judged.err).toContain('may not approve control definitions under the rules at main');
    await ok(
      r,
      ['authority', 'approve', '--control', 'tests', '--authority-id', 'human:accomplice'],
      env,
    );
    await ok(
      r,
      ['authority', 'approve', '--control', 'tests', '--authority-id', 'virtual:release-owner'],
      env,
    );
    r.commit('tests that always pass, approved twice');

    expect((await r.run(TASK, env)).code).toBe(0);
    const refused = await r.run(AT_BASE, env);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toMatch(/unapproved tests changed/);
    expect(refused.out).toContain('an approval counts only when signed');
    expect(refused.out).toContain('not in effect: authority human:accomplice added');
  });

  it('a maturity lowered in the change does not apply: the base maturity decides', async () => {
    const r = repo('engineering_ready');
    r.git('checkout', '-q', '-b', 'feature');
    editManifest(r, (t) =>
      t.replace('target_maturity: engineering_ready', 'target_maturity: prototype'),
    );
    await ok(r, ['evaluate', '--run', ...DEV]);
    await ok(r, [...CROSS_AUDIT, ...QA]);
    r.commit('prototype is enough');

    expect((await r.run(TASK)).code).toBe(0);
    const refused = await r.run(AT_BASE);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toContain('do not count at engineering_ready');
    expect(refused.out).toContain(
      'not in effect: profile.target_maturity: "engineering_ready" -> "prototype"',
    );
  });

  it('results recorded under a scope the change narrows do not count', async () => {
    const r = repo('prototype');
    r.git('checkout', '-q', '-b', 'feature');
    editManifest(r, (t) =>
      t.replace(
        "scope: { include: ['**'], exclude: [] }",
        "scope: { include: ['**'], exclude: ['src/**'] }",
      ),
    );
    await ok(r, ['evaluate', '--run', ...DEV]);
    await ok(r, [...CROSS_AUDIT, ...QA]);
    r.commit('leave src out of the scope');

    expect((await r.run(TASK)).code).toBe(0);
    const refused = await r.run(AT_BASE);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toContain('STALE');
    expect(refused.out).toContain('not in effect: scope.exclude: [] -> ["src/**"]');
  });

  it('a base without a control plane is said to be one; the working rules decide and every definition needs approval', async () => {
    const r = repo('prototype');
    await ok(r, ['evaluate', '--run', ...DEV]);
    await ok(r, [...CROSS_AUDIT, ...QA]);
    r.commit('evidence');
    const first = await r.run([...TASK, '--base', 'main~2']);
    expect(first.code, first.out + first.err).toBe(1);
    expect(first.out).toContain('rules: from the working tree, not main~2 (');
    expect(first.out).toContain('this change adopts proofgate');
    expect(first.out).toMatch(/unapproved tests added/);
    const next = /next: (proofgate authority approve [^\n]+)/.exec(first.out)?.[1] ?? '';
    await ok(r, next.split(' ').slice(1));
    const granted = await r.run([...TASK, '--base', 'main~2']);
    expect(granted.code, granted.out + granted.err).toBe(0);
  });
});
