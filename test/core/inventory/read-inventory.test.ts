// The inventory parsers on REAL output: test/fixtures/inventory/<runner>/out/ was captured by
// record.sh running node --test, vitest, pytest and cargo test on fixtures of our own (versions in
// ABOUT.md; uvu by hand, ABOUT.md says how). jest, mocha and go are not installed here: their cases below are written from the
// runners' documented output formats, and say so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isTestCommand,
  readInventory,
  runnerNamedBy,
} from '../../../scripts/lib/core/inventory/read-inventory.ts';

const captured = (runner: string, file: string): string =>
  readFileSync(new URL(`../../fixtures/inventory/${runner}/out/${file}`, import.meta.url), 'utf8');

const PASS = { passed: 3, failed: 0, ran: 3, skipped: 1, todo: 1 };
const FAIL = { passed: 2, failed: 1, ran: 3, skipped: 1, todo: 1 };
const NODE_NAMES = ['calc > adds', 'calc > sub below zero', 'top level'];

describe('node --test (real output, node 20)', () => {
  it.each([
    ['default-pass.txt', PASS],
    ['tap-pass.txt', PASS],
    ['spec-pass.txt', PASS],
    ['default-fail.txt', FAIL],
    ['tap-fail.txt', FAIL],
    ['spec-fail.txt', FAIL],
  ])(
    '%s: counts and the names of the tests run (suites, skip and todo left out)',
    (file, counts) => {
      expect(readInventory({ output: captured('node', file) })).toEqual({
        runner: 'node',
        ...counts,
        names: NODE_NAMES,
      });
    },
  );
});

describe('uvu (real output, 0.3.2)', () => {
  it('the summary block: Total is what ran, failed = Total - Passed, skips apart; no names', () => {
    const uvu = { ran: 3, skipped: 1, todo: 0 };
    expect(readInventory({ output: captured('uvu', 'default-pass.txt') })).toEqual({
      runner: 'uvu',
      ...uvu,
      passed: 3,
      failed: 0,
    });
    expect(readInventory({ output: captured('uvu', 'default-fail.txt') })).toEqual({
      runner: 'uvu',
      ...uvu,
      passed: 2,
      failed: 1,
    });
  });
  it('two runs are summed; a block out of order or with words is not a summary', () => {
    const block = (t: number, p: number) =>
      `  Total:     ${t}\n  Passed:    ${p}\n  Skipped:   0\n  Duration:  1.2ms\n`;
    expect(readInventory({ output: block(3, 3) + block(2, 1) })).toMatchObject({
      runner: 'uvu',
      ran: 5,
      passed: 4,
      failed: 1,
    });
    expect(
      readInventory({ output: '  Passed: 3\n  Total: 3\n  Skipped: 0\n  Duration: 1ms\n' }),
    ).toMatchObject({ runner: 'unknown' });
    expect(readInventory({ output: block(2, 3) })).toMatchObject({ runner: 'unknown' });
  });
});

describe('vitest (real output, 4.x)', () => {
  it('default reporter: counts from the Tests line, no names', () => {
    expect(readInventory({ output: captured('vitest', 'default-pass.txt') })).toEqual({
      runner: 'vitest',
      ...PASS,
    });
    expect(readInventory({ output: captured('vitest', 'default-fail.txt') })).toEqual({
      runner: 'vitest',
      ...FAIL,
    });
  });
  it('verbose reporter: names with their file and suite', () => {
    const names = [
      'calc.test.mjs > calc > adds',
      'calc.test.mjs > calc > sub below zero',
      'calc.test.mjs > top level',
    ];
    expect(readInventory({ output: captured('vitest', 'verbose-pass.txt') })).toEqual({
      runner: 'vitest',
      ...PASS,
      names,
    });
    expect(readInventory({ output: captured('vitest', 'verbose-fail.txt') })).toEqual({
      runner: 'vitest',
      ...FAIL,
      names,
    });
  });
});

