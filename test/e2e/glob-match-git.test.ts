// The task scope matches changed paths against control inputs in process (matchesGlob); git's
// `:(glob)` pathspecs decide the same inputs for subject bindings. Both must agree, or a change a
// control's binding sees could be missed by the scope: compared here on a real index.
import { afterEach, describe, expect, it } from 'vitest';
import { matchesGlob, toGlobPathspec } from '../../scripts/lib/core/shared/pathspec.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const PATHS = [
  'src/app.ts',
  'src/a/b.ts',
  'src/a/c/d.js',
  'srcx/e.ts',
  'test/x.test.ts',
  '.hidden',
  'docs/.config/y.md',
  'README.md',
  'a b/[x].md',
  'lib/index.d.ts',
];
const GLOBS = [
  'src',
  'src/',
  'src/*',
  'src/**',
  'src/**/*.ts',
  '**/*.ts',
  '*.md',
  '**/*.md',
  '*',
  's*',
  'src/a',
  'src/?pp.ts',
  'src/[ab]/*.ts',
  '**/.config/**',
  'docs/',
  'a b',
  'lib/*.d.ts',
  '**',
];

describe('matchesGlob agrees with git :(glob) pathspecs', () => {
  it('on every path and glob of the sample', () => {
    const r = makeRepo(Object.fromEntries(PATHS.map((p) => [p, `${p}\n`])));
    repos.push(r);
    for (const glob of GLOBS) {
      const listed = r
        .git('ls-files', '-z', '--', toGlobPathspec(glob))
        .split('\0')
        .filter(Boolean);
      const matched = PATHS.filter((p) => matchesGlob(p, glob));
      expect(matched.sort(), glob).toEqual(listed.sort());
    }
  });
});
