// The Python and Rust operators on source parsed by the real tree-sitter grammars: each operator's
// sites, what is never touched (strings, f-strings, comments, macro arguments, tests), and the
// Rust replacements that keep the mutant compiling.
import { describe, expect, test } from 'vitest';
import {
  applyMutation,
  type MutationOperator,
} from '../../../scripts/lib/core/efficacy/operators.ts';
import { isMutableSource } from '../../../scripts/lib/core/efficacy/pick-mutants.ts';
import type { TreeLanguage } from '../../../scripts/lib/core/efficacy/syntax-tree.ts';
import { findTreeSites } from '../../../scripts/lib/core/efficacy/tree-sites.ts';
import { parseSyntax } from '../../../scripts/lib/io/host/syntax-parser.ts';

async function mutants(language: TreeLanguage, text: string, operator: MutationOperator) {
  const root = await parseSyntax(language, text);
  return findTreeSites('f', text, root, language, [operator]).map((s) => applyMutation(text, s));
}

const PY = `def clamp(x, lo):
    """Docstring with a < b."""
    # a comment: x < lo
    if x < lo and x is not None:
        return lo
    elif x in (1, 2):
        return
    label = f"{x < lo}" + "a == b"
    return x
`;

describe('Python', () => {
  test('flip-comparison flips <, is not and in, never inside strings, f-strings or comments', async () => {
    const out = await mutants('python', PY, 'flip-comparison');
    expect(out.map((t) => t.split('\n')[3]?.trim() + ' | ' + t.split('\n')[5]?.trim())).toEqual([
      'if x >= lo and x is not None: | elif x in (1, 2):',
      'if x < lo and x is None: | elif x in (1, 2):',
      'if x < lo and x is not None: | elif x not in (1, 2):',
    ]);
  });

  test('negate-condition wraps if and elif conditions in not (...)', async () => {
    const out = await mutants('python', PY, 'negate-condition');
    expect(out[0]).toContain('if not (x < lo and x is not None):');
    expect(out[1]).toContain('elif not (x in (1, 2)):');
  });

  test('drop-return returns None instead, and a nested bare return becomes pass', async () => {
    const out = await mutants('python', PY, 'drop-return');
    expect(out).toHaveLength(3);
    expect(out[0]).toContain('        return None\n    elif');
    expect(out[1]).toContain('    elif x in (1, 2):\n        pass\n');
    expect(out[2]?.endsWith('    return None\n')).toBe(true);
  });

  test('empty-function keeps the docstring and replaces the rest with pass', async () => {
    const [out] = await mutants('python', PY, 'empty-function');
    expect(out).toBe(
      'def clamp(x, lo):\n    """Docstring with a < b."""\n    # a comment: x < lo\n    pass\n',
    );
    expect(await mutants('python', 'def f():\n    pass\n', 'empty-function')).toEqual([]);
  });

  test('test modules, build and packaging scripts are never mutated', () => {
    expect(isMutableSource('pkg/mod.py')).toBe(true);
    const skipped = ['tests/a.py', 'pkg/test_a.py', 'pkg/a_test.py', 'conftest.py', 'setup.py'];
    for (const path of [...skipped, 'build.rs', 'benches/b.rs', 'examples/e.rs', 'tests/t.rs'])
      expect(isMutableSource(path)).toBe(false);
  });
});

const RS = `fn f(x: i32, s: &str) -> bool {
    if x < 3 {
        return true;
    }
    if let Some(c) = s.chars().next() {
        return c == 'a';
    }
    assert!(x > 1, "x < 1");
    if x == 0 { return false } else { return true }
}

fn g() -> Vec<u8> { vec![1] }
fn h() -> impl Iterator<Item = u8> { vec![1].into_iter() }

#[cfg(test)]
mod tests {
    #[test]
    fn t() { assert!(super::f(1, "") == true); }
}
`;

describe('Rust', () => {
  test('flip-comparison flips binary comparisons, never macro arguments, strings or tests', async () => {
    const out = await mutants('rust', RS, 'flip-comparison');
    expect(
      out.map((t) =>
        t
          .split('\n')
          .find((l, i) => l !== RS.split('\n')[i])
          ?.trim(),
      ),
    ).toEqual([
      'if x >= 3 {',
      "return c != 'a';",
      'if x != 0 { return false } else { return true }',
    ]);
  });

  test('negate-condition skips if let', async () => {
    const out = await mutants('rust', RS, 'negate-condition');
    expect(out).toHaveLength(2);
    expect(out[0]).toContain('if !(x < 3) {');
    expect(out[1]).toContain('if !(x == 0) {');
  });

  test('drop-return only drops an early return from an if without else (its value stays ())', async () => {
    const out = await mutants('rust', RS, 'drop-return');
    expect(out).toHaveLength(2);
    expect(out[0]).toContain('if x < 3 {\n        \n    }');
    expect(out[1]).toContain('if let Some(c) = s.chars().next() {\n        \n    }');
  });

  test('empty-function returns a value of the return type, never for impl Trait, never in tests', async () => {
    const out = await mutants('rust', RS, 'empty-function');
    expect(out).toHaveLength(2);
    expect(out[0]).toContain('fn f(x: i32, s: &str) -> bool { false }\n');
    expect(out[1]).toContain('fn g() -> Vec<u8> { Vec::new() }');
  });
});
