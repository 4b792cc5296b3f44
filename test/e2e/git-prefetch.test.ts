// The first git questions of hook stop, claim and status, started as the process starts
// (scripts/lib/io/git/prefetch.ts, shipped as dist/prefetch-<hash>.cjs): the facade takes one only for the very question it was started as (same
// arguments and pinned settings, directory and environment), once; the ledger's listing names the
// commit read from .git/HEAD, so it is taken only by a question about that commit. Nothing starts where the facade
// would turn off something these arguments do not (filter drivers, included configuration), nor
// for a linked worktree or a repository without a plane; the one-walk status only where
// .git/info/exclude says nothing. An answer nobody takes never holds the process, and its git is
// ended as the process exits.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prefetchGit } from '../../scripts/lib/io/git/prefetch.ts';
import { findRepositoryPaths } from '../../scripts/lib/io/git/repository.ts';
import { runGit } from '../../scripts/lib/io/git/run-git.ts';
import { readTrackedStatus } from '../../scripts/lib/io/git/status.ts';
import { listRefs } from '../../scripts/lib/io/git/refs.ts';
import { listTreeFilesWithSizes } from '../../scripts/lib/io/git/trees.ts';
import { BIN } from '../helpers/cli.ts';
import { makeGateRepo } from '../helpers/gate-repo.ts';
import { makeRepo, makeTempDir } from '../helpers/git-repo.ts';

const PREFETCHED = Symbol.for('proofgate.prefetched-git');

interface Started {
  argv: string[];
  cwd: string;
  child: { kill(): boolean; killed: boolean; exitCode: number | null };
}

const held = globalThis as unknown as Record<symbol, Started[] | undefined>;
const startedFor = (args: string[]): Started[] => {
  prefetchGit(args);
  return [...(held[PREFETCHED] ?? [])];
};
/** The subcommand of each question still waiting to be taken. */
const waiting = (): string[] =>
  (held[PREFETCHED] ?? []).map(
    (p) => p.argv.find((a, i) => p.argv[i - 1] !== '-c' && a !== '-c') ?? '',
  );

afterEach(() => {
  for (const left of held[PREFETCHED] ?? []) left.child.kill();
  delete held[PREFETCHED];
});

const LEDGER = '.proofgate/evidence/ledger';
const headOf = (dir: string): string =>
  spawnSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).stdout.trim();

// Commits a file `name` holding `text` (a ledger segment, say).
function commitFile(dir: string, name: string, text: string): void {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), text);
  spawnSync('git', ['add', name], { cwd: dir });
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', name], {
    cwd: dir,
  });
}

function planeRepo(): string {
  const r = makeGateRepo([{ id: 'tests', execution: '{ type: command, argv: [node, -e, "0"] }' }]);
  return realpathSync(r.dir);
}

