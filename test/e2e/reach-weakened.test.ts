// A control's reach is part of its definition: on an npm project of our own with a real bug left in
// the code (test/fixtures/reach-npm), at prototype, the agent weakens what `npm test` runs instead
// of fixing the code, re-runs it (PASS) and claims. Every attack leaves the task claim refused and
// the Stop hook blocking, naming the file and the change; the same change already on the base, an
// approval by the release authority and an honest fix with a new test are granted.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs } from '../helpers/audit-argv.ts';
import { spawnCli } from '../helpers/cli.ts';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/reach-npm/', import.meta.url));
const DEV = actingAs('virtual:developer', 'local:dev');
const TASK = ['claim', '--control', 'ENG.TESTS', '--no-record'];
const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function fixtureFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(FIXTURE, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(FIXTURE);
  return out;
}

/** The fixture with its plane (`npm test` as ENG.TESTS, at prototype), pushed as origin/main. */
function project(inputs?: string[]): GateRepo {
  const r = makeGateRepo(
    [
      {
        id: 'ENG.TESTS',
        execution: '{ type: command, argv: [npm, test], env: [HOME] }',
        ...(inputs === undefined ? {} : { inputs }),
      },
    ],
    { targetMaturity: 'prototype', changedMutants: 0, files: fixtureFiles() },
  );
  cleanups.push(() => r.remove());
  cleanups.push(pushToOrigin(r));
  return r;
}

function editScripts(r: GateRepo, scripts: Record<string, string>): void {
  const path = join(r.dir, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as { scripts: Record<string, string> };
  pkg.scripts = { ...pkg.scripts, ...scripts };
  writeFileSync(path, `${JSON.stringify(pkg, null, 2)}\n`);
}

function writeTaskFile(r: GateRepo): void {
  const dir = join(r.dir, '.git', 'proofgate');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'task.json'), JSON.stringify({ controls: ['ENG.TESTS'] }));
}

async function evaluatePasses(r: GateRepo): Promise<void> {
  const run = await r.run(['evaluate', '--run', ...DEV], ENV);
  expect(run.code, run.out + run.err).toBe(0);
  expect(run.out).toMatch(/PASS/);
}

/** The task claim (built CLI) is refused and the Stop hook blocks, both naming `change`. */
async function expectRefused(r: GateRepo, change: string): Promise<void> {
  const claim = spawnCli([...TASK, '--root', r.dir], r.dir, ENV);
  expect(claim.code, claim.stdout + claim.stderr).toBe(1);
  expect(claim.stdout).toMatch(/^REFUSED \[task\]/);
  expect(claim.stdout).toContain(change);
  expect(claim.stdout).toContain(
    'next: proofgate authority approve --control ENG.TESTS --authority-id virtual:release-owner',
  );
  writeTaskFile(r);
  const hook = await hookStopIn(r.dir);
  expect(hook.decision, JSON.stringify(hook)).toBe('block');
  expect(hook.reason).toContain(change);
}

