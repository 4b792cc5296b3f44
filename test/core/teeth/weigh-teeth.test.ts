// Whether a change took teeth out of its test files: what refuses (a lost assertion, a deleted
// test file, a new marker) and what keeps flowing (a new test, a rename, a move between files).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { weighTeeth } from '../../../scripts/lib/core/teeth/weigh-teeth.ts';

const fixture = (path: string) =>
  readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const JS = fixture('teeth-npm/test/calc.test.js');
const PY = fixture('teeth-python/tests/test_calc.py');
const reasons = (r: ReturnType<typeof weighTeeth>) => r.losses.map((l) => l.reason);

describe('an npm test file', () => {
  const path = 'test/calc.test.js';

  it('the failing test deleted: its file has fewer assertions, naming the line gone', () => {
    const now = JS.replace(/\ntest\('sub below zero'[\s\S]*$/, '\n');
    const report = weighTeeth([{ path, base: JS, now }]);
    expect(report.assertions).toEqual({ base: 4, now: 3 });
    expect(reasons(report)).toEqual([
      'test weakened: test/calc.test.js: 4 assertion(s) on the base, 3 now (gone: base line 15 `assert.equal(sub(1, 2), -1);`)',
    ]);
  });

  it('the whole file deleted loses all of its assertions', () => {
    const report = weighTeeth([{ path, base: JS, now: undefined }]);
    expect(report.assertions).toEqual({ base: 4, now: 0 });
    expect(reasons(report)[0]).toMatch(
      /^test weakened: test\/calc\.test\.js deleted: its 4 assertion\(s\) on the base are gone/,
    );
  });

  it('marked skip, or { skip: true }, or only: a new marker names file, line and test', () => {
    const skipped = JS.replace("test('sub below zero'", "test.skip('sub below zero'");
    expect(reasons(weighTeeth([{ path, base: JS, now: skipped }]))).toEqual([
      "test weakened: test/calc.test.js:14 'sub below zero' marked skip (test.skip), not on the base",
    ]);
    const option = JS.replace("test('sub below zero', ", "test('sub below zero', { skip: true }, ");
    expect(reasons(weighTeeth([{ path, base: JS, now: option }]))).toEqual([
      "test weakened: test/calc.test.js:14 'sub below zero' marked skip ({ skip }), not on the base",
    ]);
    const only = JS.replace("test('add'", "test.only('add'");
    expect(reasons(weighTeeth([{ path, base: JS, now: only }]))).toEqual([
      "test weakened: test/calc.test.js:5 'add' marked only (test.only), not on the base",
    ]);
  });

  it('the assertion made vacuous counts equal (only a surviving mutant shows it)', () => {
    const vacuous = JS.replace('assert.equal(sub(1, 2), -1);', 'assert.ok(true);');
    expect(weighTeeth([{ path, base: JS, now: vacuous }]).losses).toEqual([]);
  });

  it('the failing assertion wrapped in a try/catch that swallows it is refused', () => {
    const wrapped = JS.replace(
      '  assert.equal(sub(1, 2), -1);\n',
      '  try {\n    assert.equal(sub(1, 2), -1);\n  } catch {\n    // flaky\n  }\n',
    );
    expect(reasons(weighTeeth([{ path, base: JS, now: wrapped }]))).toEqual([
      "test weakened: test/calc.test.js:15 'sub below zero' swallows its assertions in a try/catch whose catch neither rethrows nor asserts, not on the base",
    ]);
  });

  it('a commented-out assertion is gone', () => {
    const commented = JS.replace('assert.equal(sub(1, 2), -1);', '// assert.equal(sub(1, 2), -1);');
    expect(weighTeeth([{ path, base: JS, now: commented }]).assertions).toEqual({
      base: 4,
      now: 3,
    });
  });

  it('keeps flowing: a test added, a test renamed, a file renamed, a test moved to another file', () => {
    const added = `${JS}\ntest('sub of equals', () => {\n  assert.equal(sub(2, 2), 0);\n});\n`;
    expect(weighTeeth([{ path, base: JS, now: added }]).losses).toEqual([]);
    const renamed = JS.replace("'sub below zero'", "'sub goes negative'");
    expect(weighTeeth([{ path, base: JS, now: renamed }]).losses).toEqual([]);
    const moved = weighTeeth([
      { path, base: JS, now: undefined },
      { path: 'test/arithmetic.test.js', base: undefined, now: JS },
    ]);
    expect(moved.losses).toEqual([]);
    const [kept, rest] = JS.split("test('sub below zero'");
    const split = weighTeeth([
      { path, base: JS, now: kept },
      { path: 'test/sub.test.js', base: undefined, now: `test('sub below zero'${rest ?? ''}` },
    ]);
    expect(split.assertions).toEqual({ base: 4, now: 4 });
    expect(split.losses).toEqual([]);
  });

  it('a test moved to a new file that skips it is still refused', () => {
    const report = weighTeeth([
      { path, base: JS, now: undefined },
      {
        path: 'test/moved.test.js',
        base: undefined,
        now: JS.replace("test('sub below zero'", "test.skip('sub below zero'"),
      },
    ]);
    expect(reasons(report)).toEqual([
      "test weakened: test/moved.test.js:14 'sub below zero' marked skip (test.skip), not on the base",
    ]);
  });

  it('a skip already on the base is no loss, nor are files that are not tests', () => {
    const skipped = JS.replace("test('sub below zero'", "test.skip('sub below zero'");
    const more = `${skipped}\ntest('x', () => { assert.ok(1); });\n`;
    expect(weighTeeth([{ path, base: skipped, now: more }]).losses).toEqual([]);
    const source = weighTeeth([{ path: 'src/calc.js', base: 'expect(1)', now: '' }]);
    expect(source).toEqual({ files: [], assertions: { base: 0, now: 0 }, losses: [] });
  });
});

describe('a Python test file', () => {
  const path = 'tests/test_calc.py';

  it('counts what the fixture asserts, not its comments or docstrings', () => {
    expect(weighTeeth([{ path, base: PY, now: PY }]).files).toEqual([
      { path, base: { assertions: 4, markers: 0 }, now: { assertions: 4, markers: 0 } },
    ]);
  });

  it('the failing assert removed, or the test marked skip or xfail, refuses', () => {
    const removed = PY.replace('    assert sub(1, 2) == -1\n', '    pass\n');
    expect(reasons(weighTeeth([{ path, base: PY, now: removed }]))).toEqual([
      'test weakened: tests/test_calc.py: 4 assertion(s) on the base, 3 now (gone: base line 15 `assert sub(1, 2) == -1`)',
    ]);
    const skipped = PY.replace(
      'def test_sub_below_zero',
      '@pytest.mark.skip(reason="flaky")\ndef test_sub_below_zero',
    );
    expect(reasons(weighTeeth([{ path, base: PY, now: skipped }]))).toEqual([
      "test weakened: tests/test_calc.py:13 'test_sub_below_zero' marked skip (pytest.mark.skip), not on the base",
    ]);
    const xfail = PY.replace(
      'def test_sub_below_zero',
      '@pytest.mark.xfail\ndef test_sub_below_zero',
    );
    expect(reasons(weighTeeth([{ path, base: PY, now: xfail }]))[0]).toContain('marked xfail');
    const inline = PY.replace(
      '    assert sub(1, 2) == -1',
      '    pytest.skip("later")\n    assert sub(1, 2) == -1',
    );
    expect(reasons(weighTeeth([{ path, base: PY, now: inline }]))).toEqual([
      "test weakened: tests/test_calc.py:15 'test_sub_below_zero' marked skip (pytest.skip), not on the base",
    ]);
  });
});

describe('a Rust test inverted by #[should_panic]', () => {
  const path = 'tests/calc.rs';
  const RS =
    'use calc::sub;\n\n#[test]\nfn sub_below_zero() {\n    assert_eq!(sub(1, 2), -1);\n}\n';

  it('on a test the base had: its failure is now its pass, refused naming it', () => {
    const now = RS.replace('#[test]\nfn sub', '#[test]\n#[should_panic]\nfn sub');
    expect(reasons(weighTeeth([{ path, base: RS, now }]))).toEqual([
      "test weakened: tests/calc.rs:4 'sub_below_zero' now passes only when it fails (#[should_panic]), not on the base",
    ]);
    // With an expected message: the same.
    const expected = RS.replace(
      '#[test]\nfn sub',
      '#[test]\n#[should_panic(expected = "assertion")]\nfn sub',
    );
    expect(reasons(weighTeeth([{ path, base: RS, now: expected }]))).toHaveLength(1);
  });

  it('on a new test that checks a panic: honest, nothing refused', () => {
    const now = `${RS}\n#[test]\n#[should_panic]\nfn sub_overflow_panics() {\n    sub(i64::MIN, 1);\n}\n`;
    expect(reasons(weighTeeth([{ path, base: RS, now }]))).toEqual([]);
    expect(reasons(weighTeeth([{ path: 'tests/more.rs', base: undefined, now }]))).toEqual([]);
  });
});

describe('a Python test inverted by pytest.raises(AssertionError)', () => {
  const path = 'tests/test_calc.py';
  const PYS = 'from calc import sub\n\n\ndef test_sub():\n    assert sub(1, 2) == -1\n';

  it('around a base test’s assertion: refused; in a new test: honest', () => {
    const now = PYS.replace(
      '    assert sub(1, 2) == -1',
      '    with pytest.raises(AssertionError):\n        assert sub(1, 2) == -1',
    );
    expect(reasons(weighTeeth([{ path, base: PYS, now }]))).toEqual([
      "test weakened: tests/test_calc.py:5 'test_sub' now passes only when it fails (pytest.raises(AssertionError)), not on the base",
    ]);
    const added = `${PYS}\n\ndef test_checks_raise():\n    with pytest.raises(AssertionError):\n        check(-1)\n`;
    expect(reasons(weighTeeth([{ path, base: PYS, now: added }]))).toEqual([]);
  });
});