describe('pytest (real output, 9.x)', () => {
  const names = [
    'test_calc.py::TestCalc::test_adds',
    'test_calc.py::TestCalc::test_sub_below_zero',
    'test_calc.py::test_top_level',
  ];
  it.each([
    ['default-pass.txt', PASS],
    ['q-pass.txt', PASS],
    ['default-fail.txt', FAIL],
    ['q-fail.txt', FAIL],
  ])(
    '%s: counts only (xfail is todo; the short summary names failures only, so no names)',
    (file, counts) => {
      expect(readInventory({ output: captured('pytest', file) })).toEqual({
        runner: 'pytest',
        ...counts,
      });
    },
  );
  it.each([
    ['v-pass.txt', PASS],
    ['v-fail.txt', FAIL],
    ['ra-pass.txt', PASS],
    ['ra-fail.txt', FAIL],
  ])('%s: names from -v and -rA', (file, counts) => {
    expect(readInventory({ output: captured('pytest', file) })).toEqual({
      runner: 'pytest',
      ...counts,
      names,
    });
  });
});

describe('cargo test (real output, 1.95)', () => {
  it('sums the unit, integration and doc test binaries; ignored is skipped', () => {
    expect(readInventory({ output: captured('cargo', 'default-pass.txt') })).toEqual({
      runner: 'cargo',
      ran: 4,
      passed: 4,
      failed: 0,
      skipped: 1,
      todo: 0,
      names: [
        'inventory_calc::src/lib.rs - (line 3)',
        'src/lib.rs::tests::adds',
        'src/lib.rs::tests::sub_below_zero',
        'tests/top.rs::top_level',
      ],
    });
  });
  it('a failing binary stops cargo: what ran until then', () => {
    expect(readInventory({ output: captured('cargo', 'default-fail.txt') })).toMatchObject({
      runner: 'cargo',
      ran: 2,
      passed: 1,
      failed: 1,
      skipped: 1,
    });
  });
});

describe('runners not installed here (output written from their documented formats)', () => {
  it('jest: the Tests: summary line', () => {
    const output = [
      'PASS src/calc.test.js',
      'Test Suites: 1 passed, 1 total',
      'Tests:       1 failed, 1 skipped, 1 todo, 3 passed, 6 total',
      'Snapshots:   0 total',
      'Time:        0.512 s',
    ].join('\n');
    expect(readInventory({ output })).toEqual({
      runner: 'jest',
      ran: 4,
      passed: 3,
      failed: 1,
      skipped: 1,
      todo: 1,
    });
  });
  it('mocha: passing, pending and failing', () => {
    const output = [
      '',
      '  calc',
      '    ✔ adds',
      '    - skipped one',
      '',
      '',
      '  3 passing (12ms)',
      '  1 pending',
      '  2 failing',
      '',
    ].join('\n');
    expect(readInventory({ output })).toEqual({
      runner: 'mocha',
      ran: 5,
      passed: 3,
      failed: 2,
      skipped: 1,
      todo: 0,
    });
  });
  it('go test -v: one --- line per test and subtest', () => {
    const output = [
      '=== RUN   TestAdd',
      '--- PASS: TestAdd (0.00s)',
      '=== RUN   TestSub',
      '=== RUN   TestSub/below_zero',
      '    --- PASS: TestSub/below_zero (0.00s)',
      '--- PASS: TestSub (0.00s)',
      '=== RUN   TestSkipped',
      '    calc_test.go:20: not now',
      '--- SKIP: TestSkipped (0.00s)',
      'PASS',
      'ok  \texample.com/calc\t0.003s',
    ].join('\n');
    expect(readInventory({ output, argv: ['go', 'test', '-v', './...'] })).toEqual({
      runner: 'go',
      ran: 3,
      passed: 3,
      failed: 0,
      skipped: 1,
      todo: 0,
      names: ['TestAdd', 'TestSub', 'TestSub/below_zero'],
    });
  });
  it('go test without -v: unknown, saying to add -v', () => {
    const output = 'ok  \texample.com/calc\t0.003s\n';
    expect(readInventory({ output, argv: ['go', 'test', './...'] })).toEqual({
      runner: 'unknown',
      reason: 'go test prints no per-test lines without -v: run it with -v for an inventory',
    });
  });
  it('JUnit XML from a declared report: failures, errors and skipped', () => {
    const text = `<?xml version="1.0"?>
<testsuites><testsuite name="calc" tests="4">
  <testcase classname="calc" name="adds &amp; more" time="0.1"/>
  <testcase classname="calc" name="sub"><failure message="x">boom</failure></testcase>
  <testcase classname="calc" name="div"><error/></testcase>
  <testcase classname="calc" name="later"><skipped/></testcase>
</testsuite></testsuites>`;
    expect(readInventory({ output: '', reports: [{ path: 'junit.xml', text }] })).toEqual({
      runner: 'junit',
      ran: 3,
      passed: 1,
      failed: 2,
      skipped: 1,
      todo: 0,
      names: ['calc > adds & more', 'calc > div', 'calc > sub'],
    });
  });
});

