// Many writers at once: 8 processes × 200 appends under the lock lose nothing and break no link;
// a live lock holder is waited for (then LOCK_TIMEOUT, exit 4), a dead one's lock is broken.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { appendEntry, readLedger } from '../../scripts/lib/io/ledger-store.ts';
import { WORKTREE, runInProcess } from '../helpers/cli.ts';
import { createLedgerRepo, draft } from '../helpers/ledger-repo.ts';
import type { LedgerRepo } from '../helpers/ledger-repo.ts';

const WORKER = join(WORKTREE, 'test', 'helpers', 'append-worker.ts');
let repo: LedgerRepo;
beforeEach(() => void (repo = createLedgerRepo()));
afterEach(() => repo.cleanup());

function runWorker(worker: number, count: number): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', WORKER, repo.root, String(count), String(worker)],
      {
        cwd: WORKTREE,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.on('error', fail);
    child.on('exit', (code) => done(code ?? -1));
  });
}

test('8 processes × 200 concurrent appends: no lost entry, no broken link', async () => {
  const codes = await Promise.all(Array.from({ length: 8 }, (_, w) => runWorker(w, 200)));
  expect(codes).toEqual(Array(8).fill(0));
  const snapshot = await readLedger(repo.plane());
  expect(snapshot.segments).toHaveLength(1);
  const lines = snapshot.segments[0]!.lines.map(
    (l) => JSON.parse(Buffer.from(l).toString('utf8')) as { body: { worker: number; i: number } },
  );
  expect(lines).toHaveLength(1600);
  const seen = new Set(
    lines.map((e: { body: { worker: number; i: number } }) => `${e.body.worker}:${e.body.i}`),
  );
  expect(seen.size).toBe(1600);
  const verify = await runInProcess(['verify', '--full', '--root', repo.root]);
  expect(verify.stdout.split('\n')[0]).toBe(
    'INTACT ledger: 1600 lines in 1 segments checked, 0 findings',
  );
}, 120_000);

function lockPath(): string {
  const dir = join(repo.root, '.git', 'proofgate');
  mkdirSync(dir, { recursive: true });
  return join(dir, 'ledger.lock');
}

test('a live holder is never broken: LOCK_TIMEOUT, exit 4, nothing written', async () => {
  const info = {
    pid: process.pid,
    host: hostname(),
    time: new Date().toISOString(),
    token: 'live',
  };
  writeFileSync(lockPath(), JSON.stringify(info));
  await expect(appendEntry(repo.plane(), draft(0), { lockTimeoutMs: 200 })).rejects.toMatchObject({
    code: 'LOCK_TIMEOUT',
    exitCode: 4,
  });
  expect(existsSync(lockPath())).toBe(true);
  expect((await readLedger(repo.plane())).segments).toHaveLength(0);
});

test('the lock of a dead process on this host is broken safely', async () => {
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  const info = {
    pid: Number(dead.stdout),
    host: hostname(),
    time: new Date().toISOString(),
    token: 'dead',
  };
  writeFileSync(lockPath(), JSON.stringify(info));
  const stored = await appendEntry(repo.plane(), draft(0), { lockTimeoutMs: 2000 });
  expect(stored.line).toBe(1);
  expect(existsSync(lockPath())).toBe(false);
});

test('a holder on another host is waited for, even when its pid is not alive here', async () => {
  const info = {
    pid: 999_999,
    host: `${hostname()}-elsewhere`,
    time: new Date().toISOString(),
    token: 'x',
  };
  writeFileSync(lockPath(), JSON.stringify(info));
  await expect(appendEntry(repo.plane(), draft(0), { lockTimeoutMs: 150 })).rejects.toMatchObject({
    code: 'LOCK_TIMEOUT',
  });
});