describe('the facade takes a question started ahead only when it is the very same one', () => {
  it('status --root: the four questions start, and the facade takes each once', async () => {
    const dir = planeRepo();
    commitFile(dir, `${LEDGER}/a-main.jsonl`, '{}\n');
    const started = startedFor(['status', '--root', dir]);
    expect(started.map((p) => p.cwd)).toEqual([dir, dir, dir, dir]);
    expect(waiting()).toEqual(['rev-parse', 'status', 'for-each-ref', 'ls-tree']);
    // another question, and the same one with another environment (a private index), wait on
    await runGit(['rev-parse', 'HEAD'], { cwd: dir });
    await readTrackedStatus(dir, join(dir, '.git', 'index'), true);
    expect(waiting()).toEqual(['rev-parse', 'status', 'for-each-ref', 'ls-tree']);
    // the same question from another directory waits on
    mkdirSync(join(dir, 'sub'));
    expect((await listRefs(join(dir, 'sub')))?.has('refs/heads/main')).toBe(true);
    expect((await findRepositoryPaths(dir)).top).toBe(dir);
    expect(waiting()).toEqual(['status', 'for-each-ref', 'ls-tree']);
    const status = await readTrackedStatus(dir, undefined, true);
    expect(status?.toString()).toContain('# branch.oid ');
    expect((await listRefs(dir))?.has('refs/heads/main')).toBe(true);
    expect(waiting()).toEqual(['ls-tree']);
    const listed = await listTreeFilesWithSizes(dir, headOf(dir), LEDGER);
    expect(listed?.some((entry) => entry.path.endsWith('.jsonl'))).toBe(true);
    expect(waiting()).toEqual([]);
    // taken once: asked again, git answers (nothing is waiting any more)
    expect((await readTrackedStatus(dir, undefined, true))?.equals(status ?? Buffer.alloc(0))).toBe(
      true,
    );
  });

  it('the hook anchors where the verdict will: --root, then $CLAUDE_PROJECT_DIR', () => {
    const dir = planeRepo();
    const before = process.env['CLAUDE_PROJECT_DIR'];
    process.env['CLAUDE_PROJECT_DIR'] = dir;
    try {
      expect(startedFor(['hook', 'stop']).map((p) => p.cwd)).toEqual([dir, dir, dir, dir]);
    } finally {
      if (before === undefined) delete process.env['CLAUDE_PROJECT_DIR'];
      else process.env['CLAUDE_PROJECT_DIR'] = before;
    }
  });

  it('nothing starts for other verbs, --help, a linked worktree or a repository without a plane', () => {
    const dir = planeRepo();
    for (const args of [
      ['evaluate', '--root', dir],
      ['hook', 'install', '--root', dir],
      ['status', '--root', dir, '--help'],
    ])
      expect(startedFor(args), args.join(' ')).toEqual([]);
    const bare = realpathSync(makeRepo({ 'a.txt': 'a\n' }).dir);
    expect(startedFor(['status', '--root', bare])).toEqual([]);
    const linked = join(makeTempDir('pg-prefetch-wt-'), 'linked');
    spawnSync('git', ['-C', dir, 'worktree', 'add', '-q', linked]);
    expect(existsSync(join(linked, '.git'))).toBe(true);
    expect(startedFor(['status', '--root', linked])).toEqual([]);
  });

  // A filter driver would run (and could answer for the committed content) in a git the facade
  // did not start: the facade turns every driver off, so nothing starts without it.
  it('a filter driver or an include in .git/config: nothing starts', () => {
    for (const config of [
      '[filter "lie"]\n\tclean = sh -c "touch ran; cat"\n',
      '[include]\n\tpath = ../elsewhere\n',
      '[includeIf "gitdir:/"]\n\tpath = ../elsewhere\n',
    ]) {
      const dir = planeRepo();
      spawnSync('sh', ['-c', `printf '%s' '${config}' >> .git/config`], { cwd: dir });
      expect(startedFor(['claim', '--root', dir]), config).toEqual([]);
    }
  });

  // (A test ending the questions itself and dropping the list, as afterEach here does, made the
  // handler throw when a test worker exited.)
  it('at exit, the questions not taken are ended, whatever the shared list holds by then', () => {
    const dir = planeRepo();
    const before = process.listeners('exit').length;
    const started = startedFor(['status', '--root', dir]);
    const onExit = process.listeners('exit')[before];
    expect(onExit).toBeDefined();
    delete held[PREFETCHED];
    try {
      expect(() => onExit?.(0)).not.toThrow();
      expect(started.every((p) => p.child.killed || p.child.exitCode !== null)).toBe(true);
    } finally {
      if (onExit !== undefined) process.removeListener('exit', onExit);
    }
  });

  it('a line in .git/info/exclude: no one-walk status starts (the facade asks two reads then)', () => {
    const dir = planeRepo();
    writeFileSync(join(dir, '.git', 'info', 'exclude'), '# template\nsecret.txt\n');
    startedFor(['status', '--root', dir]);
    expect(waiting()).toEqual(['rev-parse', 'for-each-ref', 'ls-tree']);
  });

  // The listing names the commit it read from .git/HEAD and the ref files: a guess, taken only by
  // a question about that very commit.
  it('the ledger listing names the commit HEAD names: loose ref, packed-refs, detached', () => {
    const dir = planeRepo();
    const head = headOf(dir);
    const question = (): string[] | undefined =>
      (held[PREFETCHED] ?? []).find((p) => p.argv.includes('ls-tree'))?.argv.slice(-4);
    startedFor(['claim', '--root', dir]);
    expect(question()).toEqual(['--full-tree', head, '--', LEDGER]);
    spawnSync('git', ['pack-refs', '--all'], { cwd: dir });
    expect(existsSync(join(dir, '.git', 'refs', 'heads', 'main'))).toBe(false);
    startedFor(['claim', '--root', dir]);
    expect(question()).toEqual(['--full-tree', head, '--', LEDGER]);
    spawnSync('git', ['checkout', '-q', '--detach'], { cwd: dir });
    startedFor(['claim', '--root', dir]);
    expect(question()).toEqual(['--full-tree', head, '--', LEDGER]);
    // an unborn branch names no commit: no listing starts
    spawnSync('git', ['checkout', '-q', '--orphan', 'fresh'], { cwd: dir });
    startedFor(['claim', '--root', dir]);
    expect(waiting()).not.toContain('ls-tree');
  });

  it('a commit made after the start: the verdict lists the new commit, the answer waits on', async () => {
    const dir = planeRepo();
    commitFile(dir, `${LEDGER}/a-main.jsonl`, '{}\n');
    const before = headOf(dir);
    startedFor(['claim', '--root', dir]);
    commitFile(dir, `${LEDGER}/a-main.jsonl`, '{}\n{}\n');
    const after = headOf(dir);
    expect(after).not.toBe(before);
    const listed = await listTreeFilesWithSizes(dir, after, LEDGER);
    expect(listed?.map((entry) => entry.size)).toEqual([6]);
    expect(waiting()).toContain('ls-tree');
    expect((await listTreeFilesWithSizes(dir, before, LEDGER))?.map((entry) => entry.size)).toEqual(
      [3],
    );
    expect(waiting()).not.toContain('ls-tree');
  });
});

