// The ledger's exclusive append lock (references/ledger-format.md "Lock"):
// `<git common dir>/proofgate/ledger.lock`, created complete and create-only (written to a temp
// file, then hard-linked into place), held only for read-tail → build → sign → write → fsync.
// A stale lock is broken only when its holder is on this host and its pid is dead, by renaming it
// aside and checking its token, so a live holder's lock is never removed.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { EnvironmentError } from '../core/errors.ts';

export const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

interface LockInfo {
  pid: number;
  host: string;
  time: string;
  token: string;
}

function readLock(path: string): LockInfo | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return undefined;
    if (typeof value.token !== 'string') return undefined;
    return { pid: value.pid, host: value.host, time: String(value.time), token: value.token };
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Moves the lock aside; deletes it only if it is still the dead holder's, else puts it back. */
function breakStaleLock(lockPath: string, staleToken: string, ownToken: string): void {
  const aside = `${lockPath}.stale-${ownToken}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return;
  }
  if (readLock(aside)?.token === staleToken) return removeQuietly(aside);
  try {
    linkSync(aside, lockPath);
  } catch {
    // another process took the free lock meanwhile; the moved one is no longer ours to restore
  }
  removeQuietly(aside);
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Runs `work` while holding the ledger lock; EnvironmentError LOCK_TIMEOUT (exit 4) after `timeoutMs`. */
export async function withLedgerLock<T>(
  commonDir: string,
  timeoutMs: number,
  work: () => T | Promise<T>,
): Promise<T> {
  const dir = join(commonDir, 'proofgate');
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'ledger.lock');
  const token = randomBytes(16).toString('hex');
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    time: new Date().toISOString(),
    token,
  };
  const temp = join(dir, `ledger.lock.${token}.tmp`);
  writeFileSync(temp, `${JSON.stringify(info)}\n`, { flag: 'wx' });
  const deadline = Date.now() + timeoutMs;
  let holder: LockInfo | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      holder = readLock(lockPath);
      if (holder !== undefined && holder.host === info.host && !isAlive(holder.pid)) {
        breakStaleLock(lockPath, holder.token, token);
        continue;
      }
      if (Date.now() > deadline) {
        const who =
          holder === undefined
            ? 'an unreadable holder'
            : `pid ${holder.pid} on ${holder.host} since ${holder.time}`;
        throw new EnvironmentError(
          'LOCK_TIMEOUT',
          `ledger lock not acquired within ${timeoutMs} ms: held by ${who}`,
          {
            where: lockPath,
            next: `wait for that process to finish and retry; if no proofgate process is running on ${holder?.host ?? 'any host'}, delete ${lockPath}`,
          },
        );
      }
      await sleep(1 + Math.floor(Math.random() * Math.min(8, 2 + attempt)));
    }
  } finally {
    removeQuietly(temp);
  }
  try {
    return await work();
  } finally {
    if (readLock(lockPath)?.token === token) removeQuietly(lockPath);
  }
}
