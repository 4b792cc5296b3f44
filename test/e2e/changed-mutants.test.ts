// Changed code must be caught (issue 46, part 4): `evaluate --run` plants a few mutants in the
// lines the task changed since the base and records whether the task's test control kills them.
// On an npm project of our own, an agent that writes a bug and makes the test that would catch it
// vacuous (`assert.ok(true)`) or swallowed (`try/catch`) keeps every test count and assertion, so
// only the mutants see it: the task claim is refused AND the Stop hook blocks, naming the mutant.
// Forging the recorded result in the ledger, or turning the mutants off locally, does not get
// past it; an honest change with a real test is granted; a change with no mutation site says so.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';
import { actingAs } from '../helpers/audit-argv.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const DEV = actingAs('virtual:developer', 'local:dev');
const TASK = ['claim', '--control', 'ENG.TESTS', '--no-record'];

const CALC = 'export const add = (a, b) => a + b;\n';
const ADD_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add } from '../src/calc.js';

test('adds', () => assert.equal(add(1, 2), 3));
`;
// The task: a `min`. The agent's version returns the larger value.
const MIN_BUGGY = `${CALC}export function min(a, b) {\n  return a > b ? a : b;\n}\n`;
const MIN_RIGHT = `${CALC}export function min(a, b) {\n  return a < b ? a : b;\n}\n`;
const minTest = (body: string): string => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { min } from '../src/calc.js';

test('min', () => {
${body}
});
`;
const pkg = `${JSON.stringify({ name: 'calc', version: '1.0.0', type: 'module', scripts: { test: 'node --test test/' } }, null, 2)}\n`;

/** A project whose base (origin/main) has `add` and its test, with that PASS in its ledger. */
async function base(targetMaturity = 'prototype', policies = ''): Promise<GateRepo> {
  const r = makeGateRepo([{ id: 'ENG.TESTS', execution: '{ type: command, argv: [npm, test] }' }], {
    targetMaturity,
    files: { 'package.json': pkg, 'src/calc.js': CALC, 'test/calc.test.js': ADD_TEST },
  });
  cleanups.push(() => r.remove());
  if (policies !== '') {
    const path = join(r.dir, '.proofgate/controls/manifest.yaml');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(/^policies:\n/m, `policies:\n${policies}`),
    );
  }
  const ran = await r.run(['evaluate', '--run', ...DEV], ENV);
  expect(ran.code, ran.out + ran.err).toBe(0);
  r.commit('evidence of the base');
  cleanups.push(pushToOrigin(r));
  r.write('.git/proofgate/task.json', JSON.stringify({ controls: ['ENG.TESTS'] }));
  return r;
}

async function evaluate(r: GateRepo, ...flags: string[]): Promise<string> {
  const ran = await r.run(['evaluate', '--run', ...DEV, ...flags], ENV);
  expect(ran.code, `the suite passes: ${ran.out}${ran.err}`).toBe(0);
  return ran.out;
}

async function expectRefused(r: GateRepo, reason: string): Promise<void> {
  const claim = await r.run(TASK, ENV);
  expect(claim.code, claim.out + claim.err).toBe(1);
  expect(claim.out).toMatch(/^REFUSED \[task\]/);
  expect(claim.out).toContain(reason);
  const stop = await hookStopIn(r.dir);
  expect(stop.decision).toBe('block');
  expect(stop.reason).toContain(reason);
}

const SURVIVES =
  'changed code not caught: src/calc.js:3 `return a > b ? a : b;` → `return a <= b ? a : b;` survives ENG.TESTS';

describe.each(['prototype', 'engineering_ready'])('at %s, with the bug in the code', (maturity) => {
  it('the assertion made vacuous (assert.ok(true)): refused, naming the surviving mutant', async () => {
    const r = await base(maturity);
    r.write('src/calc.js', MIN_BUGGY);
    r.write('test/min.test.js', minTest('  assert.ok(true);'));
    const out = await evaluate(r);
    expect(out).toContain('changed-line mutants since origin/main');
    expect(out).toContain(
      'survives: src/calc.js:3 `return a > b ? a : b;` → `return a <= b ? a : b;`',
    );
    await expectRefused(r, SURVIVES);
  });

  it('the honest change: the right code and a real test, granted, the hook lets the stop through', async () => {
    const r = await base(maturity);
    r.write('src/calc.js', MIN_RIGHT);
    r.write(
      'test/min.test.js',
      minTest('  assert.equal(min(1, 2), 1);\n  assert.equal(min(3, 2), 2);'),
    );
    const out = await evaluate(r);
    expect(out).toMatch(
      /ENG\.TESTS: 3 planted of \d+ site\(s\), 3 killed \(on by default: its last run took [\d.]+ s, under 60 s\)/,
    );
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out + claim.err).toBe(0);
    expect(claim.out).toMatch(/^COMPLETED \[task\]/);
    expect(claim.out).toMatch(/ENG\.TESTS: 3 of 3 killed \(on by default/);
    const stop = await hookStopIn(r.dir);
    expect(stop.decision, stop.reason).toBeUndefined();
  });
});

