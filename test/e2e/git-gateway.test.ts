// The git facade's one gateway (scripts/lib/io/git/run-git.ts, git started by simple-git): exact
// exit codes, byte-exact output, stdin, an extra environment, the ambient GIT_* guard, the refused
// settings and options that would make git run a program (simple-git's guard and ours), no wait
// after a silent process, the environment errors, and the lint fence that keeps simple-git inside
// scripts/lib/io/git/ and child processes inside scripts/lib/io/.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { gitObjectId, resolveRoot } from '../../scripts/lib/io/git.ts';
import { gitText, runGit } from '../../scripts/lib/io/git/run-git.ts';
import { parseStatus } from '../../scripts/lib/io/repo/worktree-state.ts';
import { makeRepo, makeTempDir } from '../helpers/git-repo.ts';

const repo = makeRepo({ 'a.txt': 'a\n' });
afterAll(() => repo.remove());

describe('runGit', () => {
  it('reports the exact exit code of a silent failure', async () => {
    const result = await runGit(['rev-parse', '-q', '--verify', 'nope^{tree}'], { cwd: repo.dir });
    expect(result.code).toBe(1);
    expect(result.stdout.length).toBe(0);
  });

  it('reports exit 128 with git own message', async () => {
    const result = await runGit(['cat-file', '-s', 'HEAD:missing'], { cwd: repo.dir });
    expect(result.code).toBe(128);
    expect(result.stderr).toMatch(/missing/);
  });

  it('keeps stdout byte-exact (a blob that is not UTF-8)', async () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x0a]);
    writeFileSync(join(repo.dir, 'bin.dat'), bytes);
    const oid = (await gitText(['hash-object', '-w', 'bin.dat'], { cwd: repo.dir })).trim();
    expect(oid).toBe(gitObjectId('blob', bytes));
    const blob = await runGit(['cat-file', 'blob', oid], { cwd: repo.dir });
    expect(blob.stdout.equals(bytes)).toBe(true);
  });

  it('writes stdin and refuses empty input instead of leaving stdin open', async () => {
    const hashed = await gitText(['hash-object', '--stdin'], { cwd: repo.dir, input: 'hi\n' });
    expect(hashed.trim()).toBe(gitObjectId('blob', Buffer.from('hi\n')));
    await expect(runGit(['hash-object', '--stdin'], { cwd: repo.dir, input: '' })).rejects.toThrow(
      /empty input/,
    );
  });

  it('passes its own environment (a private index) to git', async () => {
    const index = join(makeTempDir('proofgate-gw-'), 'index');
    await gitText(['read-tree', 'HEAD'], { cwd: repo.dir, env: { GIT_INDEX_FILE: index } });
    const listed = await gitText(['ls-files'], { cwd: repo.dir, env: { GIT_INDEX_FILE: index } });
    expect(listed).toBe('a.txt\n');
  });

  it('ignores an ambient GIT_DIR: the repository comes from cwd', async () => {
    const other = makeRepo({ 'other.txt': 'o\n' });
    const saved = process.env['GIT_DIR'];
    process.env['GIT_DIR'] = join(other.dir, '.git');
    try {
      const listed = await gitText(['ls-files'], { cwd: repo.dir });
      expect(listed.split('\n')).toContain('a.txt');
    } finally {
      if (saved === undefined) delete process.env['GIT_DIR'];
      else process.env['GIT_DIR'] = saved;
      other.remove();
    }
  });

  it('refuses to pin core.hooksPath unless the caller says it does', async () => {
    const args = ['-c', 'core.hooksPath=/dev/null', 'status', '--porcelain'];
    await expect(runGit(args, { cwd: repo.dir })).rejects.toMatchObject({ code: 'GIT_FAILED' });
    expect((await runGit(args, { cwd: repo.dir, pinsHooksPath: true })).code).toBe(0);
  });

  it('refuses settings that make git run a program, read only before the subcommand', async () => {
    for (const setting of ['core.sshCommand=x', 'core.fsmonitor=/tmp/x', 'credential.helper=x']) {
      await expect(
        runGit(['-c', setting, 'status', '--porcelain'], { cwd: repo.dir }),
      ).rejects.toMatchObject({ code: 'GIT_FAILED', exitCode: 4 });
    }
    await expect(
      runGit(['fetch', '--upload-pack=touch /tmp/x', 'origin'], { cwd: repo.dir }),
    ).rejects.toMatchObject({ code: 'GIT_FAILED' });
    // simple-git's own guard: an alias that runs a program, another git dir, another directory.
    for (const args of [
      ['-c', 'alias.st=!touch /tmp/x', 'st'],
      ['--git-dir=/tmp', 'status'],
      ['-C', '/tmp', 'status'],
    ]) {
      await expect(runGit(args, { cwd: repo.dir })).rejects.toMatchObject({
        code: 'GIT_FAILED',
        exitCode: 4,
      });
    }
    // A guarded variable handed over explicitly is refused, not passed on.
    await expect(
      runGit(['status'], { cwd: repo.dir, env: { GIT_CONFIG_GLOBAL: '/tmp/x' } }),
    ).rejects.toMatchObject({ code: 'GIT_FAILED' });
    // After the subcommand `-c` is its own flag (ls-files --cached), not a setting.
    expect(await gitText(['ls-files', '-c', '-z'], { cwd: repo.dir })).toContain('a.txt');
  });

  it('answers a process that printed nothing without waiting (simple-git would wait 50 ms)', async () => {
    // Two stand-ins for git, one silent and one printing a byte, timed in turns: the fastest run
    // of each is what the machine's load does not blur, and 50 ms more would show there.
    const bin = (body: string): string => {
      const dir = makeTempDir('proofgate-silent-');
      writeFileSync(join(dir, 'git'), `#!/bin/sh\n${body}\n`);
      chmodSync(join(dir, 'git'), 0o755);
      return dir;
    };
    const silent = bin('exit 3');
    const printing = bin('echo x; exit 3');
    const saved = process.env['PATH'];
    const fastest = { silent: Infinity, printing: Infinity };
    try {
      for (let i = 0; i < 8; i++) {
        for (const [name, dir] of [
          ['silent', silent],
          ['printing', printing],
        ] as const) {
          process.env['PATH'] = `${dir}:${saved ?? ''}`;
          const started = performance.now();
          expect((await runGit(['status'], { cwd: repo.dir })).code).toBe(3);
          fastest[name] = Math.min(fastest[name], performance.now() - started);
        }
      }
    } finally {
      process.env['PATH'] = saved;
    }
    expect(fastest.silent).toBeLessThan(fastest.printing + 30);
  });

  it('git missing from PATH or a directory that is gone: GIT_FAILED (exit 4), never a crash', async () => {
    const saved = process.env['PATH'];
    process.env['PATH'] = makeTempDir('proofgate-nopath-');
    try {
      await expect(runGit(['status'], { cwd: repo.dir })).rejects.toMatchObject({
        code: 'GIT_FAILED',
        exitCode: 4,
        message: expect.stringMatching(/could not run/) as unknown,
      });
    } finally {
      process.env['PATH'] = saved;
    }
    const gone = join(makeTempDir('proofgate-gone-'), 'absent');
    await expect(runGit(['status'], { cwd: gone })).rejects.toMatchObject({
      code: 'GIT_FAILED',
      message: expect.stringMatching(/does not exist/) as unknown,
    });
  });

  it('outside a repository: NOT_A_GIT_REPO, a contract error rather than a crash', async () => {
    const dir = makeTempDir('proofgate-nogit-');
    await expect(resolveRoot(undefined, dir)).rejects.toMatchObject({ code: 'NOT_A_GIT_REPO' });
    await expect(resolveRoot(undefined, join(dir, 'absent'))).rejects.toMatchObject({
      code: 'NOT_A_GIT_REPO',
    });
  });

  it('the empty tree id matches git for both object formats', () => {
    expect(gitObjectId('tree', new Uint8Array(0))).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
    expect(gitObjectId('tree', new Uint8Array(0), 'sha256')).toBe(
      '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321',
    );
  });
});

