// The index file read directly says whether any entry is flagged assume-unchanged or
// skip-worktree, in every index version git writes; a split or sparse index answers "unknown" so
// that git lists the flags instead.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
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

  // The file streams through a 256 KB window: entries past it, a name longer than the 12-bit
  // length field (found by its NUL) and a file cut short must read as they do whole.
  for (const version of ['2', '3', '4']) {
    it(`index version ${version} larger than the reading window: a flag on its last entry`, () => {
      const files: Record<string, string> = {};
      for (let i = 0; i < 4000; i++) files[`src/d${i % 50}/${'f'.repeat(40)}${i}.ts`] = `${i}\n`;
      const r = makeRepo(files);
      repos.push(r);
      const blob = r.git('rev-parse', `HEAD:src/d0/${'f'.repeat(40)}0.ts`).trim();
      const long = `${'l'.repeat(200)}/`.repeat(24) + 'end.txt'; // 4831 bytes
      r.git('update-index', '--add', '--cacheinfo', `100644,${blob},${long}`);
      r.git('update-index', '--add', '--cacheinfo', `100644,${blob},zz/last.txt`);
      r.git('update-index', '--index-version', version);
      const index = join(r.dir, '.git/index');
      expect(statSync(index).size).toBeGreaterThan(1 << 18);
      expect(indexHasFlags(index)).toBe(false);
      r.git('update-index', '--skip-worktree', 'zz/last.txt');
      expect(indexHasFlags(index)).toBe(true);
      r.git('update-index', '--no-skip-worktree', 'zz/last.txt');
      r.git('update-index', '--assume-unchanged', 'zz/last.txt');
      expect(indexHasFlags(index)).toBe(true);
      r.git('update-index', '--no-assume-unchanged', 'zz/last.txt');
      expect(indexHasFlags(index)).toBe(false);
      const whole = readFileSync(index);
      writeFileSync(index, whole.subarray(0, whole.length >> 1));
      expect(indexHasFlags(index)).toBeUndefined();
    });
  }

  // `git add -N` marks an entry intent-to-add in its extended flags (git then writes version 3):
  // extended, yet neither flag, and its name length still read from the entry's own flags.
  for (const version of ['3', '4']) {
    it(`index version ${version}: intent-to-add entries are not flagged`, () => {
      const r = repoWith(version);
      const index = join(r.dir, '.git/index');
      for (const name of ['new.txt', `deep/${'m'.repeat(90)}.txt`]) {
        r.write(name, 'x\n');
        r.git('add', '-N', name);
      }
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