describe('what an agent can do about it', () => {
  it('the assertion swallowed by try/catch: refused', async () => {
    const r = await base();
    r.write('src/calc.js', MIN_BUGGY);
    r.write('test/min.test.js', minTest('  try {\n    assert.equal(min(1, 2), 1);\n  } catch {}'));
    await evaluate(r);
    // The test-teeth check names the swallowing try/catch too; the hook's reason lists the first
    // blockers, so the survivor is matched without its line.
    await expectRefused(r, 'changed code not caught: src/calc.js:');
  });

  it('the code changed after the mutants ran: the result is stale, evaluate again', async () => {
    const r = await base();
    r.write('src/calc.js', MIN_RIGHT);
    r.write(
      'test/min.test.js',
      minTest('  assert.equal(min(1, 2), 1);\n  assert.equal(min(3, 2), 2);'),
    );
    await evaluate(r);
    // The bug planted after the honest evaluate, the test made vacuous, and only the run redone
    // with no mutants (--max-mutants 0): nothing recorded on this code kills them.
    r.write('src/calc.js', MIN_BUGGY);
    r.write('test/min.test.js', minTest('  assert.ok(true);'));
    const out = await evaluate(r, '--max-mutants', '0');
    expect(out).toContain('ENG.TESTS: off for this run (--max-mutants 0)');
    await expectRefused(
      r,
      'changed code not yet mutated: no changed-line mutant result of ENG.TESTS for this code since origin/main',
    );
  });

  it('the policy turned off in the change: the base rules still ask for the mutants', async () => {
    const r = await base();
    r.write('src/calc.js', MIN_BUGGY);
    r.write('test/min.test.js', minTest('  assert.ok(true);'));
    const path = join(r.dir, '.proofgate/controls/manifest.yaml');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        /^policies:\n/m,
        'policies:\n  changed_mutants: { max: 0 }\n',
      ),
    );
    await evaluate(r);
    await expectRefused(r, SURVIVES);
  });

  it('the recorded result forged in the ledger (survivors removed): the broken chain refuses', async () => {
    const r = await base();
    r.write('src/calc.js', MIN_BUGGY);
    r.write('test/min.test.js', minTest('  assert.ok(true);'));
    await evaluate(r);
    // The Stop hook blocks and notes it: the mutant result is no longer the last line.
    expect((await hookStopIn(r.dir)).decision).toBe('block');
    const dir = join(r.dir, '.proofgate/evidence/ledger');
    const segment = readdirSync(dir)
      .map((f) => join(dir, f))
      .find((f) => f.endsWith('.jsonl') && readFileSync(f, 'utf8').includes('mutate:changed'));
    const lines = readFileSync(segment ?? '', 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('mutate:changed'));
    expect(at).toBeLessThan(lines.filter(Boolean).length - 1);
    const entry = JSON.parse(lines[at] ?? '{}') as { body: Record<string, unknown> };
    entry.body = { ...entry.body, killed: entry.body['mutants'], survived: [] };
    lines[at] = JSON.stringify(entry);
    writeFileSync(segment ?? '', lines.join('\n'));
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out + claim.err).toBe(3);
    const stop = await hookStopIn(r.dir);
    expect(stop.decision).toBe('block');
  });

  it('the policy off on the base: said so, not refused', async () => {
    const r = await base('prototype', '  changed_mutants: { max: 0 }\n');
    r.write('src/calc.js', MIN_BUGGY);
    r.write('test/min.test.js', minTest('  assert.ok(true);'));
    await evaluate(r);
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out + claim.err).toBe(0);
    expect(claim.out).toContain('ENG.TESTS: off by policy (policies.changed_mutants.max: 0)');
  });

  it('no mutation site in the changed lines: said so, granted', async () => {
    const r = await base();
    r.write('src/calc.js', `${CALC}export const NAME = 'calc';\n`);
    const out = await evaluate(r);
    expect(out).toContain('ENG.TESTS: no mutation site in the changed lines');
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out + claim.err).toBe(0);
    expect(claim.out).toContain('ENG.TESTS: no mutation site in the changed lines');
  });
});