describe('parseStatus', () => {
  const z = (...records: string[]): Buffer => Buffer.from(`${records.join('\0')}\0`);

  it('lists worktree changes, unmerged and untracked paths, not index-only ones', () => {
    const state = parseStatus(
      z(
        '# branch.oid abc',
        '1 .M N... 100644 100644 100644 aaa aaa src/with space.ts',
        '1 M. N... 100644 100644 100644 aaa bbb staged-only.ts',
        '1 .D N... 100644 100644 000000 aaa aaa gone.ts',
        'u UU N... 100644 100644 100644 100644 a b c conflict.ts',
        '? new file.ts',
      ),
    );
    expect(state?.dirty).toEqual(['src/with space.ts', 'gone.ts', 'conflict.ts', 'new file.ts']);
    expect(state?.untracked).toEqual(['new file.ts']);
    expect(state?.opaque).toBe(false);
  });

  it('marks submodules, nested repositories and non-UTF-8 paths as never cacheable', () => {
    expect(parseStatus(z('1 .M SC.. 160000 160000 160000 a a sub'))?.opaque).toBe(true);
    expect(parseStatus(z('? nested/'))?.opaque).toBe(true);
    expect(parseStatus(Buffer.from([0x3f, 0x20, 0xff, 0x00]))?.opaque).toBe(true);
  });

  it('refuses records it does not understand', () => {
    expect(parseStatus(z('2 R. N... 100644 100644 100644 a a R100 new\0old'))).toBeUndefined();
    expect(parseStatus(z('? '))).toBeUndefined();
  });
});

describe('the lint fence', () => {
  const restricted = async (text: string, filePath: string): Promise<boolean> => {
    const [result] = await new ESLint().lintText(`${text}\n`, { filePath });
    return (result?.messages ?? []).some(
      (m) => m.ruleId === '@typescript-eslint/no-restricted-imports',
    );
  };

  it('simple-git and child_process are refused outside scripts/lib/io/', async () => {
    // an existing file, linted with this text
    for (const module of ['simple-git', 'node:child_process'])
      expect(await restricted(`import '${module}';`, 'scripts/lib/core/errors.ts')).toBe(true);
  });

  it('outside the facade, git is asked through its front door only; inside, simple-git is allowed', async () => {
    const io = 'scripts/lib/io/ledger/ledger-base.ts';
    expect(await restricted("import 'simple-git';", io)).toBe(true);
    expect(await restricted("import { runGit } from './git/run-git.ts';", io)).toBe(true);
    expect(await restricted("import { readObjects } from './git/objects.ts';", io)).toBe(true);
    expect(await restricted("import { readObjects } from './git.ts';", io)).toBe(false);
    const flow = 'scripts/lib/flows/knowledge/explore-flow.ts';
    expect(await restricted("import { resolveHead } from '../io/git/refs.ts';", flow)).toBe(true);
    expect(await restricted("import { resolveHead } from '../io/git.ts';", flow)).toBe(false);
    expect(await restricted("import 'simple-git';", 'scripts/lib/io/git/run-git.ts')).toBe(false);
    const question = 'scripts/lib/io/git/objects.ts';
    expect(await restricted("import { runGit } from './run-git.ts';", question)).toBe(false);
    expect(
      await restricted("export { readObjects } from './git/objects.ts';", 'scripts/lib/io/git.ts'),
    ).toBe(false);
  });
});
