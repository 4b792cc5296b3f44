// The analyser per language: what counts as an assertion or a marker, and what never does (a
// pattern in a comment or a string).
import { describe, expect, it } from 'vitest';
import { countTeeth } from '../../../scripts/lib/core/teeth/count-teeth.ts';
import { isTestFile } from '../../../scripts/lib/core/teeth/test-language.ts';

const kinds = (list: { kind: string }[]) => list.map((t) => t.kind);
const lines = (list: { line: number }[]) => list.map((t) => t.line);

describe('JavaScript and TypeScript', () => {
  it('counts assert, assert.x, expect, ava t.x and should', () => {
    const text = [
      "import assert from 'node:assert/strict';",
      'assert(ok);',
      'assert.equal(a, 1);',
      'assert.strict.deepEqual(a, b);',
      'expect(a).toBe(1);',
      "expect.soft(b).toEqual('x');",
      't.is(a, 1); t.deepEqual(a, b);',
      'a.should.equal(1);',
      't.pass();',
    ].join('\n');
    const { assertions, markers } = countTeeth(text, 'js');
    expect(lines(assertions)).toEqual([2, 3, 4, 5, 6, 7, 7, 8]);
    expect(markers).toEqual([]);
  });

  it('never counts an assertion in a comment, a string or a template', () => {
    const text = [
      '// expect(a).toBe(1)',
      '/* assert.equal(a, 1);',
      '   expect(b) */',
      "const s = 'expect(a)';",
      'const d = "assert(x)";',
      'const t = `t.is(a, 1) ${expect(a)}`;',
      "it('expect(x) in a name', () => {});",
      "const esc = 'it\\'s expect(a)';",
    ].join('\n');
    expect(countTeeth(text, 'js').assertions).toEqual([]);
  });

  it('counts every skip, only and todo spelling, with the test it names', () => {
    const text = [
      "test.skip('a', () => {});",
      "it.only('b', () => {});",
      "describe.skip('c', () => {});",
      "test.todo('d');",
      "it.todo('e');",
      "xit('f', () => {});",
      "xdescribe('g', () => {});",
      "xtest('h', () => {});",
      "test('i', { skip: true }, () => {});",
      "test('j', { todo: 'later' }, () => {});",
      "test('k', { skip }, () => {});",
      "test('l', (t) => { t.skip('not now'); });",
      "it.concurrent.skip('m', () => {});",
      "fit('n', () => {});",
    ].join('\n');
    const { markers } = countTeeth(text, 'js');
    expect(lines(markers)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(markers.map((m) => m.name)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
      'k',
      'l',
      'm',
      'n',
    ]);
    expect(markers[8]?.kind).toBe('{ skip }');
  });

  it('a skip option set to false, or a skip in a comment or a string, is no marker', () => {
    const text = [
      "test('a', { skip: false }, () => {});",
      "// test.skip('b')",
      "const s = 'it.only(c)';",
      "test('d', () => { const skip = 1; });",
    ].join('\n');
    expect(countTeeth(text, 'js').markers).toEqual([]);
  });
});

describe('a try/catch that swallows an assertion (JS/TS)', () => {
  it('is a marker on the try, named by its test; a catch that rethrows or asserts is not', () => {
    const text = [
      "test('swallowed', () => {",
      '  try {',
      '    assert.equal(f(), 1);',
      '  } catch (e) {',
      "    console.log('ignored', e);",
      '  }',
      '});',
      "test('rethrown', () => {",
      '  try { expect(f()).toBe(1); } catch (e) { throw e; }',
      '});',
      "test('checked', () => {",
      '  try { g(); } catch (e) { assert.ok(e); }',
      '  try { h(); } catch {}',
      '  try { assert.ok(1); } finally { done(); }',
      '});',
      "const s = 'try { expect(1) } catch {}';",
    ].join('\n');
    const { markers, assertions } = countTeeth(text, 'js');
    expect(assertions).toHaveLength(4);
    expect(markers.map((m) => [m.line, m.kind, m.name])).toEqual([[2, 'try/catch', 'swallowed']]);
  });
});

