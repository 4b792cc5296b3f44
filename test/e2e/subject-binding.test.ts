// Subject bindings against real git: what changes the tree id, what must not, and the guarantee
// that a clean clone computes the same bindings as the developer's checkout.
import { chmodSync, readFileSync, symlinkSync, unlinkSync, utimesSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { computeSubject, computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import type { TestRepo } from '../helpers/git-repo.ts';
import { makeRepo, makeTempDir, openRepo } from '../helpers/git-repo.ts';
import {
  cleanUpRepos,
  makePlaneRepo,
  REGISTRY,
  subjects,
  track,
  treeOf,
} from '../helpers/plane-repo.ts';

cleanUpRepos();

describe('what leaves the subject unchanged', () => {
  it('a commit that only adds evidence leaves every binding unchanged', async () => {
    const repo = makePlaneRepo();
    const before = await subjects(repo);
    repo.write('.proofgate/evidence/ledger/a.jsonl', '{"seq":0}\n{"seq":1}\n');
    repo.write(`.proofgate/evidence/objects/sha256/ab/ab${'c'.repeat(62)}`, 'output');
    expect(await subjects(repo)).toEqual(before);
    repo.commit('evidence only');
    expect(await subjects(repo)).toEqual(before);
  });

  it('committing the same working tree keeps the tree id', async () => {
    const repo = makePlaneRepo();
    repo.write('src/app.ts', 'export const a = 10;\n');
    repo.write('src/new.ts', 'export const n = 1;\n');
    unlinkSync(join(repo.dir, 'docs/guide.md'));
    const dirty = await treeOf(repo);
    repo.commit('same tree');
    expect(await treeOf(repo)).toBe(dirty);
  });

  it('ignored files, knowledge/ and declared outputs do not count', async () => {
    const repo = makePlaneRepo();
    const before = await subjects(repo);
    repo.write('build/out.js', 'x');
    repo.write('.proofgate/knowledge/facts.jsonl', '{}\n');
    repo.write('coverage/lcov.info', 'TN:\n');
    repo.write('run.log', 'log\n');
    repo.write('src/debug.log', 'log\n');
    expect(await subjects(repo)).toEqual(before);
  });

  it('leaves the real index byte-identical and the working tree untouched', async () => {
    const repo = makePlaneRepo();
    repo.write('src/app.ts', 'changed\n');
    repo.write('untracked.txt', 'u\n');
    repo.git('add', 'src/app.ts');
    repo.write('src/app.ts', 'changed again\n');
    const index = readFileSync(join(repo.dir, '.git/index'));
    const status = repo.git('status', '--porcelain=v1', '-uall');
    await subjects(repo);
    await treeOf(repo);
    expect(readFileSync(join(repo.dir, '.git/index')).equals(index)).toBe(true);
    expect(repo.git('status', '--porcelain=v1', '-uall')).toBe(status);
  });
});

describe('what changes the subject tree', () => {
  const cases: [string, (repo: TestRepo) => void][] = [
    ['code in knowledge/', (r) => r.write('.proofgate/knowledge/helper.test.ts', 'x\n')],
    ['code in evidence/', (r) => r.write('.proofgate/evidence/x.py', 'x\n')],
    [
      'a directory named like a segment',
      (r) => r.write('.proofgate/evidence/ledger/b.jsonl/x.ts', 'x\n'),
    ],
    [
      'a non-hex object name',
      (r) => r.write('.proofgate/evidence/objects/sha256/ab/abcd.test.ts', 'x\n'),
    ],
    ['an uncommitted edit', (r) => r.write('src/app.ts', 'export const a = 3;\n')],
    ['a new untracked file', (r) => r.write('notes.txt', 'n\n')],
    ['deleting a tracked file', (r) => unlinkSync(join(r.dir, 'docs/guide.md'))],
    ['chmod +x', (r) => chmodSync(join(r.dir, 'README.md'), 0o755)],
    ['a new symlink', (r) => symlinkSync('README.md', join(r.dir, 'link'))],
    [
      'an edit to the plane registry',
      (r) => r.write('.proofgate/controls/registry.yaml', REGISTRY + '\n# c\n'),
    ],
  ];
  it.each(cases)('%s changes it', async (_name, change) => {
    const repo = makePlaneRepo();
    const before = await treeOf(repo);
    change(repo);
    expect(await treeOf(repo)).not.toBe(before);
  });

  it('records the exec bit and symlinks as git does', async () => {
    const repo = makePlaneRepo();
    chmodSync(join(repo.dir, 'README.md'), 0o755);
    symlinkSync('README.md', join(repo.dir, 'link'));
    const listing = repo.git('ls-tree', await treeOf(repo));
    expect(listing).toMatch(/^100755 blob \w+\tREADME\.md$/m);
    expect(listing).toMatch(/^120000 blob \w+\tlink$/m);
  });
});

describe('clean clones and concurrency', () => {
  it('a fresh clone computes the same bindings as the checkout it came from', async () => {
    const repo = makePlaneRepo();
    const clone = track(openRepo(makeTempDir('proofgate-clone-')));
    clone.git('clone', '-q', repo.dir, '.');
    expect(await subjects(clone)).toEqual(await subjects(repo));
    expect(await computeSubject(loadPlane(clone.dir))).toEqual(
      await computeSubject(loadPlane(repo.dir)),
    );
  });

  it('without a plane and with nothing modified, the tree is HEAD^{tree}, also with autocrlf', async () => {
    const repo = track(makeRepo({ 'a.txt': 'line\nline\n', 'bin/run.sh': '#!/bin/sh\n' }));
    chmodSync(join(repo.dir, 'bin/run.sh'), 0o755);
    repo.commit('exec');
    const head = repo.git('rev-parse', 'HEAD^{tree}').trim();
    expect(await computeSubjectTree(repo.dir, { excludes: [] })).toBe(head);
    const clone = track(openRepo(makeTempDir('proofgate-clone-')));
    clone.git('clone', '-q', '-c', 'core.autocrlf=true', repo.dir, '.');
    expect(readFileSync(join(clone.dir, 'a.txt'), 'utf8')).toBe('line\r\nline\r\n');
    utimesSync(join(clone.dir, 'a.txt'), new Date(), new Date(Date.now() + 5000));
    expect(await computeSubjectTree(clone.dir, { excludes: [] })).toBe(head);
    rmSync(join(clone.dir, '.git/index')); // nothing cached: every file is hashed afresh
    expect(await computeSubjectTree(clone.dir, { excludes: [] })).toBe(head);
  });

  it('four parallel computations agree and none fails', async () => {
    const repo = makePlaneRepo();
    repo.write('src/app.ts', 'edited\n');
    repo.write('new/file.txt', 'new\n');
    const results = await Promise.all([1, 2, 3, 4].map(() => treeOf(repo)));
    expect(new Set(results).size).toBe(1);
  });

  it('works in a fresh repository with no commits and no index, and creates no index', async () => {
    const repo = track(makeRepo());
    repo.write('a.txt', 'a\n');
    const tree = await computeSubjectTree(repo.dir, { excludes: [] });
    expect(() => readFileSync(join(repo.dir, '.git/index'))).toThrow();
    repo.git('add', '-A');
    expect(repo.git('write-tree').trim()).toBe(tree);
  });
});
