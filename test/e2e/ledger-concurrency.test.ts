// Many writers at once: 8 processes × 200 appends under the lock lose nothing and break no link;
// a live lock holder is waited for (then LOCK_TIMEOUT, exit 4), a dead one's lock is broken, and
// many writers that find the same dead holder at once never both take the lock. The first tests
// plant the JSON lock file of earlier versions, which is still honoured.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  acquireLedgerLock,
  breakStale,
  lockPathIn,
  ownerFileName,
  readHolder,
} from '../../scripts/lib/io/ledger/ledger-lock.ts';
import { appendEntry, readLedger } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { WORKTREE, runInProcess } from '../helpers/cli.ts';
import { createLedgerRepo, draft } from '../helpers/ledger-repo.ts';
import { runLockRace } from '../helpers/lock-race.ts';
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

describe('the directory lock cannot race', () => {
  const commonDir = (): string => join(repo.root, '.git');
  function deadPid(): number {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    return Number(dead.stdout);
  }
  function plantDeadLock(): void {
    const lock = lockPathIn(commonDir());
    mkdirSync(lock, { recursive: true });
    writeFileSync(
      join(lock, ownerFileName({ pid: deadPid(), token: 'd'.repeat(32), host: hostname() })),
      '',
    );
  }

  // The interleaving that let two writers append one seq: B sees the dead holder, A breaks the
  // stale lock and takes it, then B acts on its stale view. B must not free or move A's lock, so
  // a third writer C still waits for A.
  test('a breaker acting on a stale view never displaces the new holder', async () => {
    plantDeadLock();
    const seenByB = readHolder(lockPathIn(commonDir()));
    expect(seenByB.state).toBe('owner');
    const releaseA = await acquireLedgerLock(commonDir(), 2000);
    expect(breakStale(lockPathIn(commonDir()), seenByB)).toBe(true);
    const held = readHolder(lockPathIn(commonDir()));
    expect(held).toMatchObject({ state: 'owner', owner: { pid: process.pid } });
    await expect(acquireLedgerLock(commonDir(), 150)).rejects.toMatchObject({
      code: 'LOCK_TIMEOUT',
      exitCode: 4,
    });
    releaseA();
    const releaseC = await acquireLedgerLock(commonDir(), 2000);
    releaseC();
    expect(existsSync(lockPathIn(commonDir()))).toBe(false);
  });

  test('a live directory holder is waited for; its owner file names the pid', async () => {
    const release = await acquireLedgerLock(commonDir(), 1000);
    await expect(appendEntry(repo.plane(), draft(0), { lockTimeoutMs: 150 })).rejects.toThrow(
      new RegExp(`held by pid ${process.pid} on `),
    );
    release();
    expect((await appendEntry(repo.plane(), draft(0))).line).toBe(1);
  });

  test('a dead pid lock and 6 appenders released at one instant, 15 times: one seq each', async () => {
    const result = await runLockRace({ root: repo.root, workers: 6, trials: 15 });
    expect(result).toMatchObject({
      lines: 90,
      expected: 90,
      misplaced: 0,
      brokenLinks: 0,
      workerExitCodes: Array(6).fill(0),
    });
  }, 120_000);
});
