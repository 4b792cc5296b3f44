// Subject bindings against real git: what changes the tree id, what must not, and the guarantee
// that a clean clone computes the same bindings as the developer's checkout.
import {
  chmodSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Plane } from '../../scripts/lib/io/plane.ts';
import { resolveRoot } from '../../scripts/lib/io/git.ts';
import { loadPlane } from '../../scripts/lib/io/plane.ts';
import {
  computeSubject,
  computeSubjects,
  computeSubjectTree,
  inputsDigest,
} from '../../scripts/lib/io/subject.ts';
import type { TestRepo } from '../helpers/git-repo.ts';
import { makeRepo, makeTempDir, openRepo } from '../helpers/git-repo.ts';

const MANIFEST = 'version: 1\nledger_id: lg-test\nproject: { name: t }\nauthorities: []\n';
const REGISTRY = `version: 1
controls:
  - id: unit
    title: Unit tests
    owner: dev
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [npm, test] }
    inputs: ['src/**/*.ts']
    outputs: [coverage/, '**/*.log']
    evidence_required: []
  - id: lint
    title: Lint
    owner: dev
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [npm, run, lint] }
    evidence_required: []
`;

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function track(repo: TestRepo): TestRepo {
  repos.push(repo);
  return repo;
}

function makePlaneRepo(): TestRepo {
  return track(
    makeRepo({
      '.gitignore': 'build/\n',
      'README.md': 'hello\n',
      'src/app.ts': 'export const a = 1;\n',
      'src/lib/util.ts': 'export const u = 2;\n',
      'docs/guide.md': 'guide\n',
      '.proofgate/controls/manifest.yaml': MANIFEST,
      '.proofgate/controls/registry.yaml': REGISTRY,
      '.proofgate/evidence/ledger/a.jsonl': '{"seq":0}\n',
    }),
  );
}

const planeExcludes = ['.proofgate/evidence/', '.proofgate/knowledge/', 'coverage/', '**/*.log'];

async function subjects(repo: TestRepo): Promise<Map<string, unknown>> {
  const plane: Plane = loadPlane(repo.dir);
  return computeSubjects(plane, plane.registry.controls);
}

const treeOf = (repo: TestRepo): Promise<string> =>
  computeSubjectTree(repo.dir, { excludes: planeExcludes });

