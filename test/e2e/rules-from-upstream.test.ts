// Local verdicts use trusted rules: without --base, `claim` and the Stop hook decide with the rules
// of the upstream branch (its fork point), as CI does with --base. A key the agent generates for
// the auditor, or a control command it weakens, in the working tree or in unpushed commits, is
// listed "not in effect". Without an upstream every verdict says its rules are the tree's own.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');
const TASK = ['claim', '--control', 'tests', '--no-record'];

function keyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pg-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function repo(targetMaturity = 'engineering_ready'): GateRepo {
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

async function ok(r: GateRepo, args: string[], env: Record<string, string> = {}): Promise<void> {
  const result = await r.run(args, env);
  expect(result.code, `${args.join(' ')}: ${result.out}${result.err}`).toBe(0);
}

function writeTaskFile(r: GateRepo, controls: string[]): void {
  const dir = join(r.dir, '.git', 'proofgate');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'task.json'), JSON.stringify({ controls }));
}

describe('local verdicts decide with the upstream branch rules', () => {
  it('a key the agent generates for the auditor (unpushed) does not make its own audit count', async () => {
    const r = repo();
    const auditor = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], auditor);
    r.commit('the auditor key');
    cleanups.push(pushToOrigin(r));
    // The agent: a new key for virtual:quality in its own key directory, then audits itself.
    const agent = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], agent);
    await ok(r, ['evaluate', '--run', ...DEV], agent);
    await ok(r, [...CROSS_AUDIT, ...QA], agent);
    r.commit('my own auditor key');

    const refused = await r.run(TASK, agent);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toMatch(/^REFUSED \[task\]/);
    // Under origin/main's rules the agent's key is not registered: its audit is a label.
    expect(refused.out).toContain('1 cross result(s) by virtual:quality do not count');
    expect(refused.out).toMatch(/not in effect: authority virtual:quality changed \(.*keys /);
    writeTaskFile(r, ['tests']);
    const blocked = await hookStopIn(r.dir);
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toContain('1 cross result(s) by virtual:quality do not count');
    expect(blocked.reason).toMatch(/not in effect until merged: authority virtual:quality changed/);
  });

  it('a command edited to `true` in an unpushed commit, re-run and audited: refused as not in effect', async () => {
    const r = repo();
    const auditor = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], auditor);
    r.commit('the auditor key');
    cleanups.push(pushToOrigin(r));
    writeFileSync(
      join(r.dir, '.proofgate/controls/registry.yaml'),
      registryYaml([{ id: 'tests', execution: "{ type: command, argv: ['true'] }" }]),
    );
    r.commit('tests that always pass');
    await ok(r, ['evaluate', '--run', ...DEV], auditor);
    await ok(r, [...CROSS_AUDIT, ...QA], auditor);

    const refused = await r.run(TASK, auditor);
    expect(refused.code, refused.out + refused.err).toBe(1);
    expect(refused.out).toMatch(/changed since origin\/main without the release authority/);
    expect(refused.out).toMatch(/definition tests changed \[.*ran tests.*\] -> \["true"\]/);
    expect(refused.out).toContain('tests: definition changed since origin/main (not in effect');
    writeTaskFile(r, ['tests']);
    const blocked = await hookStopIn(r.dir);
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toMatch(/tests \[release_authority\] TODO: definition tests changed/);
  });

  it('without an upstream the verdict says its rules are the working tree own', async () => {
    const r = repo('prototype');
    await ok(r, ['evaluate', '--run', ...DEV]);
    await ok(r, [...CROSS_AUDIT, ...QA]);
    const own =
      "rules: this working tree's own (no upstream branch: a key, authority or control change here counts unreviewed)";
    const granted = await r.run(TASK);
    expect(granted.code, granted.out).toBe(0);
    expect(granted.out).toContain(own);
    const json = JSON.parse((await r.run([...TASK, '--json'])).out) as {
      rules: { from: string; reason: string };
    };
    expect(json.rules.from).toBe('working');
    expect(`rules: ${json.rules.reason}`).toBe(own);
    r.write('src/app.js', 'export const x = 2;\n');
    writeTaskFile(r, ['tests']);
    const blocked = await hookStopIn(r.dir);
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toContain(own);
  });
});

describe('decisions in an owner name need the owner signature when the owner has a key', () => {
  it('adopt --not-applicable without the owner key is refused; a hand-written one is not counted; the owner signs it', async () => {
    const r = makeGateRepo(
      [
        { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ran")')} }` },
        { id: 'lint', execution: `{ type: command, argv: ${nodeArgv('console.log("lint")')} }` },
      ],
      {
        targetMaturity: 'prototype',
        authorities: [{ id: 'human:owner', kind: 'human', stages: ['release_authority'] }],
      },
    );
    cleanups.push(() => r.remove());
    const owner = { PROOFGATE_KEY_DIR: keyDir() };
    const agent = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'human:owner'], owner);
    r.commit('the owner key');
    await ok(r, ['evaluate', '--run']);
    const registry = join(r.dir, '.proofgate/controls/registry.yaml');
    const before = readFileSync(registry, 'utf8');

    const NA = ['adopt', '--not-applicable', 'tests', '--rationale', 'nothing to test'];
    const refused = await r.run(NA, agent);
    expect(refused.code, refused.out + refused.err).toBe(2);
    expect(refused.err).toContain(
      "a decision in the name of human:owner needs human:owner's signature",
    );
    expect(refused.err).toContain('PROOFGATE_KEY_DIR=');
    expect(readFileSync(registry, 'utf8')).toBe(before);

    writeFileSync(
      registry,
      before.replace(
        /(id: tests\n(?:.*\n)*?) {4}applies: \{ value: true \}/,
        "$1    applies: { value: false, owner: 'human:owner', rationale: 'nothing to test' }",
      ),
    );
    const CLAIM = ['claim', '--control', 'lint', '--no-record'];
    const notCounted = await r.run(CLAIM);
    expect(notCounted.code, notCounted.out).toBe(1);
    expect(notCounted.out).toMatch(
      /TODO +tests \[self\]: marked not applicable in the name of human:owner/,
    );
    expect(notCounted.out).toContain('not counted');

    const signed = await r.run(NA, owner);
    expect(signed.code, signed.out + signed.err).toBe(0);
    expect(signed.out).toContain("signed by human:owner's key: note entry");
    const granted = await r.run(CLAIM);
    expect(granted.code, granted.out).toBe(0);
  });
});

describe("status's claim view uses the same rules", () => {
  it('with an unpushed auditor key: status says a claim now is refused and lists the key change', async () => {
    const r = repo();
    const auditor = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], auditor);
    r.commit('the auditor key');
    cleanups.push(pushToOrigin(r));
    const agent = { PROOFGATE_KEY_DIR: keyDir() };
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], agent);
    await ok(r, ['evaluate', '--run', ...DEV], agent);
    await ok(r, [...CROSS_AUDIT, ...QA], agent);
    const status = await r.run(['status', '--control', 'tests'], agent);
    expect(status.out).toMatch(/if claimed now: REFUSED \[task\]/);
    expect(status.out).toMatch(/not in effect: authority virtual:quality changed/);
  });
});
