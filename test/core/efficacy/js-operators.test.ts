// The JS/TS operators that swap arithmetic, shift a boundary, swap && and ||, drop a `!` or a
// unary `-`, flip a literal or swap a conditional's branches: what each plants, what each leaves
// alone (strings, templates, regexes, comments, `++`, `+=`, `=>`, `>>`, generics, TypeScript's
// `x!` and `x?:`), and that every mutant of our own TypeScript sources still parses.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import {
  applyMutation,
  findMutationSites,
  MUTATION_OPERATORS,
  type MutationOperator,
} from '../../../scripts/lib/core/efficacy/operators.ts';

function mutants(source: string, operator: MutationOperator): string[] {
  return findMutationSites('a.ts', source, [operator]).map((s) => applyMutation(source, s));
}

describe('JS/TS operators', () => {
  test.each([
    ['swap-arithmetic', 'module.exports = (a, b) => a + b', ['module.exports = (a, b) => a - b']],
    ['swap-arithmetic', 'x = a - -b;', ['x = a + -b;']],
    [
      'swap-arithmetic',
      'x = (a * b) / c % d;',
      ['x = (a / b) / c % d;', 'x = (a * b) * c % d;', 'x = (a * b) / c * d;'],
    ],
    ['swap-arithmetic', 'x = f(a)[0]-1;', ['x = f(a)[0]+1;']],
    [
      'shift-boundary',
      'if (i < n && j >= m) go();',
      ['if (i <= n && j >= m) go();', 'if (i < n && j > m) go();'],
    ],
    ['swap-logical', 'ok = a && b || c;', ['ok = a || b || c;', 'ok = a && b && c;']],
    [
      'drop-negation',
      'if (!done) go(!!x);',
      ['if (done) go(!!x);', 'if (!done) go(!x);', 'if (!done) go(!x);'],
    ],
    ['drop-negation', 'function f() { return!x; }', ['function f() { return x; }']],
    [
      'drop-unary-minus',
      'x = -y; z = f(-1); w = a - -b;',
      [
        'x = y; z = f(-1); w = a - -b;',
        'x = -y; z = f(1); w = a - -b;',
        'x = -y; z = f(-1); w = a - b;',
      ],
    ],
    ['drop-unary-minus', 'function f() { return-x; }', ['function f() { return x; }']],
    [
      'flip-literal',
      'f(true, false, 0, 1, 2);',
      [
        'f(false, false, 0, 1, 2);',
        'f(true, true, 0, 1, 2);',
        'f(true, false, 1, 1, 2);',
        'f(true, false, 0, 0, 2);',
      ],
    ],
    ['swap-branches', 'x = a > b ? a : b;', ['x = a > b ? b : a;']],
    [
      'swap-branches',
      'x = c ? f(1, 2) : { k: d ? 1 : 2 };',
      ['x = c ? { k: d ? 1 : 2 } : f(1, 2);', 'x = c ? f(1, 2) : { k: d ? 2 : 1 };'],
    ],
    [
      'swap-branches',
      'const m = c\n  ? new Map<string>()\n  : other\nnext()',
      ['const m = c\n  ? other\n  : new Map<string>()\nnext()'],
    ],
  ] as const)('%s: %j', (operator, source, expected) => {
    expect(mutants(source, operator)).toEqual(expected);
  });

  test.each([
    [
      'swap-arithmetic',
      'const s = "a + b"; const t = `x - ${"y"}`; // a * b\n/* a / b */ const r = /a+b/g;',
    ],
    ['swap-arithmetic', 'i++; --j; k += 2; m -= 1; p **= 2; const f = (x) => x; y = a >> b;'],
    ['swap-arithmetic', 'const s = "n: " + n; const t = n + "px";'],
    [
      'swap-arithmetic',
      'function* g() { yield* h(); }\nimport * as m from "m"; export * from "n";',
    ],
    ['swap-arithmetic', 'x = a+-b; y = a*-b;'],
    ['swap-arithmetic', 'type M = { -readonly [K in keyof T]-?: T[K] };'],
    [
      'shift-boundary',
      'const m: Map<string, Array<number>> = new Map<string, number[]>(); f = (x) => x;',
    ],
    ['shift-boundary', 'interface A<\n  B,\n> {\n  b: B;\n}'],
    ['swap-logical', 'a &&= b; c ||= d; e = f ?? g; type T = A & B | C;'],
    ['drop-negation', 'const v = x!.y; let z!: number; if (a != b) f();'],
    ['drop-negation', '#!/usr/bin/env node\nrun();'],
    ['drop-unary-minus', 'x = a - b; y = a -= 1; z = i--;'],
    ['flip-literal', 'x = o.true; y = 0.5 + 1.5 + 10 + 1e3 + 0x1 + 1n; z = { 0: a, 1: b };'],
    [
      'swap-branches',
      'x = c ? new Map<string, number>() : y; z = c ? y : new Map<string, number>();',
    ],
    [
      'swap-branches',
      'interface I { a?: number; m?(): void }\nfunction f(x?: string) {}\nx = a?.b ?? c;',
    ],
  ] as const)('%s leaves %j alone', (operator, source) => {
    expect(mutants(source, operator)).toEqual([]);
  });

  test('a regex or a string inside a template expression does not confuse the lexer', () => {
    const source = "const q = `'${a.replace(/'/g, `'\\\\''`)}'`;\nif (x < y) f();";
    expect(findMutationSites('a.ts', source, ['shift-boundary']).map((s) => s.line)).toEqual([2]);
  });
});

// Every mutant of a sample of our own TypeScript sources must still parse: the operators read
// tokens, not a syntax tree, so this is the check that their local rules suffice.
const CORE = fileURLToPath(new URL('../../../scripts/lib/core/', import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesUnder(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const syntaxErrors = (file: string, text: string): number =>
  (
    ts.createSourceFile(file, text, ts.ScriptTarget.Latest) as unknown as {
      parseDiagnostics: unknown[];
    }
  ).parseDiagnostics.length;

test('every mutant of scripts/lib/core parses', () => {
  const broken: string[] = [];
  const counts = new Map<string, number>();
  for (const file of sourcesUnder(CORE)) {
    const text = readFileSync(file, 'utf8');
    // every 7th site keeps the run short; the sample still holds every operator many times
    const sites = findMutationSites(file, text, MUTATION_OPERATORS).filter((_, i) => i % 7 === 0);
    for (const site of sites) {
      counts.set(site.operator, (counts.get(site.operator) ?? 0) + 1);
      if (syntaxErrors(file, applyMutation(text, site)) > 0)
        broken.push(`${site.operator} ${file}:${site.line}`);
    }
  }
  expect(broken).toEqual([]);
  // the sample exercises every operator, many times over
  for (const op of MUTATION_OPERATORS) expect(counts.get(op) ?? 0).toBeGreaterThan(5);
}, 120_000);
