// The Python and Rust operators that swap arithmetic, shift a boundary, swap and/or, drop a
// negation or a unary minus, flip a literal or swap a conditional's branches, on source parsed by
// the real tree-sitter grammars: what each plants, and in Rust every place where the types do not
// allow it (a mutant that would not compile is never planted; the e2e test compiles them all).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  applyMutation,
  MUTATION_OPERATORS,
  type MutationOperator,
} from '../../../scripts/lib/core/efficacy/operators.ts';
import type { TreeLanguage } from '../../../scripts/lib/core/efficacy/syntax-tree.ts';
import { findTreeSites } from '../../../scripts/lib/core/efficacy/tree-sites.ts';
import { parseSyntax } from '../../../scripts/lib/io/host/syntax-parser.ts';
import { hasTool } from '../../helpers/project-files.ts';

async function mutants(language: TreeLanguage, text: string, operator: MutationOperator) {
  const root = await parseSyntax(language, text);
  return findTreeSites('f', text, root, language, [operator]).map((s) => applyMutation(text, s));
}

/** The one changed line of each mutant, trimmed. */
async function changed(language: TreeLanguage, text: string, operator: MutationOperator) {
  const lines = text.split('\n');
  return (await mutants(language, text, operator)).map((m) =>
    m
      .split('\n')
      .filter((l, i) => l !== lines[i])
      .map((l) => l.trim())
      .join(' / '),
  );
}

const PY = `def f(a, b, xs):
    n = -a + b * 2 % len(xs) - 3 / b
    label = "-" * 40 + "x" + f"{a + b}"
    ok = not a and b or a >= 1
    r = a if b < 0 else -1
    s = 1 if a else 2 if b else 3
    t = (a ** 2) // b
    a += 1
    return True, 0.0, 1.5, n
`;

describe('Python', () => {
  test.each([
    [
      'swap-arithmetic',
      [
        'n = -a - b * 2 % len(xs) - 3 / b',
        'n = -a + b / 2 % len(xs) - 3 / b',
        'n = -a + b * 2 * len(xs) - 3 / b',
        'n = -a + b * 2 % len(xs) + 3 / b',
        'n = -a + b * 2 % len(xs) - 3 * b',
      ],
    ],
    ['shift-boundary', ['ok = not a and b or a > 1', 'r = a if b <= 0 else -1']],
    ['swap-logical', ['ok = not a or b or a >= 1', 'ok = not a and b and a >= 1']],
    ['drop-negation', ['ok = a and b or a >= 1']],
    ['drop-unary-minus', ['n = a + b * 2 % len(xs) - 3 / b', 'r = a if b < 0 else 1']],
    [
      'flip-literal',
      [
        'ok = not a and b or a >= 0',
        'r = a if b < 1 else -1',
        'r = a if b < 0 else -0',
        's = 0 if a else 2 if b else 3',
        'a += 0',
        'return False, 0.0, 1.5, n',
        'return True, 1.0, 1.5, n',
      ],
    ],
    [
      'swap-branches',
      [
        'r = -1 if b < 0 else a',
        's = (2 if b else 3) if a else 1',
        's = 1 if a else 3 if b else 2',
      ],
    ],
  ] as const)('%s', async (operator, expected) => {
    expect(await changed('python', PY, operator)).toEqual(expected);
  });

  test.skipIf(!hasTool('python3', '--version'))('every mutant of the sample parses', async () => {
    const root = await parseSyntax('python', PY);
    const all = findTreeSites('f', PY, root, 'python', MUTATION_OPERATORS).map((s) =>
      applyMutation(PY, s),
    );
    const check = spawnSync(
      'python3',
      ['-c', 'import ast, json, sys\nfor t in json.load(sys.stdin): ast.parse(t)'],
      { input: JSON.stringify(all), encoding: 'utf8' },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(all.length).toBeGreaterThan(25);
  });
});

const RS = readFileSync(
  fileURLToPath(
    new URL('../../fixtures/efficacy-projects/rust-typed-sites/files/src/lib.rs', import.meta.url),
  ),
  'utf8',
);

describe('Rust: only where the types allow it', () => {
  test.each([
    // `a + b` on Meters, `owned + name`, `at + by`, `pair.0 + buf[0]`, `sum / xs.len()` and
    // `n / d` (untyped lets), `total * scale` (scale is a constant: `/` could divide by zero)
    // are never swapped
    [
      'swap-arithmetic',
      [
        'total * scale * (parts + 1)',
        'total * scale / (parts - 1)',
        'if x < max { x - 1 } else { 0 }',
        'n / d + n * 1',
      ],
    ],
    ['drop-negation', ['if x > 0 && (x == 1) {']],
    ['drop-unary-minus', ['} else if x < 0 || x == 1 {', '1']],
    ['swap-logical', ['if x > 0 || !(x == 1) {', '} else if x < 0 && x == -1 {']],
    [
      'swap-branches',
      [
        'if x < max { 0 } else { x + 1 }',
        'if xs.is_empty() { sum / xs.len() as f64 } else { 0.0 }',
        'if high { Level::Low } else { Level::High }',
      ],
    ],
  ] as const)('%s', async (operator, expected) => {
    const out = await changed('rust', RS, operator);
    for (const line of expected) expect(out.some((l) => l.includes(line))).toBe(true);
    expect(out).toHaveLength(operator === 'swap-branches' ? 4 : expected.length);
  });

  test('literals flip with their suffix and type, never in patterns, types, constants, discriminants, fields, indexes or divisors', async () => {
    const out = await changed('rust', RS, 'flip-literal');
    for (const never of [
      'LIMIT',
      'FLAGS',
      'Low = ',
      'High = ',
      '=> "',
      'pair.',
      'buf[',
      'scale: u32',
      'let mut sum',
      'let mut d',
      'n % 0',
    ])
      expect(out.filter((l) => l.includes(never))).toEqual([]);
    expect(out).toContain('if xs.is_empty() { 1.0 } else { sum / xs.len() as f64 }');
    expect(out).toContain('-0');
    expect(out).toContain('total * scale / (parts + 0)');
  });

  test('never in an if let, a let chain, a macro or a test', async () => {
    const text = `fn f(o: Option<u32>, n: u32) -> u32 {
    if let Some(x) = o { x + 1 } else { n - 1 }
}
#[test]
fn t() { assert!(f(None, 2) == 1 && true); let _ = 2 - 1; }
`;
    const root = await parseSyntax('rust', text);
    const sites = findTreeSites('f', text, root, 'rust', MUTATION_OPERATORS);
    expect(sites.filter((site) => site.line > 3)).toEqual([]);
    expect(sites.filter((site) => site.operator === 'swap-branches')).toEqual([]);
    expect(sites.map((site) => site.operator)).toContain('empty-function');
  });
});
