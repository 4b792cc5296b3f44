import { describe, expect, test } from 'vitest';
import { matchGlobs } from '../../../scripts/lib/io/repo/glob-files.ts';

const PATHS = [
  '.hidden/a.jsonl',
  'src/.env.ts',
  'src/a.js',
  'src/a.md',
  'src/a.ts',
  'src/b.ts',
  'src/c.ts',
  'src/deep/x.ts',
  'traces/a/run.jsonl',
  'traces/b/run.jsonl',
  'traces/bx/run.jsonl',
  'traces/c/run.jsonl',
  'traces/run.json',
  'traces/x/y/z/run.json',
];

describe('matchGlobs', () => {
  test.each<[string[], string[]]>([
    [['src/{*.ts,*.js}'], ['src/.env.ts', 'src/a.js', 'src/a.ts', 'src/b.ts', 'src/c.ts']],
    [['traces/{a,{b,c}x}/run.jsonl'], ['traces/a/run.jsonl', 'traces/bx/run.jsonl']],
    [
      ['traces/{a,b{,x}}/run.jsonl'],
      ['traces/a/run.jsonl', 'traces/b/run.jsonl', 'traces/bx/run.jsonl'],
    ],
    [['src/[ab].ts'], ['src/a.ts', 'src/b.ts']],
    [['src/[!ab].ts'], ['src/c.ts']],
    [['src/?.ts'], ['src/a.ts', 'src/b.ts', 'src/c.ts']],
    [['src/*.ts'], ['src/.env.ts', 'src/a.ts', 'src/b.ts', 'src/c.ts']],
    [['src/**/*.ts'], ['src/.env.ts', 'src/a.ts', 'src/b.ts', 'src/c.ts', 'src/deep/x.ts']],
    [['traces/**/run.json'], ['traces/run.json', 'traces/x/y/z/run.json']],
    [
      ['**/*.jsonl'],
      [
        '.hidden/a.jsonl',
        'traces/a/run.jsonl',
        'traces/b/run.jsonl',
        'traces/bx/run.jsonl',
        'traces/c/run.jsonl',
      ],
    ],
    [
      ['traces/**/*.jsonl', '!traces/b*/**'],
      ['traces/a/run.jsonl', 'traces/c/run.jsonl'],
    ],
    [
      ['src/*.ts', '!**/.*'],
      ['src/a.ts', 'src/b.ts', 'src/c.ts'],
    ],
    [['./src/a.ts'], ['src/a.ts']],
    [['!src/a.ts'], []],
  ])('%j', (globs, expected) => {
    expect(matchGlobs(PATHS, globs)).toEqual(expected);
  });

  test('a brace list is never read as a regular expression', () => {
    expect(matchGlobs(['src/(a|b).ts', 'src/a.ts'], ['src/{(a|b).ts,x}'])).toEqual([
      'src/(a|b).ts',
    ]);
    expect(matchGlobs(['#x', 'x'], ['#x'])).toEqual(['#x']);
  });

  test('`*` stays inside one directory, `[ab]` is a class, not literal text', () => {
    expect(matchGlobs(['src/deep/x.ts', 'src/[ab].ts', 'src/a.ts'], ['src/*.ts'])).toEqual([
      'src/[ab].ts',
      'src/a.ts',
    ]);
    expect(matchGlobs(['src/ab.ts', 'src/a.ts'], ['src/[ab].ts'])).toEqual(['src/a.ts']);
  });

  test('globs that leave the root are refused, all at once (exit 2)', () => {
    let caught: unknown;
    try {
      matchGlobs(PATHS, ['../x/*', '/etc/*', 'ok/*', '!a/../../b'], 'execution.traces');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: 'GLOB_INVALID',
      exitCode: 2,
      problems: [
        expect.stringMatching(/^execution\.traces: "\.\.\/x\/\*"/),
        expect.stringMatching(/^execution\.traces: "\/etc\/\*" is absolute/),
        expect.stringMatching(/^execution\.traces: "!a\/\.\.\/\.\.\/b"/),
      ],
    });
  });
});