describe('through the shipped command', () => {
  // git status blocks until the test ends it; a payload the hook cannot parse decides without git.
  // The git on PATH notes each call: the status was started (by the shipped prefetch script,
  // before the hook read its payload) and was not left running.
  it('an untaken question neither holds the process nor outlives it', () => {
    const dir = planeRepo();
    const bin = makeTempDir('pg-prefetch-bin-');
    const calls = join(bin, 'calls.log');
    const real = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    const marker = `pg-prefetch-blocked-${process.pid}-${Date.now()}`;
    writeFileSync(
      join(bin, 'git'),
      `#!/bin/sh\necho "$*" >> '${calls}'\nfor a in "$@"; do [ "$a" = status ] && exec sh -c 'while :; do sleep 1; done' ${marker}; done\nexec '${real}' "$@"\n`,
    );
    chmodSync(join(bin, 'git'), 0o755);
    try {
      const run = spawnSync(process.execPath, [BIN, 'hook', 'stop', '--root', dir], {
        input: 'not json',
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: process.env['HOME'] ?? '/tmp' },
      });
      expect(run.error).toBeUndefined();
      expect(run.stdout).toContain('"decision":"block"');
      expect(readFileSync(calls, 'utf8')).toContain(' status --porcelain=v2 ');
      const left = spawnSync('pgrep', ['-f', marker], { encoding: 'utf8' });
      expect(left.stdout.trim(), 'the blocked git status was ended with the process').toBe('');
    } finally {
      spawnSync('pkill', ['-f', marker]);
    }
  });
});
