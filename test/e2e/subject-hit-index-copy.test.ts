// A subject computation copies the real index into a temporary directory only when it writes a
// tree: a cache hit (the common stop, nothing changed since the last verdict) makes no copy, which
// on a 50k-file repository held every hit back 14-19 ms (io/subject/subject-index.ts). The
// temporary directories are counted as they are made; each is deleted again when the tree is done.
import { writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import type { TestRepo } from '../helpers/git-repo.ts';
import { makeRepo } from '../helpers/git-repo.ts';

const made = vi.hoisted(() => ({ dirs: [] as string[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    mkdtemp: async (prefix: string) => {
      const dir = await actual.mkdtemp(prefix);
      made.dirs.push(dir);
      return dir;
    },
  };
});

const repos: TestRepo[] = [];
afterAll(() => repos.forEach((repo) => repo.remove()));

const EXCLUDES = ['.proofgate/evidence/'];
const copies = (): number => made.dirs.filter((d) => d.includes('proofgate-subject-')).length;

it('a cache hit copies no index; a miss, an uncached computation and a changed tree do', async () => {
  const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# x\n' });
  repos.push(repo);
  writeFileSync(join(repo.dir, 'src/a.ts'), 'export const a = 2;\n'); // a dirty tree: written
  const first = await computeSubjectTree(repo.dir, { excludes: EXCLUDES });
  expect(copies()).toBe(1);
  expect(await computeSubjectTree(repo.dir, { excludes: EXCLUDES })).toBe(first);
  expect(copies()).toBe(1); // the hit: no copy
  expect(await computeSubjectTree(repo.dir, { excludes: EXCLUDES, cache: false })).toBe(first);
  expect(copies()).toBe(2);
  writeFileSync(join(repo.dir, 'src/a.ts'), 'export const a = 3;\n');
  const changed = await computeSubjectTree(repo.dir, { excludes: EXCLUDES });
  expect(changed).not.toBe(first);
  expect(copies()).toBe(3);
});
