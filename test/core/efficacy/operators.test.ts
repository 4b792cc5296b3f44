// The built-in mutation operators on small sources: what each one plants, and what none of them
// ever touches (strings, templates, comments, regexes, TS generics and type literals).
import { describe, expect, test } from 'vitest';
import {
  applyMutation,
  findMutationSites,
  MUTATION_OPERATORS,
  type MutationOperator,
} from '../../../scripts/lib/core/efficacy/operators.ts';
import { isMutableSource, pickMutants } from '../../../scripts/lib/core/efficacy/pick-mutants.ts';

function mutants(source: string, operator: MutationOperator): string[] {
  return findMutationSites('a.ts', source, [operator]).map((s) => applyMutation(source, s));
}

describe('mutation operators', () => {
  test.each([
    ['flip-comparison', 'if (a < b) x();', ['if (a >= b) x();']],
    [
      'flip-comparison',
      'ok = a >= b && c === d;',
      ['ok = a < b && c === d;', 'ok = a >= b && c !== d;'],
    ],
    [
      'flip-comparison',
      'ok = a != b || a <= b;',
      ['ok = a == b || a <= b;', 'ok = a != b || a > b;'],
    ],
    ['drop-return', 'function f() { return a + b; }', ['function f() { return undefined; }']],
    [
      'drop-return',
      'function f() {\n  return g({\n    a: 1,\n  });\n}',
      ['function f() {\n  return undefined;\n}'],
    ],
    [
      'drop-return',
      'function f() {\n  return a\n  b()\n}',
      ['function f() {\n  return undefined\n  b()\n}'],
    ],
    ['negate-condition', 'if (a && b) go();', ['if (!(a && b)) go();']],
    ['empty-function', 'function f(a) { return a * 2; }', ['function f(a) {}']],
    ['empty-function', 'const f = (a) => {\n  g(a);\n};', ['const f = (a) => {};']],
    [
      'empty-function',
      'function f(): { a: number } {\n  return { a: 1 };\n}',
      ['function f(): { a: number } {}'],
    ],
    [
      'empty-function',
      'async function f(): Promise<Map<string, { a: 1 }>> { return x; }',
      ['async function f(): Promise<Map<string, { a: 1 }>> {}'],
    ],
  ] as const)('%s: %j', (operator, source, expected) => {
    expect(mutants(source, operator)).toEqual(expected);
  });

  test.each([
    ['flip-comparison', 'const s = "a < b"; const t = `x === ${"y"}`; // c < d\n/* e === f */'],
    ['flip-comparison', 'const m: Map<string, Array<number>> = new Map<string, number[]>();'],
    ['flip-comparison', 'const re = /a<b|c===d/g; const f = (x) => x;'],
    ['drop-return', 'function f() { return; }\nfunction g() { return undefined; }'],
    ['negate-condition', "const s = 'if (a) b';"],
    ['empty-function', 'function f() {}\nconst g = () => {};\ndeclare function h(): void;'],
    ['empty-function', 'type F = () => { a: number };'],
  ] as const)('%s leaves %j alone', (operator, source) => {
    expect(mutants(source, operator)).toEqual([]);
  });

  test('sites carry 1-based lines and are in source order', () => {
    const source = 'function f(a) {\n  if (a < 1) {\n    return 0;\n  }\n  return a;\n}\n';
    const sites = findMutationSites('src/f.ts', source, MUTATION_OPERATORS.slice(0, 4));
    expect(sites.map((s) => [s.operator, s.line])).toEqual([
      ['empty-function', 1],
      ['negate-condition', 2],
      ['flip-comparison', 2],
      ['drop-return', 3],
      ['drop-return', 5],
    ]);
  });

  test('a template literal with nested expressions is one token', () => {
    const source = 'const s = `a ${b ? `c < ${d}` : "e"} f`;\nif (x === y) z();';
    expect(findMutationSites('a.ts', source, ['flip-comparison']).map((s) => s.line)).toEqual([2]);
  });
});

describe('pickMutants', () => {
  const source = Array.from({ length: 30 }, (_, i) => `if (a${i} < b) f();`).join('\n');
  const sites = findMutationSites('a.ts', source, ['flip-comparison']);

  test('the same seed picks the same sites, a different seed different ones, in line order', () => {
    const one = pickMutants(sites, { seed: 1, max: 5 });
    expect(pickMutants(sites, { seed: 1, max: 5 })).toEqual(one);
    expect(pickMutants(sites, { seed: 2, max: 5 })).not.toEqual(one);
    expect(one.map((s) => s.line)).toEqual([...one.map((s) => s.line)].sort((a, b) => a - b));
    expect(one).toHaveLength(5);
    expect(pickMutants(sites, { seed: 1, max: 100 })).toHaveLength(30);
  });

  test.each([
    ['src/a.ts', true],
    ['scripts/lib/x.mjs', true],
    ['src/App.tsx', true],
    ['src/a.d.ts', false],
    ['src/a.test.ts', false],
    ['test/helpers/a.ts', false],
    ['src/__tests__/a.js', false],
    ['README.md', false],
  ] as const)('isMutableSource(%s) = %s', (path, expected) => {
    expect(isMutableSource(path)).toBe(expected);
  });
});
