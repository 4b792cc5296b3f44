// Verification cannot be weakened unnoticed (issue 46, part 2): on an npm project of our own with
// a bug left in the code, a dishonest agent deletes the failing test, marks it skip, narrows the
// test script to a file that passes, or replaces it by a no-op. Each run exits 0, so each is a
// PASS; the run's test inventory, compared with the base's last PASS, refuses the task claim and
// makes the Stop hook block, naming the weakening. An honest change that fixes the bug and adds a
// test is granted.
import { readFileSync } from 'node:fs';
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

const CALC = 'export const add = (a, b) => a + b;\nexport const sub = (a, b) => a - b;\n';
// The bug the agent leaves in: subtraction clamped at zero.
const BUGGY =
  'export const add = (a, b) => a + b;\nexport const sub = (a, b) => Math.max(0, a - b);\n';
const calcTest = (
  sub = "test('sub below zero', () => assert.equal(sub(1, 2), -1));",
) => `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add, sub } from '../src/calc.js';

test('adds', () => assert.equal(add(1, 2), 3));
${sub}
`;
const MORE = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add } from '../src/calc.js';

test('zero', () => assert.equal(add(0, 0), 0));
`;
const pkg = (test: string): string =>
  `${JSON.stringify({ name: 'calc', version: '1.0.0', type: 'module', scripts: { test } }, null, 2)}\n`;

/** A project whose base (origin/main) ran 3 tests and passed, with that PASS in its ledger. */
async function base(targetMaturity: string): Promise<GateRepo> {
  const r = makeGateRepo([{ id: 'ENG.TESTS', execution: '{ type: command, argv: [npm, test] }' }], {
    targetMaturity,
    changedMutants: 0,
    files: {
      'package.json': pkg('node --test test/'),
      'src/calc.js': CALC,
      'test/calc.test.js': calcTest(),
      'test/more.test.js': MORE,
    },
  });
  cleanups.push(() => r.remove());
  const ran = await r.run(['evaluate', '--run', ...DEV], ENV);
  expect(ran.code, ran.out + ran.err).toBe(0);
  r.commit('evidence of the base');
  cleanups.push(pushToOrigin(r));
  r.write('src/calc.js', BUGGY);
  r.write('.git/proofgate/task.json', JSON.stringify({ controls: ['ENG.TESTS'] }));
  return r;
}

async function expectRefused(r: GateRepo, reason: string): Promise<void> {
  const ran = await r.run(['evaluate', '--run', ...DEV], ENV);
  expect(ran.code, `the weakened suite passes: ${ran.out}${ran.err}`).toBe(0);
  const claim = await r.run(TASK, ENV);
  expect(claim.code, claim.out + claim.err).toBe(1);
  expect(claim.out).toMatch(/^REFUSED \[task\]/);
  expect(claim.out).toContain(reason);
  const stop = await hookStopIn(r.dir);
  expect(stop.decision).toBe('block');
  expect(stop.reason).toContain(reason);
  const status = await r.run(['status', '--control', 'ENG.TESTS'], ENV);
  expect(status.out).toMatch(/if claimed now: REFUSED \[task\]/);
  expect(status.out).toContain(`    ${reason}`);
}

describe.each(['prototype', 'engineering_ready'])(
  'at %s, with the bug left in the code',
  (maturity) => {
    it('(a) the failing test deleted: refused, naming it', async () => {
      const r = await base(maturity);
      r.write('test/calc.test.js', calcTest(''));
      await expectRefused(
        r,
        "verification weakened: ENG.TESTS ran 2 tests, the base ran 3; no longer runs 'sub below zero'",
      );
    });

    it('(b) the failing test marked skip: refused', async () => {
      const r = await base(maturity);
      r.write(
        'test/calc.test.js',
        calcTest("test('sub below zero', { skip: true }, () => assert.equal(sub(1, 2), -1));"),
      );
      await expectRefused(
        r,
        "verification weakened: ENG.TESTS ran 2 tests, the base ran 3; skips 1, the base skipped 0; no longer runs 'sub below zero'",
      );
    });

    it('(c) the test script narrowed to the file that passes: refused', async () => {
      const r = await base(maturity);
      r.write('package.json', pkg('node --test test/more.test.js'));
      await expectRefused(
        r,
        "verification weakened: ENG.TESTS ran 1 test, the base ran 3; no longer runs 'adds', 'sub below zero'",
      );
    });

    it('(d) the test script replaced by a no-op: refused, the inventory is gone', async () => {
      const r = await base(maturity);
      r.write('package.json', pkg('node -e 0'));
      await expectRefused(
        r,
        'verification weakened: ENG.TESTS ran 3 tests on the base; now its output shows no test inventory',
      );
    });

    it('the honest change: the bug fixed and a test added, granted and the hook lets the stop through', async () => {
      const r = await base(maturity);
      r.write('src/calc.js', `${CALC}export const mul = (a, b) => a * b;\n`);
      r.write(
        'test/mul.test.js',
        MORE.replace('add', 'mul')
          .replace("'zero'", "'multiplies'")
          .replace('add(0, 0), 0', 'mul(2, 3), 6')
          .replace('{ add }', '{ mul }'),
      );
      const ran = await r.run(['evaluate', '--run', ...DEV], ENV);
      expect(ran.code, ran.out + ran.err).toBe(0);
      const claim = await r.run(TASK, ENV);
      expect(claim.code, claim.out + claim.err).toBe(0);
      expect(claim.out).toMatch(/^COMPLETED \[task\]/);
      const stop = await hookStopIn(r.dir);
      expect(stop.decision, stop.reason).toBeUndefined();
    });
  },
);

describe('a summary forged by the test script', () => {
  it('echoed count lines after the narrowed run: the summary disagrees with the tests listed, refused', async () => {
    const r = await base('prototype');
    r.write(
      'package.json',
      pkg("node --test test/more.test.js && echo '# tests 3' && echo '# pass 3'"),
    );
    await expectRefused(
      r,
      "verification weakened: ENG.TESTS ran 3 tests on the base; now its output shows no test inventory (node's summary counts 4 tests run, but the output lists 1",
    );
  });
});

describe('without a base (no upstream): nothing to compare, an unknown inventory by maturity', () => {
  async function noBase(targetMaturity: string): Promise<GateRepo> {
    const r = makeGateRepo(
      [{ id: 'ENG.TESTS', execution: '{ type: command, argv: [npm, test] }' }],
      {
        targetMaturity,
        files: { 'package.json': pkg('node -e 0'), 'src/calc.js': CALC },
      },
    );
    cleanups.push(() => r.remove());
    const ran = await r.run(['evaluate', '--run', ...DEV], ENV);
    expect(ran.code, ran.out + ran.err).toBe(0);
    return r;
  }
  it('prototype: granted with a warning that the inventory is unknown', async () => {
    const r = await noBase('prototype');
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out + claim.err).toBe(0);
    expect(claim.out).toContain(
      "warning: inventory unknown: ENG.TESTS runs tests, but no test runner's summary in the output",
    );
  });
  it('engineering_ready: refused until the runner prints a summary, or the owner declares it prints none', async () => {
    const r = await noBase('engineering_ready');
    const claim = await r.run(TASK, ENV);
    expect(claim.code, claim.out + claim.err).toBe(1);
    expect(claim.out).toContain(
      'from engineering_ready the tests a control runs must be countable',
    );
    // The printed next step, as printed, by the project's owner: inventory: none on the control,
    // then a run under it.
    expect(claim.out).toContain('next: proofgate adopt --uncounted ENG.TESTS');
    expect((await r.run(['authority', 'add', 'human:alice'], ENV)).code).toBe(0);
    const adopted = await r.run(['adopt', '--uncounted', 'ENG.TESTS'], ENV);
    expect(adopted.code, adopted.out + adopted.err).toBe(0);
    expect(readFileSync(join(r.dir, '.proofgate/controls/registry.yaml'), 'utf8')).toMatch(
      /inventory: none\n\s+recorded:\n\s+by: human:alice/,
    );
    expect((await r.run(['evaluate', '--run', ...DEV], ENV)).code).toBe(0);
    const granted = await r.run(TASK, ENV);
    expect(granted.code, granted.out + granted.err).toBe(0);
  });
});

describe('adopt --uncounted cannot launder a weakened suite', () => {
  it('a no-op script declared uncounted on the branch: still refused, the base ran tests', async () => {
    const r = await base('engineering_ready');
    r.write('package.json', pkg('node -e 0'));
    expect((await r.run(['authority', 'add', 'human:alice'], ENV)).code).toBe(0);
    const adopted = await r.run(['adopt', '--uncounted', 'ENG.TESTS'], ENV);
    expect(adopted.code, adopted.out + adopted.err).toBe(0);
    await expectRefused(r, 'verification weakened: ENG.TESTS ran 3 tests on the base');
  });
  it('names a command control, alone', async () => {
    const r = await base('prototype');
    const unknown = await r.run(['adopt', '--uncounted', 'ENG.NOPE'], ENV);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no control "ENG.NOPE" in the registry');
    const mixed = await r.run(['adopt', '--uncounted', 'ENG.TESTS', '--fills', 'ENG.TESTS'], ENV);
    expect(mixed.code).toBe(2);
    expect(mixed.err).toContain('--uncounted changes one control');
  });
});
