// The subject-binding cache never answers with an old tree: each test warms the cache, changes the
// repository in one way git can see, and compares the cached answer with a computation that does
// not use the cache at all (a whole-tree `git add -A` over a copy of the index).
import {
  chmodSync,
  existsSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import { lookupSubjectTree, subjectCacheKey } from '../../scripts/lib/io/subject/subject-cache.ts';
import { findRepositoryPaths } from '../../scripts/lib/io/git.ts';
import { readWorktreeState } from '../../scripts/lib/io/repo/worktree-state.ts';
import type { TestRepo } from '../helpers/git-repo.ts';
import { makeRepo } from '../helpers/git-repo.ts';

const PLANE_EXCLUDES = ['.proofgate/evidence/', '.proofgate/knowledge/'];
const GLOB_EXCLUDES = [...PLANE_EXCLUDES, 'build/**/*.map'];
const repos: TestRepo[] = [];
afterAll(() => repos.forEach((repo) => repo.remove()));

function newRepo(): TestRepo {
  const repo = makeRepo({
    '.gitignore': '*.log\nnode_modules/\n',
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    'build/app.js.map': '{}\n',
    'run.sh': 'echo hi\n',
    '.proofgate/evidence/ledger/a.jsonl': '{}\n',
  });
  symlinkSync('src/a.ts', join(repo.dir, 'link'));
  repo.commit('link');
  repos.push(repo);
  return repo;
}

const cached = (repo: TestRepo, excludes: readonly string[]): Promise<string> =>
  computeSubjectTree(repo.dir, { excludes });
const uncached = (repo: TestRepo, excludes: readonly string[]): Promise<string> =>
  computeSubjectTree(repo.dir, { excludes, cache: false });

// Warms the cache, applies `change`, and returns the trees before and after (cached and not).
async function around(
  repo: TestRepo,
  excludes: readonly string[],
  change: () => void,
): Promise<{ before: string; after: string; truth: string }> {
  const before = await cached(repo, excludes);
  expect(await cached(repo, excludes)).toBe(before); // second call: answered from the cache
  change();
  const after = await cached(repo, excludes);
  const truth = await uncached(repo, excludes);
  expect(await cached(repo, excludes)).toBe(truth); // and the new answer is cached correctly
  return { before, after, truth };
}

const write = (repo: TestRepo, path: string, text: string): void =>
  writeFileSync(join(repo.dir, path), text);

describe.each([
  ['plain directory excludes', PLANE_EXCLUDES],
  ['a glob exclude too', GLOB_EXCLUDES],
])('subject cache with %s', (_name, excludes) => {
  const changes: [string, (repo: TestRepo) => void][] = [
    ['content of a tracked file', (r) => write(r, 'src/a.ts', 'export const a = 10;\n')],
    ['mode (executable bit)', (r) => chmodSync(join(r.dir, 'run.sh'), 0o755)],
    ['a new untracked file', (r) => write(r, 'src/c.ts', 'export const c = 3;\n')],
    ['a deleted tracked file', (r) => unlinkSync(join(r.dir, 'src/b.ts'))],
    ['an untracked file in a new directory', (r) => r.write('lib/deep/d.ts', 'd\n')],
    [
      'ignored becomes visible (the ignore rule is removed)',
      (r) => {
        write(r, 'trace.log', 'log\n');
        write(r, '.gitignore', 'node_modules/\n');
      },
    ],
    [
      'ignored becomes tracked (forced into the real index)',
      (r) => {
        write(r, 'trace.log', 'log\n');
        r.git('add', '-f', 'trace.log');
      },
    ],
    [
      'symlink target',
      (r) => {
        unlinkSync(join(r.dir, 'link'));
        symlinkSync('src/b.ts', join(r.dir, 'link'));
      },
    ],
    ['rename', (r) => renameSync(join(r.dir, 'src/b.ts'), join(r.dir, 'src/renamed.ts'))],
    [
      'a change staged into the real index',
      (r) => {
        write(r, 'src/a.ts', 'export const a = 11;\n');
        r.git('add', 'src/a.ts');
      },
    ],
    [
      'a file replaced by a directory',
      (r) => {
        unlinkSync(join(r.dir, 'src/b.ts'));
        r.write('src/b.ts/inner.ts', 'x\n');
      },
    ],
  ];

  for (const [what, change] of changes) {
    it(`${what}: never the old tree`, async () => {
      const repo = newRepo();
      const { before, after, truth } = await around(repo, excludes, () => change(repo));
      expect(after).toBe(truth);
      expect(after).not.toBe(before);
    });
  }

  it('an already modified file modified again: the second edit is seen', async () => {
    const repo = newRepo();
    write(repo, 'src/a.ts', 'export const a = 5;\n');
    const { before, after, truth } = await around(repo, excludes, () =>
      write(repo, 'src/a.ts', 'export const a = 6;\n'),
    );
    expect(after).toBe(truth);
    expect(after).not.toBe(before);
  });

  it('an untracked file edited again: the second edit is seen', async () => {
    const repo = newRepo();
    write(repo, 'src/new.ts', 'one\n');
    const { before, after, truth } = await around(repo, excludes, () =>
      write(repo, 'src/new.ts', 'two\n'),
    );
    expect(after).toBe(truth);
    expect(after).not.toBe(before);
  });

  for (const [what, path] of [
    ['an ignored file', 'trace.log'],
    ['the plane evidence', '.proofgate/evidence/ledger/a.jsonl'],
  ] as const) {
    it(`a change to ${what} leaves the subject as it was`, async () => {
      const repo = newRepo();
      write(repo, 'trace.log', 'one\n');
      const { before, after, truth } = await around(repo, excludes, () =>
        write(repo, path, 'changed\n'),
      );
      expect(after).toBe(truth);
      expect(after).toBe(before);
    });
  }
});

describe('racy git: same size, same mtime', () => {
  // The entry's recorded mtime is not older than the index, so git re-reads its content instead
  // of trusting the stat data (ctime is ignored here so that only content could tell).
  it('two same-size edits with the mtime put back are both seen', async () => {
    const repo = newRepo();
    repo.git('config', 'core.trustctime', 'false');
    const file = join(repo.dir, 'src/a.ts');
    const future = new Date(Date.now() + 60_000);
    write(repo, 'src/a.ts', 'export const a = 7;\n');
    utimesSync(file, future, future);
    repo.git('add', 'src/a.ts');
    const mtime = statSync(file).mtime;
    const sameStat = (text: string) => (): void => {
      writeFileSync(file, text);
      utimesSync(file, mtime, mtime);
    };
    const first = await around(repo, PLANE_EXCLUDES, sameStat('export const a = 8;\n'));
    expect(first.after).toBe(first.truth);
    expect(first.after).not.toBe(first.before);
    const second = await around(repo, PLANE_EXCLUDES, sameStat('export const a = 9;\n'));
    expect(second.after).toBe(second.truth);
    expect(second.after).not.toBe(second.before);
  });
});

describe('the cache store', () => {
  it('lives in the git dir, never in the working tree, and is consulted', async () => {
    const repo = newRepo();
    const tree = await cached(repo, PLANE_EXCLUDES);
    expect(existsSync(join(repo.dir, '.git', 'proofgate-subject-cache.json'))).toBe(true);
    const paths = await findRepositoryPaths(repo.dir);
    const state = await readWorktreeState(paths.top);
    const key = subjectCacheKey(paths, state!, PLANE_EXCLUDES);
    expect(key).toBeDefined();
    expect(lookupSubjectTree(paths.gitDir, key!)).toBe(tree);
    // (git status may refresh the real index, a new key: so it runs last)
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  describe('the paths the excludes cut out are not in the key: a ledger line keeps the cache', () => {
    const LEDGER_ONLY = ['.proofgate/evidence/ledger/*.jsonl'];
    const keyNow = async (repo: TestRepo, excludes: readonly string[]) => {
      const paths = await findRepositoryPaths(repo.dir);
      const state = await readWorktreeState(paths.top);
      return subjectCacheKey(paths, state!, excludes, undefined, excludes);
    };

    it('a line appended to a tracked segment, a new segment: the same key, a hit', async () => {
      const repo = newRepo();
      const tree = await cached(repo, LEDGER_ONLY);
      const key = await keyNow(repo, LEDGER_ONLY);
      write(repo, '.proofgate/evidence/ledger/a.jsonl', '{}\n{"next":1}\n');
      write(repo, '.proofgate/evidence/ledger/b.jsonl', '{}\n');
      expect(await keyNow(repo, LEDGER_ONLY)).toBe(key);
      const paths = await findRepositoryPaths(repo.dir);
      expect(lookupSubjectTree(paths.gitDir, key!)).toBe(tree);
      expect(await cached(repo, LEDGER_ONLY)).toBe(await uncached(repo, LEDGER_ONLY));
    });

    it('a file beside them that the glob does not cut changes the key and the tree', async () => {
      const repo = newRepo();
      const { before, after, truth } = await around(repo, LEDGER_ONLY, () =>
        write(repo, '.proofgate/evidence/ledger/notes.txt', 'code the runner reads\n'),
      );
      expect(after).toBe(truth);
      expect(after).not.toBe(before);
    });

    it('an exclude that cannot be cut path by path (`**`): every record counts', async () => {
      const repo = newRepo();
      await cached(repo, GLOB_EXCLUDES);
      const key = await keyNow(repo, GLOB_EXCLUDES);
      write(repo, 'build/app.js.map', '{"changed":1}\n');
      expect(await keyNow(repo, GLOB_EXCLUDES)).not.toBe(key);
      expect(await cached(repo, GLOB_EXCLUDES)).toBe(await uncached(repo, GLOB_EXCLUDES));
    });
  });

  it('a different exclude list is a different key', async () => {
    const repo = newRepo();
    const plain = await cached(repo, PLANE_EXCLUDES);
    const globbed = await cached(repo, GLOB_EXCLUDES);
    expect(globbed).not.toBe(plain);
    expect(globbed).toBe(await uncached(repo, GLOB_EXCLUDES));
  });

  it('a malformed store is ignored and rewritten', async () => {
    const repo = newRepo();
    const store = join(repo.dir, '.git', 'proofgate-subject-cache.json');
    writeFileSync(store, '{"format":"proofgate-subject-cache-v2","entries":[{"key":1}]');
    expect(await cached(repo, PLANE_EXCLUDES)).toBe(await uncached(repo, PLANE_EXCLUDES));
    const rewritten = JSON.parse(readFileSync(store, 'utf8')) as { entries: unknown[] };
    expect(rewritten.entries).toHaveLength(1);
  });
});
