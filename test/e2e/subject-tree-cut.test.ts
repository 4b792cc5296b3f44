// The working tree's subject tree with plain-path excludes is written from a copy of the index
// that still holds the excluded entries, which are then cut out of the tree objects. It must be
// the tree the index itself gives when those entries are removed first (`git rm --cached`, then
// `git add -A`, then `git write-tree`, run here with git alone) in every state of the working
// tree: edits in and outside the excludes, staged-only changes, an unmerged excluded path, and a
// plane root below the repository's top level.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdtempSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listStorageShapes, subjectScopeOf } from '../../scripts/lib/core/binding/build-subject.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';
import { commitSubjectTree } from '../../scripts/lib/io/subject/commit-subject.ts';
import { computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';

const EXCLUDES = [
  '.proofgate/INDEX.md',
  '.proofgate/controls/manifest.yaml',
  '.proofgate/docs/',
  '.proofgate/evidence/',
  '.proofgate/knowledge/',
];
const repos: TestRepo[] = [];
afterAll(() => repos.forEach((r) => r.remove()));

function newRepo(prefix = ''): TestRepo {
  const r = makeRepo({
    '.gitignore': '*.log\n',
    [`${prefix}src/a.ts`]: 'a\n',
    [`${prefix}src/b.ts`]: 'b\n',
    [`${prefix}run.sh`]: 'echo\n',
    [`${prefix}.proofgate/INDEX.md`]: 'index\n',
    [`${prefix}.proofgate/controls/manifest.yaml`]: 'm: 1\n',
    [`${prefix}.proofgate/controls/registry.yaml`]: 'r: 1\n',
    [`${prefix}.proofgate/docs/guide.md`]: 'g\n',
    [`${prefix}.proofgate/evidence/ledger/a.jsonl`]: '{}\n',
  });
  repos.push(r);
  return r;
}

/** The subject tree computed by git alone: rm the excludes from an index copy, add, write. */
function oracle(r: TestRepo, root: string, excludes = EXCLUDES): string {
  const dir = mkdtempSync(join(tmpdir(), 'pg-oracle-'));
  try {
    const index = join(dir, 'index');
    copyFileSync(join(r.dir, '.git', 'index'), index);
    // keep git's racy-timestamp check: a copy dated now would trust entries written in the same
    // clock tick as the index (a same-size edit right after the commit would go unseen)
    const original = statSync(join(r.dir, '.git', 'index'));
    utimesSync(index, original.atime, new Date(Math.floor(original.mtimeMs) - 1));
    const git = (...args: string[]): string =>
      execFileSync('git', args, {
        cwd: root,
        env: { ...process.env, GIT_INDEX_FILE: index },
        encoding: 'utf8',
      }).trim();
    const specs = excludes.map((e) => (e.endsWith('/') ? `:(glob)${e}**` : `:(glob)${e}`));
    git('rm', '--cached', '-r', '-q', '-f', '--ignore-unmatch', '--', ...specs);
    git('add', '-A', '--', ':/', ...specs.map((s) => s.replace(':(glob)', ':(exclude,glob)')));
    return git('write-tree');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const changes: [string, (r: TestRepo, p: string) => void][] = [
  ['nothing', () => undefined],
  ['content of a tracked file', (r, p) => r.write(`${p}src/a.ts`, 'a2\n')],
  ['mode', (r, p) => chmodSync(join(r.dir, `${p}run.sh`), 0o755)],
  ['a new untracked file', (r, p) => r.write(`${p}src/c.ts`, 'c\n')],
  ['a deleted tracked file', (r, p) => unlinkSync(join(r.dir, `${p}src/b.ts`))],
  [
    'ignored becomes tracked',
    (r, p) => {
      r.write(`${p}x.log`, 'log\n');
      r.git('add', '-f', `${p}x.log`);
    },
  ],
  [
    'a staged-only change',
    (r, p) => {
      r.write(`${p}src/a.ts`, 'staged\n');
      r.git('add', `${p}src/a.ts`);
    },
  ],
  [
    'every excluded path edited, added, deleted or staged',
    (r, p) => {
      r.write(`${p}.proofgate/INDEX.md`, 'edited\n');
      r.write(`${p}.proofgate/evidence/ledger/b.jsonl`, 'new\n');
      r.write(`${p}.proofgate/knowledge/k.jsonl`, 'k\n');
      unlinkSync(join(r.dir, `${p}.proofgate/docs/guide.md`));
      r.write(`${p}.proofgate/controls/manifest.yaml`, 'm: 2\n');
      r.git('add', `${p}.proofgate/controls/manifest.yaml`);
    },
  ],
  [
    'a kept plane file edited next to the excluded ones',
    (r, p) => r.write(`${p}.proofgate/controls/registry.yaml`, 'r: 2\n'),
  ],
];

describe.each([
  ['at the top level', ''],
  ['in a subdirectory', 'pkg/'],
])('the cut subject tree, plane root %s', (_where, prefix) => {
  for (const [what, change] of changes) {
    it(`${what}: the tree git gives with the excludes removed first`, async () => {
      const r = newRepo(prefix);
      change(r, prefix);
      const root = join(r.dir, prefix);
      const tree = await computeSubjectTree(root, { excludes: EXCLUDES, cache: false });
      // in the object store (before the oracle writes it too): it can be read into an index
      expect(r.git('cat-file', '-t', tree).trim()).toBe('tree');
      expect(r.git('ls-tree', '-r', '--name-only', tree)).not.toContain('evidence');
      expect(tree).toBe(oracle(r, root));
      expect(await computeSubjectTree(root, { excludes: EXCLUDES })).toBe(tree);
    });
  }

  it('a working tree and index equal to HEAD: cut from HEAD, stored, the same tree', async () => {
    const r = newRepo(prefix);
    const root = join(r.dir, prefix);
    const tree = await computeSubjectTree(root, { excludes: EXCLUDES });
    expect(r.git('cat-file', '-t', tree).trim()).toBe('tree');
    expect(tree).toBe(oracle(r, root));
    expect(await computeSubjectTree(root, { excludes: EXCLUDES, cache: false })).toBe(tree);
  });

  it("a clean working tree's subject is HEAD's commit subject tree", async () => {
    const r = newRepo(prefix);
    const root = join(r.dir, prefix);
    // Just what the commit subject reads of a plane: its root, its directory and its scope.
    const plane = {
      root,
      rel: '.proofgate',
      manifest: { profile: { scope_mode: 'full_repo' }, scope: { include: ['**'], exclude: [] } },
      registry: { controls: [] },
    } as unknown as Plane;
    const { excludes } = subjectScopeOf(plane.rel, plane.manifest, plane.registry);
    const head = r.git('rev-parse', 'HEAD').trim();
    const tree = await computeSubjectTree(root, { excludes, cache: false });
    expect(await commitSubjectTree(plane, head)).toBe(tree);
    expect(tree).not.toBe(r.git('rev-parse', 'HEAD^{tree}').trim());
  });
});

describe('an unmerged excluded path', () => {
  it('does not keep the subject tree from being written', async () => {
    const r = newRepo();
    const ledger = '.proofgate/evidence/ledger/a.jsonl';
    r.git('checkout', '-q', '-b', 'other');
    r.write(ledger, '{"other":1}\n');
    r.commit('other');
    r.git('checkout', '-q', 'main');
    r.write(ledger, '{"main":1}\n');
    r.commit('main');
    expect(() => r.git('merge', '-q', 'other')).toThrow();
    expect(r.git('status', '--porcelain')).toContain(`UU ${ledger}`);
    writeFileSync(join(r.dir, 'src/a.ts'), 'during the merge\n');
    const tree = await computeSubjectTree(r.dir, { excludes: EXCLUDES, cache: false });
    expect(tree).toBe(oracle(r, r.dir));
  });
});

describe('storage shapes: only the files proofgate writes are cut from evidence/ and knowledge/', () => {
  const shaped = [
    ...EXCLUDES.filter((e) => !/evidence|knowledge/.test(e)),
    ...listStorageShapes('.proofgate'),
  ];
  const object = `.proofgate/evidence/objects/sha256/ab/ab${'0'.repeat(62)}`;
  const foreign: [string, (r: TestRepo) => void][] = [
    ['own files only', (r) => r.write(object, 'out\n')],
    ['code beside the ledger', (r) => r.write('.proofgate/evidence/ledger/x.py', 'x\n')],
    [
      'a directory named like a segment',
      (r) => r.write('.proofgate/evidence/ledger/b.jsonl/c', 'c\n'),
    ],
    [
      'a test file among the objects',
      (r) => r.write('.proofgate/evidence/objects/sha256/ab/t.test.ts', 't\n'),
    ],
    [
      'code in knowledge/, committed',
      (r) => {
        r.write('.proofgate/knowledge/facts.jsonl', '{}\n');
        r.write('.proofgate/knowledge/helper.ts', 'h\n');
        r.commit('knowledge');
        r.write('src/a.ts', 'a3\n');
      },
    ],
  ];
  for (const [what, change] of foreign) {
    it(`${what}: the tree git gives with the same globs removed first`, async () => {
      const r = newRepo();
      r.write(object, 'out\n');
      r.commit('an object');
      change(r);
      const tree = await computeSubjectTree(r.dir, { excludes: shaped, cache: false });
      expect(tree).toBe(oracle(r, r.dir, shaped));
      expect(await computeSubjectTree(r.dir, { excludes: shaped })).toBe(tree);
      const listing = r.git('ls-tree', '-r', '--name-only', tree);
      expect(listing).not.toContain(object);
      expect(listing).not.toContain('a.jsonl');
    });
  }
});
