// The repository paths one process remembers (scripts/lib/io/git.ts): a verb asks several times
// where its repository is, and the answer is reused. Each test remembers an answer, then changes
// the repository at that path in a way that changes the answer, and checks that the remembered
// answer is not given.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findGitRoot, findRepositoryPaths } from '../../scripts/lib/io/git.ts';
import { makeRepo, openRepo } from '../helpers/git-repo.ts';
import type { TestRepo } from '../helpers/git-repo.ts';

const repos: TestRepo[] = [];
afterAll(() => repos.forEach((repo) => repo.remove()));

function newRepo(): TestRepo {
  const repo = makeRepo({ 'a.txt': 'a\n', 'sub/b.txt': 'b\n' });
  repos.push(repo);
  return repo;
}

describe('remembered repository paths', () => {
  it('answers the same paths again, from the top and from a subdirectory', async () => {
    const repo = newRepo();
    const first = await findRepositoryPaths(join(repo.dir, 'sub'));
    expect(await findRepositoryPaths(join(repo.dir, 'sub'))).toEqual(first);
    expect(await findRepositoryPaths(first.top)).toEqual(first);
    expect(await findGitRoot(join(repo.dir, 'sub'))).toBe(first.top);
  });

  it('refuses once the repository is removed (NOT_A_GIT_REPO, never the old answer)', async () => {
    const repo = newRepo();
    await findRepositoryPaths(repo.dir);
    rmSync(join(repo.dir, '.git'), { recursive: true, force: true });
    await expect(findRepositoryPaths(repo.dir)).rejects.toMatchObject({ code: 'NOT_A_GIT_REPO' });
    await expect(findGitRoot(repo.dir)).rejects.toMatchObject({ code: 'NOT_A_GIT_REPO' });
  });

  it('refuses when the directory itself is gone', async () => {
    const repo = newRepo();
    await findRepositoryPaths(join(repo.dir, 'sub'));
    rmSync(join(repo.dir, 'sub'), { recursive: true, force: true });
    await expect(findRepositoryPaths(join(repo.dir, 'sub'))).rejects.toMatchObject({
      code: 'NOT_A_GIT_REPO',
    });
  });

  it('sees a repository nested since at the subdirectory asked about', async () => {
    const repo = newRepo();
    const sub = join(repo.dir, 'sub');
    expect((await findRepositoryPaths(sub)).gitDir).toBe(join(repo.dir, '.git'));
    openRepo(sub).git('init', '-q', '-b', 'main');
    const nested = await findRepositoryPaths(sub);
    expect(nested.top).toBe(sub);
    expect(nested.gitDir).toBe(join(sub, '.git'));
  });

  it('sees a git dir moved away and pointed to by a .git file', async () => {
    const repo = newRepo();
    const first = await findRepositoryPaths(repo.dir);
    const moved = `${repo.dir}-gitdir`;
    renameSync(join(repo.dir, '.git'), moved);
    repos.push({ ...repo, remove: () => rmSync(moved, { recursive: true, force: true }) });
    writeFileSync(join(repo.dir, '.git'), `gitdir: ${moved}\n`);
    const now = await findRepositoryPaths(repo.dir);
    expect(now.gitDir).toBe(moved);
    expect(now.gitDir).not.toBe(first.gitDir);
  });

  it('sees a repository re-created at the same path (a new git dir)', async () => {
    const repo = newRepo();
    await findRepositoryPaths(repo.dir);
    rmSync(join(repo.dir, '.git'), { recursive: true, force: true });
    mkdirSync(join(repo.dir, 'x'), { recursive: true });
    openRepo(repo.dir).git('init', '-q', '-b', 'main');
    const again = await findRepositoryPaths(join(repo.dir, 'x'));
    expect(again.top).toBe(repo.dir);
    expect(await findRepositoryPaths(repo.dir)).toEqual(again);
  });
});