describe('Python', () => {
  it('counts assert statements, self.assert*, mock asserts and pytest.raises', () => {
    const text = [
      'def test_a():',
      '    assert a == 1',
      '    assert(a)',
      '    self.assertEqual(a, 1)',
      '    m.assert_called_once_with(1)',
      '    with pytest.raises(ValueError):',
      '        f()',
      '    assertion = 1',
      '    # assert nothing',
      '    s = "assert x"',
      '    """assert in a docstring"""',
    ].join('\n');
    expect(lines(countTeeth(text, 'python').assertions)).toEqual([2, 3, 4, 5, 6]);
  });

  it('counts skip and xfail markers, naming the test they decorate', () => {
    const text = [
      '@pytest.mark.skip(reason="later")',
      'def test_a():',
      '    pass',
      '@pytest.mark.skipif(sys.platform == "win32", reason="x")',
      '@pytest.mark.xfail',
      'def test_b():',
      '    pytest.skip("no")',
      '@unittest.skip("x")',
      'def test_c(self):',
      '    self.skipTest("y")',
      '# @pytest.mark.skip',
    ].join('\n');
    const { markers } = countTeeth(text, 'python');
    expect(lines(markers)).toEqual([1, 4, 5, 7, 8, 10]);
    expect(markers.map((m) => m.name)).toEqual([
      'test_a',
      'test_b',
      'test_b',
      'test_b',
      'test_c',
      'test_c',
    ]);
  });
});

describe('Rust', () => {
  it('counts assert macros and #[ignore], never in strings or comments', () => {
    const text = [
      '#[test]',
      '#[ignore]',
      'fn sub_below_zero() {',
      '    assert_eq!(sub(1, 2), -1);',
      '    assert!(ok);',
      '    assert_ne!(a, b);',
      '    debug_assert!(x);',
      '    let s = "assert!(no)";',
      '    let r = r#"assert_eq!("no", 1)"#;',
      '    // assert!(no)',
      "    let c = '\"';",
      '    /* assert!(no) /* nested */ assert!(no) */',
      '}',
    ].join('\n');
    const { assertions, markers } = countTeeth(text, 'rust');
    expect(lines(assertions)).toEqual([4, 5, 6, 7]);
    expect(kinds(markers)).toEqual(['#[ignore]']);
    expect(markers[0]?.name).toBe('sub_below_zero');
  });
});

describe('Go', () => {
  it('counts t.Error, t.Fatal, require and assert, and t.Skip naming its test', () => {
    const text = [
      'func TestSub(t *testing.T) {',
      '\tif sub(1, 2) != -1 {',
      '\t\tt.Errorf("got %d", sub(1, 2))',
      '\t}',
      '\tt.Fatal("x")',
      '\trequire.Equal(t, 1, 1)',
      '\tassert.True(t, ok)',
      '\ts := `t.Error(no)`',
      '\t// t.Fatal(no)',
      '}',
      'func TestLater(t *testing.T) {',
      '\tt.Skip("later")',
      '}',
    ].join('\n');
    const { assertions, markers } = countTeeth(text, 'go');
    expect(lines(assertions)).toEqual([3, 5, 6, 7]);
    expect(markers.map((m) => [m.line, m.name])).toEqual([[12, 'TestLater']]);
  });
});

describe('test files', () => {
  it('by the usual conventions, Rust by #[test]', () => {
    const yes = [
      'src/calc.test.js',
      'src/calc.spec.ts',
      'test/calc.js',
      'tests/test_calc.py',
      'pkg/calc_test.py',
      'test_calc.py',
      'calc_test.go',
      'src/__tests__/calc.tsx',
      'tests/integration.rs',
    ];
    const no = ['src/calc.js', 'src/calc.py', 'calc.go', 'node_modules/x/test/a.js', 'test/a.md'];
    expect(yes.filter((p) => !isTestFile(p))).toEqual([]);
    expect(no.filter((p) => isTestFile(p))).toEqual([]);
    expect(isTestFile('src/lib.rs', ['fn a() {}'])).toBe(false);
    expect(
      isTestFile('src/lib.rs', [undefined, '#[cfg(test)]\nmod t {\n#[test]\nfn a() {}\n}']),
    ).toBe(true);
  });
});
