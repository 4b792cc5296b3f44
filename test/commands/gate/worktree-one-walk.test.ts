// One `git status --untracked-files=all` stands for the tracked status plus the untracked listing
// only when .git/info/exclude says nothing: the state read either way is the same, and a line
// there (which would hide a file from status) takes the two separate reads.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startVerdictMemo } from '../../../scripts/lib/io/repo/verdict-memo.ts';
import {
  readWorktreeState,
  sharedWorktreeState,
  takeWorktreeState,
} from '../../../scripts/lib/io/repo/worktree-state.ts';

function repo(): { dir: string; write: (path: string, text?: string) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'pg-one-walk-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir });
  const write = (path: string, text = 'x\n') => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  git('init', '-q', '-b', 'main');
  write('.gitignore', '*.log\n!keep.log\nbuild/\n');
  write('src/app.js', 'one\n');
  write('src/old.js');
  write('docs/a b.md');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base');
  write('src/app.js', 'two\n'); // modified
  execFileSync('rm', [join(dir, 'src/old.js')]); // deleted
  write('src/new.js'); // untracked
  write('deep/er/still/new.ts');
  write('debug.log'); // ignored
  write('keep.log'); // re-included
  write('build/out.js'); // ignored folder
  write('sub/.gitignore', 'local.txt\n');
  write('sub/local.txt'); // ignored by a nested .gitignore
  write('sub/über name.txt');
  execFileSync('git', ['init', '-q', join(dir, 'nested')]); // an untracked nested repository
  return { dir, write };
}

// A `git` first on PATH that logs each call's subcommand, then runs the real one.
function logGitCalls(): { calls: () => string[]; restore: () => void } {
  const bin = mkdtempSync(join(tmpdir(), 'pg-git-log-'));
  const log = join(bin, 'calls');
  writeFileSync(log, '');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const shim = join(bin, 'git');
  writeFileSync(
    shim,
    `#!/bin/sh\nfor a in "$@"; do case "$a" in -c) skip=1;; *) if [ -z "$skip" ]; then echo "$a" >> ${JSON.stringify(log)}; break; fi; skip=;; esac; done\nexec ${JSON.stringify(real)} "$@"\n`,
  );
  chmodSync(shim, 0o755);
  const before = process.env['PATH'];
  process.env['PATH'] = `${bin}:${before ?? ''}`;
  return {
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    restore: () => {
      process.env['PATH'] = before;
    },
  };
}

const comparable = (state: Awaited<ReturnType<typeof readWorktreeState>>) => {
  if (state === undefined) return undefined;
  const { raw: _raw, ...rest } = state;
  return Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]),
  );
};

test('the one-walk status and the two separate reads give the same state', async () => {
  const { dir } = repo();
  const exclude = join(dir, '.git', 'info', 'exclude');
  writeFileSync(exclude, '# only a comment\n\n');
  const git = logGitCalls();
  let one, two;
  try {
    one = await readWorktreeState(dir);
    // the one walk starts beside rev-parse, not after it
    expect(git.calls().sort()).toEqual(['rev-parse', 'status']);
    // a line that excludes nothing that exists: the separate reads, and the same answer
    writeFileSync(exclude, '/no-such-file\n');
    two = await readWorktreeState(dir);
    expect(git.calls().slice(2).sort()).toEqual(['ls-files', 'status']);
  } finally {
    git.restore();
  }
  expect(comparable(two)).toEqual(comparable(one));
  expect(one?.untracked.sort()).toEqual([
    'deep/er/still/new.ts',
    'keep.log',
    'nested/',
    'src/new.js',
    'sub/.gitignore',
    'sub/über name.txt',
  ]);
  expect(one?.opaque).toBe(true); // the nested repository
});

test('a line in info/exclude never hides a file from the state', async () => {
  const { dir } = repo();
  writeFileSync(join(dir, '.git', 'info', 'exclude'), 'src/new.js\n');
  const state = await readWorktreeState(dir);
  expect(state?.untracked).toContain('src/new.js');
});

// The one walk starts before rev-parse says where info/exclude is; a line written there meanwhile
// (here: by a `git` that writes it as rev-parse starts, before status reads it) drops that walk for
// the two separate reads, whose listing never reads info/exclude.
test('a line written to info/exclude while the one walk runs still hides nothing', async () => {
  const { dir } = repo();
  const exclude = join(dir, '.git', 'info', 'exclude');
  writeFileSync(exclude, '# nothing yet\n');
  const bin = mkdtempSync(join(tmpdir(), 'pg-git-race-'));
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(
    join(bin, 'git'),
    // rev-parse writes the line; status waits until it surely has, so git itself honours it
    `#!/bin/sh\nfor a in "$@"; do\n  [ "$a" = rev-parse ] && printf 'src/new.js\\n' > ${JSON.stringify(exclude)}\n  [ "$a" = status ] && sleep 0.3\ndone\nexec ${JSON.stringify(real)} "$@"\n`,
  );
  chmodSync(join(bin, 'git'), 0o755);
  const before = process.env['PATH'];
  process.env['PATH'] = `${bin}:${before ?? ''}`;
  try {
    const state = await readWorktreeState(dir);
    expect(readFileSync(exclude, 'utf8')).toBe('src/new.js\n');
    expect(state?.untracked).toContain('src/new.js');
  } finally {
    process.env['PATH'] = before;
  }
});

// The status verb starts no status of its own: whichever comes first, the subject binding or the
// question which of a checkpoint's covered files changed (timing decides), the other gets the same
// answer from one git status; a second binding in the same verb asks git again.
test.each(['the shared question first', 'the binding first'])(
  'one git status per verdict, %s',
  async (order) => {
    const dir = realpathSync(repo().dir);
    const git = logGitCalls();
    const end = startVerdictMemo(dir);
    try {
      const [first, second] =
        order === 'the binding first'
          ? [await takeWorktreeState(dir), await sharedWorktreeState(dir)]
          : [await sharedWorktreeState(dir), await takeWorktreeState(dir)];
      expect(second).toBe(first);
      expect(git.calls().filter((c) => c === 'status')).toHaveLength(1);
      const later = await takeWorktreeState(dir);
      expect(later).not.toBe(first);
      expect(git.calls().filter((c) => c === 'status')).toHaveLength(2);
    } finally {
      end();
      git.restore();
    }
  },
);
