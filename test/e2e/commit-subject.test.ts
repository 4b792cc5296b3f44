// A commit's subject tree two ways: the exact one through a temporary index (read-tree, rm
// --cached, write-tree) and the fast one that cuts the excluded paths out of the tree objects and
// re-hashes them. They must agree on every layout: excluded directories present or not, a
// directory left empty, a file named like an excluded directory, excluded files (the plane's own
// definition files), a directory named like an excluded file, nested planes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cutPaths, plainPaths } from '../../scripts/lib/io/subject/subject-trees-fast.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

/** The subject tree as an index computes it. */
function slowCut(r: TestRepo, commit: string, excludes: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'pg-slow-'));
  try {
    const env = { ...process.env, GIT_INDEX_FILE: join(dir, 'index') };
    const git = (...args: string[]): string =>
      execFileSync('git', args, { cwd: r.dir, env, encoding: 'utf8' }).trim();
    git('read-tree', commit);
    git(
      'rm',
      '--cached',
      '-r',
      '-q',
      '-f',
      '--ignore-unmatch',
      '--',
      ...excludes.map((e) => (e.endsWith('/') ? `:(glob)${e}**` : `:(glob)${e}`)),
    );
    return git('write-tree');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function history(r: TestRepo): { commit: string; tree: string }[] {
  return r
    .git('log', '--format=%H %T')
    .trim()
    .split('\n')
    .map((row) => {
      const [commit = '', tree = ''] = row.split(' ');
      return { commit, tree };
    });
}

describe('fast subject trees agree with the index', () => {
  it.each([
    [['.proofgate/evidence/', '.proofgate/knowledge/']],
    [['sub/plane/evidence/', 'sub/plane/knowledge/']],
    [['only/']],
    [
      [
        '.proofgate/INDEX.md',
        '.proofgate/controls/manifest.yaml',
        '.proofgate/controls/registry.yaml',
        '.proofgate/docs/',
        '.proofgate/evidence/',
        '.proofgate/knowledge/',
      ],
    ],
    [['src/a.js', 'only', 'sub/plane/controls/c']],
    [['my dir/sub/', 'Ünïcode/名前.txt']],
  ])('excludes %j over a history of layouts', async (excludes) => {
    const r = makeRepo({ 'src/a.js': '1\n' });
    repos.push(r);
    const steps: Record<string, string>[] = [
      { '.proofgate/controls/m.yaml': 'x\n' },
      { '.proofgate/evidence/ledger/a.jsonl': '{}\n', 'sub/plane/evidence/x': 'e\n' },
      { '.proofgate/knowledge/k.jsonl': 'k\n', '.proofgate/evidence-notes': 'not excluded\n' },
      { 'only/x': 'gone\n', 'sub/plane/controls/c': 'c\n' },
      { 'sub/plane/knowledge/only-this': 'k\n', 'src/b.js': '2\n' },
      { '.proofgate/INDEX.md': 'i\n', '.proofgate/controls/manifest.yaml': 'm\n' },
      { '.proofgate/controls/registry.yaml': 'r\n', '.proofgate/docs/a.md': 'd\n' },
      // a directory named like an excluded file, a file named like an excluded directory
      { 'src/a.js.d/x': 'x\n', '.proofgate/docs-old': 'o\n', 'only2/y': 'y\n' },
      {
        'Ünïcode/名前.txt': 'u\n',
        'Ünïcode/other': 'o\n',
        'my dir/sub/x': 's\n',
        'my dir/y': 'y\n',
      },
    ];
    for (const files of steps) {
      for (const [path, content] of Object.entries(files)) r.write(path, content);
      r.commit('step');
    }
    const cuts = plainPaths(excludes)!;
    const fast = await cutPaths(r.dir, history(r), cuts, 'sha1');
    for (const { commit } of history(r))
      expect(fast!.trees.get(commit), commit).toBe(slowCut(r, commit, excludes));
  });

  it('a file or a directory at a plain excluded path is cut, a file at a dir/ exclude is kept', async () => {
    const r = makeRepo({ 'a/x': '1\n', 'keep/y': '2\n', k: 'a file named like the k/ exclude\n' });
    repos.push(r);
    r.write('gen/out', 'o\n');
    r.commit('gen as a directory');
    rmSync(join(r.dir, 'gen'), { recursive: true });
    r.write('gen', 'now a file\n');
    rmSync(join(r.dir, 'a', 'x'), { force: true });
    r.write('a/x/inner', 'x is a directory now\n');
    rmSync(join(r.dir, 'k'));
    r.write('k/z', 'k is a directory now\n');
    r.commit('gen as a file');
    const excludes = ['gen', 'a/x', 'k/'];
    const fast = await cutPaths(r.dir, history(r), plainPaths(excludes)!, 'sha1');
    for (const { commit } of history(r))
      expect(fast!.trees.get(commit), commit).toBe(slowCut(r, commit, excludes));
  });

  it('a root tree given by name (commit^{tree}) answers like its id', async () => {
    const r = makeRepo({ '.proofgate/evidence/x': 'e\n', 'src/a.js': '1\n' });
    repos.push(r);
    const [{ commit, tree }] = history(r) as [{ commit: string; tree: string }];
    const cuts = plainPaths(['.proofgate/evidence/'])!;
    const byName = await cutPaths(r.dir, [{ commit, tree: `${commit}^{tree}` }], cuts, 'sha1');
    const byId = await cutPaths(r.dir, [{ commit, tree }], cuts, 'sha1');
    expect(byName!.trees.get(commit)).toBe(byId!.trees.get(commit));
    expect(byName!.trees.get(commit)).toBe(slowCut(r, commit, ['.proofgate/evidence/']));
    const missing = await cutPaths(r.dir, [{ commit, tree: 'f'.repeat(40) }], cuts, 'sha1');
    expect(missing).toBeUndefined();
  });

  it('only paths cut segment by segment take the fast path', () => {
    expect(plainPaths(['.proofgate/evidence/'])).toEqual([
      { parts: ['.proofgate', 'evidence'], directoryOnly: true },
    ]);
    expect(plainPaths(['out.txt'])).toEqual([{ parts: ['out.txt'], directoryOnly: false }]);
    expect(plainPaths(['.proofgate/evidence/', 'dist/**'])).toBeUndefined();
    expect(plainPaths(['src/*.map'])).toEqual([{ parts: ['src', '*.map'], directoryOnly: false }]);
    expect(plainPaths(['src/*/'])).toBeUndefined();
    expect(plainPaths(['a/../b/'])).toBeUndefined();
  });
});