describe('weakening what `npm test` runs is a change of the control definition', () => {
  it('the bug is real: at the base npm test fails', async () => {
    const r = project();
    const run = await r.run(['evaluate', '--run', ...DEV], ENV);
    expect(run.out).toMatch(/FAIL/);
    expect((await r.run(TASK, ENV)).code).toBe(1);
  });

  it('(a) the test script replaced by a no-op', async () => {
    const r = project();
    editScripts(r, { test: 'node -e 0' });
    r.commit('faster tests');
    await evaluatePasses(r);
    await expectRefused(r, "package.json scripts.test: 'node --test test/' → 'node -e 0'");
  });

  it('(b) the script narrowed to the test file that passes (uncommitted)', async () => {
    const r = project();
    editScripts(r, { test: 'node --test test/add.test.js' });
    await evaluatePasses(r);
    await expectRefused(
      r,
      "package.json scripts.test: 'node --test test/' → 'node --test test/add.test.js'",
    );
  });

  it('(b2) the narrowing hidden in a nested script: named too', async () => {
    const r = project();
    editScripts(r, { test: 'npm run unit', unit: 'node --test test/add.test.js' });
    r.commit('split the tests');
    await evaluatePasses(r);
    await expectRefused(r, "package.json scripts.unit: (none) → 'node --test test/add.test.js'");
  });

  it('(c) an .npmrc that changes how npm runs scripts: script-shell, node-options', async () => {
    const r = project();
    writeFileSync(join(r.dir, 'noop.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    writeFileSync(join(r.dir, '.npmrc'), `script-shell=${join(r.dir, 'noop.sh')}\n`);
    r.commit('npm settings');
    await evaluatePasses(r);
    await expectRefused(r, `.npmrc added: + 'script-shell=${join(r.dir, 'noop.sh')}'`);

    const s = project();
    writeFileSync(
      join(s.dir, 'pass.cjs'),
      'process.on("exit", () => { process.exitCode = 0; });\n',
    );
    writeFileSync(join(s.dir, '.npmrc'), 'node-options=--require ./pass.cjs\n');
    await evaluatePasses(s);
    await expectRefused(s, ".npmrc added: + 'node-options=--require ./pass.cjs'");
  });

  it('(d) the same change already on the base counts as normal', async () => {
    const r = project();
    editScripts(r, { test: 'node --test test/add.test.js' });
    r.commit('narrowed on the base');
    r.git('push', '-q', 'origin', 'HEAD:main');
    await evaluatePasses(r);
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out).toBe(0);
    expect(claim.out).toContain('control definitions: unchanged since origin/main');
  });

  it('(e) an honest fix with a new test is granted', async () => {
    const r = project();
    r.write(
      'src/calc.js',
      readFileSync(join(FIXTURE, 'src/calc.js'), 'utf8').replace(
        'export function sub(a, b) {\n  return a + b;',
        'export function sub(a, b) {\n  return a - b;',
      ),
    );
    r.write(
      'test/sub-more.test.js',
      "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sub } from '../src/calc.js';\n\ntest('sub to zero', () => {\n  assert.equal(sub(3, 3), 0);\n});\n",
    );
    r.commit('fix sub, with a test');
    await evaluatePasses(r);
    const claim = spawnCli([...TASK, '--root', r.dir], r.dir, ENV);
    expect(claim.code, claim.stdout + claim.stderr).toBe(0);
    writeTaskFile(r);
    expect((await hookStopIn(r.dir)).decision).toBeUndefined();
  });

  it('the release authority approves the change; a later .npmrc is a new change', async () => {
    const r = project();
    editScripts(r, { test: 'node --test test/add.test.js' });
    r.commit('narrowed');
    await evaluatePasses(r);
    const approved = await r.run(
      ['authority', 'approve', '--control', 'ENG.TESTS', '--authority-id', 'virtual:release-owner'],
      ENV,
    );
    expect(approved.code, approved.out + approved.err).toBe(0);
    const granted = await r.run(TASK, ENV);
    expect(granted.code, granted.out).toBe(0);
    expect(granted.out).toMatch(
      /approved +ENG\.TESTS changed what it runs: package\.json scripts\.test/,
    );

    r.write('.npmrc', 'ignore-scripts=true\n');
    r.commit('npm settings');
    await evaluatePasses(r);
    await expectRefused(r, ".npmrc added: + 'ignore-scripts=true'");
    // `approve --base` approves every change since the base, the reach's among them.
    const all = await r.run(
      ['authority', 'approve', '--base', 'origin/main', '--authority-id', 'virtual:release-owner'],
      ENV,
    );
    expect(all.code, all.out + all.err).toBe(0);
    expect(all.out).toContain('ENG.TESTS');
    expect((await r.run(TASK, ENV)).code).toBe(0);
  });

  it('an unparseable package.json is named with a fix, never a pass or a stack trace', async () => {
    const r = project();
    editScripts(r, { test: 'node -e 0' });
    r.commit('noop');
    await evaluatePasses(r);
    r.write('package.json', '{ "scripts": { "test": "node -e 0" }');
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out + claim.err).toBe(1);
    expect(claim.out).toContain('package.json changed');
    expect(claim.out).toContain('unresolved: package.json is not valid JSON');
    expect(claim.out).toContain('fix package.json so that it parses');
    expect(claim.err).not.toMatch(/\n\s+at /);
  });

  it('a control with inputs binds its reach too: an .npmrc added after the run stales it', async () => {
    const r = project(['src/**', 'test/**']);
    editScripts(r, { test: 'node --test test/add.test.js' });
    r.commit('narrowed');
    await evaluatePasses(r);
    const fresh = await r.run(['status', '--json'], ENV);
    expect(fresh.out).toMatch(/"status": ?"PASS"/);
    r.write('.npmrc', 'node-options=--require ./pass.cjs\n');
    const stale = await r.run(['status'], ENV);
    expect(stale.out, stale.out).toMatch(/STALE +ENG\.TESTS/);
    // A file no tool of the command reads still does not stale it.
    r.git('checkout', '--', '.');
    r.git('clean', '-fdq');
    r.write('docs/notes.md', 'notes\n');
    expect((await r.run(['status'], ENV)).out).not.toMatch(/STALE +ENG\.TESTS/);
  });
});
