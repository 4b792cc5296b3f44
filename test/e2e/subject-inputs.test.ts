// Subject bindings against real git: inputs, roots, temporary files, user settings and unusual
// repository states.
import { chmodSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRoot } from '../../scripts/lib/io/git.ts';
import { computeSubjectTree, inputsDigest } from '../../scripts/lib/io/subject/subject.ts';
import { makeRepo, makeTempDir, openRepo } from '../helpers/git-repo.ts';
import {
  cleanUpRepos,
  makePlaneRepo,
  MANIFEST,
  REGISTRY,
  subjects,
  track,
  treeOf,
} from '../helpers/plane-repo.ts';

cleanUpRepos();

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
    repo.write('knowledge/facts.jsonl', '{}\n');
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
