import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { globFiles } from '../../scripts/lib/io/repo/glob-files.ts';
import { makeRepo, makeTempDir } from '../helpers/git-repo.ts';
import type { TestRepo } from '../helpers/git-repo.ts';

let repo: TestRepo | undefined;
afterEach(() => repo?.remove());

describe('globFiles (files git sees, matched by minimatch)', () => {
  test('tracked and untracked files match; ignored directories and symlinks do not', async () => {
    repo = makeRepo({
      '.gitignore': 'build/\n*.tmp.jsonl\n',
      'traces/a.jsonl': '{}\n',
      'traces/deep/b.jsonl': '{}\n',
    });
    repo.write('traces/untracked.jsonl', '{}\n');
    repo.write('traces/scratch.tmp.jsonl', '{}\n');
    repo.write('build/traces/c.jsonl', '{}\n');
    repo.write('.proofgate/traces/e.jsonl', '{}\n');
    symlinkSync('/etc/hostname', join(repo.dir, 'traces', 'link.jsonl'));
    expect(await globFiles(repo.dir, ['**/*.jsonl'])).toEqual([
      '.proofgate/traces/e.jsonl',
      'traces/a.jsonl',
      'traces/deep/b.jsonl',
      'traces/untracked.jsonl',
    ]);
    expect(await globFiles(repo.dir, ['traces/{a,deep/*}.jsonl', 'build/**'])).toEqual([
      'traces/a.jsonl',
      'traces/deep/b.jsonl',
    ]);
    expect(await globFiles(repo.dir, ['build/traces/c.jsonl'])).toEqual([]);
  });

  test('.git/info/exclude and core.excludesFile never hide a trace the agent wrote', async () => {
    repo = makeRepo({ 'traces/a.jsonl': '{}\n' });
    repo.write('traces/bad.jsonl', '{}\n');
    repo.write('traces/worse.jsonl', '{}\n');
    writeFileSync(join(repo.dir, '.git/info/exclude'), 'traces/bad.jsonl\n');
    writeFileSync(join(repo.dir, '.git/ignore-all'), 'worse.jsonl\n');
    repo.git('config', 'core.excludesFile', join(repo.dir, '.git/ignore-all'));
    expect(await globFiles(repo.dir, ['traces/*.jsonl'])).toEqual([
      'traces/a.jsonl',
      'traces/bad.jsonl',
      'traces/worse.jsonl',
    ]);
  });

  test('git is asked to list only below the fixed part of each glob', async () => {
    repo = makeRepo({ 'traces/a.jsonl': '{}\n', 'other/a.jsonl': '{}\n', 'tr[a]ces/x.jsonl': '' });
    expect(await globFiles(repo.dir, ['traces/*.jsonl'])).toEqual(['traces/a.jsonl']);
    expect(await globFiles(repo.dir, ['tr[a]ces/*.jsonl'])).toEqual(['traces/a.jsonl']);
    expect(await globFiles(repo.dir, ['{traces,other}/a.jsonl'])).toEqual([
      'other/a.jsonl',
      'traces/a.jsonl',
    ]);
  });

  test('a tracked file deleted from the working tree is not a trace', async () => {
    repo = makeRepo({ 'traces/a.jsonl': '{}\n', 'traces/b.jsonl': '{}\n' });
    rmSync(join(repo.dir, 'traces', 'b.jsonl'));
    expect(repo.git('ls-files', 'traces')).toContain('traces/b.jsonl');
    expect(await globFiles(repo.dir, ['traces/*'])).toEqual(['traces/a.jsonl']);
  });

  test('outside a git repository: exit 4 with the next step', async () => {
    const dir = makeTempDir('proofgate-noglob-');
    writeFileSync(join(dir, 'a.jsonl'), '{}\n');
    await expect(globFiles(dir, ['*.jsonl'])).rejects.toMatchObject({
      code: 'NOT_A_GIT_REPO',
      exitCode: 4,
    });
    rmSync(dir, { recursive: true, force: true });
  });
});
