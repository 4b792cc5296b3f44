// A commit's subject tree two ways: the exact one through a temporary index (read-tree, rm
// --cached, write-tree) and the fast one that cuts the excluded directories out of the tree
// objects and re-hashes them. They must agree on every layout: excluded directories present or
// not, a directory left empty, a file named like an excluded directory, nested planes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cutDirectories, plainDirectories } from '../../scripts/lib/io/subject-trees-fast.ts';
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
      ...excludes.map((e) => `:(glob)${e}**`),
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
  ])('excludes %j over a history of layouts', async (excludes) => {
    const r = makeRepo({ 'src/a.js': '1\n' });
    repos.push(r);
    const steps: Record<string, string>[] = [
      { '.proofgate/controls/m.yaml': 'x\n' },
      { '.proofgate/evidence/ledger/a.jsonl': '{}\n', 'sub/plane/evidence/x': 'e\n' },
      { '.proofgate/knowledge/k.jsonl': 'k\n', '.proofgate/evidence-notes': 'not excluded\n' },
      { 'only/x': 'gone\n', 'sub/plane/controls/c': 'c\n' },
      { 'sub/plane/knowledge/only-this': 'k\n', 'src/b.js': '2\n' },
    ];
    for (const files of steps) {
      for (const [path, content] of Object.entries(files)) r.write(path, content);
      r.commit('step');
    }
    const dirs = plainDirectories(excludes)!;
    const fast = await cutDirectories(r.dir, history(r), dirs, 'sha1');
    for (const { commit } of history(r))
      expect(fast!.get(commit), commit).toBe(slowCut(r, commit, excludes));
  });

  it('only plain directories take the fast path', () => {
    expect(plainDirectories(['.proofgate/evidence/'])).toEqual([['.proofgate', 'evidence']]);
    expect(plainDirectories(['.proofgate/evidence/', 'dist/**'])).toBeUndefined();
    expect(plainDirectories(['out.txt'])).toBeUndefined();
    expect(plainDirectories(['a/../b/'])).toBeUndefined();
  });
});
