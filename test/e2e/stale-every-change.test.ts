// The STALE cause is named from the very git status the subject binding was computed from (one
// status per verdict, handed from the binding to the naming once). Whatever way git can see a
// file change (content, mode, new, deleted, ignored→tracked, staged only), the Stop hook's block
// and status name that file; nothing is answered from an earlier call's status.
import { chmodSync, unlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import {
  noteBoundState,
  parseStatus,
  takeBoundState,
  takeWorktreeState,
  startWorktreeState,
} from '../../scripts/lib/io/repo/worktree-state.ts';
import { createTestContext } from '../helpers/context.ts';
import { makeGateRepo, nodeArgv, staleReason, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterAll(() => repos.forEach((r) => r.remove()));

async function provenRepo(): Promise<GateRepo> {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` }],
    {
      files: { '.gitignore': '*.log\n', 'run.sh': 'echo\n', 'src/old.js': 'old\n' },
    },
  );
  repos.push(r);
  expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
  r.commit('evidence');
  return r;
}

async function hookStop(r: GateRepo): Promise<string> {
  const stdin = JSON.stringify({ hook_event_name: 'Stop', stop_hook_active: false });
  // The hook's clock is now, like the entries' (an earlier one finds them dated in the future).
  const ctx = createTestContext({
    cwd: r.dir,
    stdin,
    env: { USER: 'dev' },
    now: new Date().toISOString(),
  });
  await dispatchCommand(['hook', 'stop', '--control', 'tests', '--root', r.dir], ctx);
  return ctx.stdout();
}

const changes: [string, string, (r: GateRepo) => void][] = [
  ['content', 'src/app.js', (r) => r.write('src/app.js', 'export const x = 2;\n')],
  ['mode', 'run.sh', (r) => chmodSync(join(r.dir, 'run.sh'), 0o755)],
  // Dated an hour back: the cause does not hang on how long after the run the file appeared.
  [
    'a new file',
    'src/new.js',
    (r) => {
      r.write('src/new.js', 'new\n');
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(join(r.dir, 'src/new.js'), hourAgo, hourAgo);
    },
  ],
  ['a deleted file', 'src/old.js', (r) => unlinkSync(join(r.dir, 'src/old.js'))],
  [
    'ignored becomes tracked',
    'trace.log',
    (r) => {
      r.write('trace.log', 'log\n');
      r.git('add', '-f', 'trace.log');
    },
  ],
  [
    'a change staged only',
    'src/app.js',
    (r) => {
      r.write('src/app.js', 'export const x = 3;\n');
      r.git('add', 'src/app.js');
    },
  ],
];

describe('the STALE cause names the changed file', () => {
  for (const [what, path, change] of changes) {
    it(`${what}: ${path}`, async () => {
      const r = await provenRepo();
      expect(await hookStop(r)).toBe(''); // proven: the stop is allowed
      change(r);
      const head = r.git('rev-parse', '--short=7', 'HEAD').trim();
      // A new file the run did not write is named as untracked, to commit or ignore.
      const cause =
        what === 'a new file'
          ? `untracked file ${path}: commit it or ignore it (.gitignore)`
          : `the working tree has uncommitted changes: ${path} (last PASS on commit ${head}, without them)`;
      const block = JSON.parse(await hookStop(r)) as { decision: string; reason: string };
      expect(block.decision).toBe('block');
      expect(block.reason).toContain(cause);
      expect(await staleReason(r)).toContain(cause);
    });
  }

  it('a second change after a verdict is named by the next verdict', async () => {
    const r = await provenRepo();
    r.write('src/app.js', 'export const x = 4;\n');
    expect(await hookStop(r)).toContain('uncommitted changes: src/app.js (');
    r.write('src/later.js', 'later\n');
    expect(await hookStop(r)).toContain('uncommitted changes: src/app.js, src/later.js (');
  });
});

describe('the status handed from the binding to the naming', () => {
  const raw = (head: string) =>
    Buffer.from(`# branch.oid ${head}\0# branch.head main\0? src/new.js\0`, 'utf8');

  it('is handed out once, then git is asked again', () => {
    const state = parseStatus(raw('a'.repeat(40)))!;
    noteBoundState('/repo', state);
    expect(takeBoundState('/repo')).toBe(state);
    expect(takeBoundState('/repo')).toBeUndefined();
    expect(takeBoundState('/other')).toBeUndefined();
  });

  it('an early status is taken once; the next binding runs its own', async () => {
    const r = await provenRepo();
    await startWorktreeState(r.dir);
    const early = await takeWorktreeState(r.dir);
    expect(early?.dirty).toEqual([]);
    r.write('src/after.js', 'after\n');
    expect((await takeWorktreeState(r.dir))?.dirty).toEqual(['src/after.js']);
  });

  it('reads HEAD from branch.oid, none before the first commit', () => {
    const head = 'b'.repeat(40);
    expect(parseStatus(raw(head))?.head).toBe(head);
    expect(parseStatus(raw('(initial)'))?.head).toBeUndefined();
    expect(parseStatus(Buffer.from('1 M. N... 100644 100644 100644 a b src/x.js\0'))).toEqual(
      expect.objectContaining({ dirty: [], staged: ['src/x.js'] }),
    );
  });
});
