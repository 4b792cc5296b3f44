// matchesGlob asks minimatch only about paths inside the directory a glob's leading literal
// segments name (core/shared/pathspec.ts): on every generated glob and path, its answer is the one
// minimatch gives on its own.
import { fc, test } from '@fast-check/vitest';
import { minimatch } from 'minimatch';
import { expect } from 'vitest';
import { findGlobProblem, matchesGlob } from '../../scripts/lib/core/shared/pathspec.ts';

const WILDCARD = /[*?[]/;
const options = { dot: true, nonegate: true, nocomment: true, nobrace: true, noext: true };

// matchesGlob as it was before the directory check: minimatch on every wildcard glob.
function byMinimatch(path: string, glob: string): boolean {
  if (glob.endsWith('/'))
    return WILDCARD.test(glob) ? minimatch(path, `${glob}**`, options) : path.startsWith(glob);
  if (!WILDCARD.test(glob)) return path === glob || path.startsWith(`${glob}/`);
  return minimatch(path, glob, options);
}

const pathSegment = fc.constantFrom('a', 'b', 'ab', '.x', 'c.ts', '.ts', 'a b', '[x]', 'x.jsonl');
const globSegment = fc.constantFrom(
  ...['a', 'b', 'ab', '.x', '*', '**', '?', '[ab]', '*.ts', 'a*', 'a*.ts', '*.jsonl', ''],
);
const path = fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
const glob = fc
  .tuple(fc.array(globSegment, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([segments, dir]) => `${segments.join('/')}${dir ? '/' : ''}`)
  .filter((g) => findGlobProblem(g) === undefined);

test.prop([glob, fc.array(path, { minLength: 1, maxLength: 8 })], { numRuns: 2000 })(
  'the same answer as minimatch alone',
  (g, paths) => {
    for (const p of paths) expect(matchesGlob(p, g), `${p} ~ ${g}`).toBe(byMinimatch(p, g));
  },
);

test.each([
  ['a', 'a/**', false],
  ['a/b/c', 'a/**', true],
  ['ab/c', 'a/**', false],
  ['x/a/b.ts', 'a/*.ts', false],
  [
    '.proofgate/evidence/objects/sha256/ab/c',
    '.proofgate/evidence/objects/sha256/[0-9a-f][0-9a-f]/*',
    true,
  ],
  ['x/.proofgate/evidence/ledger/a.jsonl', '.proofgate/evidence/ledger/*.jsonl', false],
  ['.proofgate/evidence/ledger/a.jsonl', '.proofgate/evidence/ledger/*.jsonl', true],
  ['.proofgate/evidence/ledger/a/b.jsonl', '.proofgate/evidence/ledger/*.jsonl', false],
  ['.proofgate/evidence/ledger/.jsonl', '.proofgate/evidence/ledger/*.jsonl', true],
  ['.proofgate/evidence/ledger/a.jsonl.tmp', '.proofgate/evidence/ledger/*.jsonl', false],
])('%s ~ %s: %s', (p, g, expected) => {
  expect(matchesGlob(p, g)).toBe(expected);
  expect(byMinimatch(p, g)).toBe(expected);
});