describe('no summary: unknown, with the reason', () => {
  it('a no-op command', () => {
    expect(readInventory({ output: '', argv: ['node', '-e', '0'] })).toEqual({
      runner: 'unknown',
      reason:
        "no test runner's summary in the output (looked for node --test, vitest, jest, mocha, uvu, pytest, cargo test, go test -v)",
    });
  });
  it('a command that names its runner, and the cut output', () => {
    expect(
      readInventory({ output: 'hello\n', argv: ['npx', 'vitest', 'run'], truncated: true }),
    ).toEqual({
      runner: 'unknown',
      reason:
        'the command runs vitest, but its summary is not in the output (the output was cut at the evidence cap)',
    });
  });
  it('a cut output keeps the counts but no names (the middle may hold some)', () => {
    const inventory = readInventory({ output: captured('node', 'tap-pass.txt'), truncated: true });
    expect(inventory).toEqual({ runner: 'node', ...PASS });
  });
  it('two runners in one output are summed, names prefixed by runner', () => {
    const output = `${captured('node', 'spec-pass.txt')}\n${captured('pytest', 'v-pass.txt')}`;
    const inventory = readInventory({ output });
    expect(inventory).toMatchObject({ runner: 'node+pytest', ran: 6, skipped: 2, todo: 2 });
    expect(inventory).toHaveProperty(
      'names',
      expect.arrayContaining(['node: top level', 'pytest: test_calc.py::test_top_level']),
    );
  });
});

describe('a summary printed to look like the runner own (what an agent could echo)', () => {
  it('node TAP with extra count lines: the listed tests disagree, unknown', () => {
    const output = `${captured('node', 'tap-pass.txt')}# tests 9\n# pass 9\n`;
    expect(readInventory({ output })).toEqual({
      runner: 'unknown',
      reason:
        "node's summary counts 12 tests run, but the output lists 3: the summary is not the runner's own",
    });
  });
  it('cargo with an echoed result line', () => {
    const output = `${captured('cargo', 'default-pass.txt')}\ntest result: ok. 7 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n`;
    expect(readInventory({ output })).toMatchObject({ runner: 'unknown' });
  });
});

describe('the command names its runner', () => {
  it.each([
    [['node', '--test'], 'node'],
    [['npx', 'vitest', 'run'], 'vitest'],
    [['python', '-m', 'pytest', '-q'], 'pytest'],
    [['/usr/bin/cargo', 'test'], 'cargo'],
    [['go', 'test', './...'], 'go'],
    [['npm', 'test'], undefined],
  ])('%j → %s', (argv, runner) => {
    expect(runnerNamedBy(argv)).toBe(runner);
  });
  it('package manager test scripts are test commands; a linter is not', () => {
    expect(isTestCommand(['npm', 'test'])).toBe(true);
    expect(isTestCommand(['npm', 'run', 'test:unit'])).toBe(true);
    expect(isTestCommand(['pnpm', 'test'])).toBe(true);
    expect(isTestCommand(['npx', 'eslint', '.'])).toBe(false);
    expect(isTestCommand(['npm', 'run', 'lint'])).toBe(false);
  });
});
