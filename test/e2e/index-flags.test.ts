// The index file read directly says whether any entry is flagged assume-unchanged or
// skip-worktree, in every index version git writes; a split or sparse index answers "unknown" so
// that git lists the flags instead.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexHasFlags } from '../../scripts/lib/io/repo/index-flags.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';

const repos: TestRepo[] = [];
afterAll(() => repos.forEach((r) => r.remove()));

function repoWith(version: string): TestRepo {
  const files: Record<string, string> = { 'a.txt': 'a\n', [`deep/${'n'.repeat(250)}.txt`]: 'n\n' };
  for (let i = 0; i < 40; i++) files[`src/d${i % 7}/f${i}.ts`] = `${i}\n`;
  const r = makeRepo(files);
  repos.push(r);
  r.git('update-index', '--index-version', version);
  return r;
}

describe('indexHasFlags', () => {
  for (const version of ['2', '3', '4']) {
    it(`index version ${version}: none, then assume-unchanged, then skip-worktree`, () => {
      const r = repoWith(version);
      const index = join(r.dir, '.git/index');
      expect(indexHasFlags(index)).toBe(false);
      r.git('update-index', '--assume-unchanged', 'src/d3/f10.ts');
      expect(indexHasFlags(index)).toBe(true);
      r.git('update-index', '--no-assume-unchanged', 'src/d3/f10.ts');
      expect(indexHasFlags(index)).toBe(false);
      r.git('update-index', '--skip-worktree', 'src/d4/f39.ts');
      expect(indexHasFlags(index)).toBe(true);
    });
  }

  it('a split index, a missing index and a file that is not an index', () => {
    const r = repoWith('2');
    r.git('update-index', '--split-index');
    expect(indexHasFlags(join(r.dir, '.git/index'))).toBeUndefined();
    expect(indexHasFlags(join(r.dir, '.git/no-index'))).toBe(false);
    expect(indexHasFlags(join(r.dir, 'a.txt'))).toBeUndefined();
  });
});