describe('what leaves the subject unchanged', () => {
  it('a commit that only adds evidence leaves every binding unchanged', async () => {
    const repo = makePlaneRepo();
    const before = await subjects(repo);
    repo.write('.proofgate/evidence/ledger/a.jsonl', '{"seq":0}\n{"seq":1}\n');
    repo.write('.proofgate/evidence/objects/sha256/ab/abcd', 'output');
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
    repo.write('.proofgate/knowledge/facts.yaml', 'facts: []\n');
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

describe('planes at the root and unusual states', () => {
  it('a plane at the repository root excludes evidence/ and knowledge/ at the root', async () => {
    const repo = track(
      makeRepo({
        'controls/manifest.yaml': MANIFEST,
        'controls/registry.yaml': REGISTRY,
        'src/app.ts': 'export const a = 1;\n',
        'evidence/ledger/a.jsonl': '{}\n',
      }),
    );
    const before = await subjects(repo);
    repo.write('evidence/ledger/a.jsonl', '{}\n{}\n');
    repo.write('knowledge/facts.yaml', 'facts: []\n');
    repo.commit('evidence');
    expect(await subjects(repo)).toEqual(before);
    repo.write('docs/evidence/x.md', "not the plane's evidence\n");
    expect(await subjects(repo)).not.toEqual(before);
  });

  it('handles spaces, unicode and a glob input over them', async () => {
    const repo = makePlaneRepo();
    repo.write('src/dir with space/ünï cödé.ts', 'x\n');
    const first = (await subjects(repo)).get('unit') as { inputs: string };
    repo.write('src/dir with space/ünï cödé.ts', 'y\n');
    const second = (await subjects(repo)).get('unit') as { inputs: string };
    expect(second.inputs).not.toBe(first.inputs);
  });

  it('computes through a merge conflict, as the working tree stands', async () => {
    const repo = makePlaneRepo();
    repo.git('checkout', '-q', '-b', 'other');
    repo.write('README.md', 'other side\n');
    repo.commit('other');
    repo.git('checkout', '-q', 'main');
    repo.write('README.md', 'main side\n');
    repo.commit('main');
    expect(() => repo.git('merge', '-q', 'other')).toThrow();
    const index = readFileSync(join(repo.dir, '.git/index'));
    const tree = await treeOf(repo);
    expect(readFileSync(join(repo.dir, '.git/index')).equals(index)).toBe(true);
    repo.git('add', '-A');
    repo.git('rm', '--cached', '-r', '-q', '.proofgate/evidence');
    expect(repo.git('write-tree').trim()).toBe(tree);
  });
});

describe('user settings that must not change the result', () => {
  it('core.safecrlf=true does not stop the computation; the conversion still applies', async () => {
    const repo = makePlaneRepo();
    repo.git('config', 'core.autocrlf', 'input');
    repo.git('config', 'core.safecrlf', 'true');
    repo.write('w.txt', 'a\r\nb\r\n');
    const tree = await treeOf(repo);
    repo.write('w.txt', 'a\nb\n');
    expect(await treeOf(repo)).toBe(tree);
  });

  it.skipIf(process.getuid?.() === 0)(
    'an unreadable file fails the computation even with add.ignoreErrors (exit 4)',
    async () => {
      const repo = makePlaneRepo();
      repo.git('config', 'add.ignoreErrors', 'true');
      repo.write('secret.txt', 's\n');
      chmodSync(join(repo.dir, 'secret.txt'), 0o000);
      await expect(treeOf(repo)).rejects.toMatchObject({ code: 'GIT_FAILED', exitCode: 4 });
    },
  );
});

describe('inputs', () => {
  it('the inputs digest changes only when a matching file changes', async () => {
    const repo = makePlaneRepo();
    const first = await subjects(repo);
    repo.write('README.md', 'other\n');
    const second = await subjects(repo);
    expect(second.get('unit')).toMatchObject({
      inputs: (first.get('unit') as { inputs: string }).inputs,
    });
    expect(second.get('unit')).not.toEqual(first.get('unit'));
    repo.write('src/lib/util.ts', 'export const u = 3;\n');
    const third = await subjects(repo);
    expect((third.get('unit') as { inputs: string }).inputs).not.toBe(
      (second.get('unit') as { inputs: string }).inputs,
    );
    expect(third.get('lint')).not.toHaveProperty('inputs');
  });

  it('inputsDigest over the tree agrees with computeSubjects', async () => {
    const repo = makePlaneRepo();
    const unit = (await subjects(repo)).get('unit') as { tree: string; inputs: string };
    expect(await inputsDigest(repo.dir, unit.tree, ['src/**/*.ts'])).toBe(unit.inputs);
  });

  it('a glob matching no file is a configuration error naming it (exit 2)', async () => {
    const repo = makePlaneRepo();
    const tree = await treeOf(repo);
    const failure = inputsDigest(repo.dir, tree, ['src/**/*.ts', 'lib/**']);
    await expect(failure).rejects.toMatchObject({
      code: 'INPUT_UNMATCHED',
      exitCode: 2,
      problems: [expect.stringContaining('"lib/**"')],
    });
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

describe('roots and temporary files', () => {
  it('outside a git repository: NOT_A_GIT_REPO, exit 4, and nothing written', async () => {
    const dir = makeTempDir('proofgate-nogit-');
    try {
      await expect(resolveRoot(undefined, dir)).rejects.toMatchObject({
        code: 'NOT_A_GIT_REPO',
        exitCode: 4,
      });
      await expect(computeSubjectTree(dir, { excludes: [] })).rejects.toMatchObject({
        code: 'NOT_A_GIT_REPO',
        exitCode: 4,
      });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('resolves --root to a real absolute path; a missing one is a usage error (exit 2)', async () => {
    const repo = makePlaneRepo();
    expect(await resolveRoot(undefined, join(repo.dir, 'src/lib'))).toBe(realpathSync(repo.dir));
    expect(await resolveRoot('src', repo.dir)).toBe(realpathSync(join(repo.dir, 'src')));
    await expect(resolveRoot('nope', repo.dir)).rejects.toMatchObject({
      code: 'BAD_VALUE',
      exitCode: 2,
      next: expect.stringContaining('--root') as unknown,
    });
  });

  it('removes its temporary index even when git fails', async () => {
    const repo = makePlaneRepo();
    const tmp = makeTempDir('proofgate-tmpdir-');
    const saved = process.env['TMPDIR'];
    process.env['TMPDIR'] = tmp;
    try {
      await treeOf(repo);
      await expect(inputsDigest(repo.dir, 'f'.repeat(40), ['src/'])).rejects.toMatchObject({
        code: 'GIT_FAILED',
      });
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = saved;
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('a linked worktree uses its own index and agrees with the main checkout', async () => {
    const repo = makePlaneRepo();
    const parent = track(openRepo(makeTempDir('proofgate-wt-')));
    const wt = join(parent.dir, 'wt');
    repo.git('worktree', 'add', '-q', '--detach', wt);
    const linked = openRepo(wt);
    expect(await subjects(linked)).toEqual(await subjects(repo));
    linked.write('src/app.ts', 'only in the worktree\n');
    expect(await treeOf(linked)).not.toBe(await treeOf(repo));
  });
});
