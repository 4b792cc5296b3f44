// The ledger's exclusive append lock (references/ledger-format.md "Append protocol"), held only for
// read-tail → build → sign → write → fsync.
//
// The lock is the directory `<git common dir>/proofgate/ledger.lock/` holding exactly one empty
// owner file whose *name* says who holds it: `<pid>.<token>.<hex hostname>`. Two atomic steps
// carry all of its safety, and neither can act on someone else's lock:
// - take: build `ledger.lock.<token>.tmp/<owner>` aside, then rename it onto `ledger.lock`.
//   rename(2) replaces a missing or empty directory and fails on a non-empty one, so of many
//   writers racing for a free lock exactly one gets it.
// - free: unlink `ledger.lock/<owner>` by its exact name. The holder does this on release; a
//   writer that found the holder dead (same host, pid gone) does it to break a stale lock. The
//   token is unique per attempt, so an unlink aimed at a dead owner removes nothing once a new
//   holder's directory has taken its place: it fails with ENOENT.
// A stale-lock breaker therefore never displaces a live holder, even when many writers see the
// same dead owner at the same instant. (The earlier file lock moved the lock aside to inspect it,
// and a concurrent writer could take the lock in that window: two writers, one seq.)
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';

export const DEFAULT_LOCK_TIMEOUT_MS = 10_000;
export const LOCK_NAME = 'ledger.lock';

export interface LockOwner {
  pid: number;
  token: string;
  host: string;
}

/** The owner file name: everything a waiter needs, created atomically with the lock itself. */
export function ownerFileName(owner: LockOwner): string {
  return `${owner.pid}.${owner.token}.${Buffer.from(owner.host, 'utf8').toString('hex')}`;
}

function parseOwnerFileName(name: string): LockOwner | undefined {
  const match = /^(\d{1,10})\.([0-9a-f]{32})\.((?:[0-9a-f]{2}){0,255})$/.exec(name);
  if (match === null) return undefined;
  return {
    pid: Number(match[1]),
    token: match[2]!,
    host: Buffer.from(match[3]!, 'hex').toString('utf8'),
  };
}

/** Whether a process with this pid exists (one of another user answers EPERM: it exists). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

function quietly(step: () => void): void {
  try {
    step();
  } catch {
    // already gone, or taken over by another writer: nothing of ours to undo
  }
}

/** What holds `lockPath` now: free, an owner (parsed or not), or a lock file of an older version. */
export type Holder =
  | { state: 'free' }
  | { state: 'owner'; name: string; owner: LockOwner | undefined }
  | { state: 'legacy'; owner: { pid: number; host: string } | undefined };

export function lockPathIn(commonDir: string): string {
  return join(commonDir, 'proofgate', LOCK_NAME);
}

export function readHolder(lockPath: string): Holder {
  let names: string[];
  try {
    names = readdirSync(lockPath);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return { state: 'free' };
    if (codeOf(error) !== 'ENOTDIR') throw error;
    return { state: 'legacy', owner: readLegacyOwner(lockPath) };
  }
  const name = names[0];
  if (name === undefined) return { state: 'free' };
  return { state: 'owner', name, owner: parseOwnerFileName(name) };
}

// Versions before the directory lock wrote a JSON file `{pid, host, time, token}` at the same path.
function readLegacyOwner(lockPath: string): { pid: number; host: string } | undefined {
  try {
    const value = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown; host?: unknown };
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return undefined;
    return { pid: value.pid, host: value.host };
  } catch {
    return undefined;
  }
}

/** True when the holder is on this host and its process is gone, so its lock may be broken. */
function isStale(owner: { pid: number; host: string } | undefined, host: string): boolean {
  return owner !== undefined && owner.host === host && !isAlive(owner.pid);
}

/**
 * Frees `lockPath` if `holder` still holds it and is dead. Safe under any interleaving: the
 * owner file is removed by its unique name, and unlink(2) never removes a directory, so a
 * legacy file is the only thing the legacy branch can remove.
 */
export function breakStale(lockPath: string, holder: Holder, host = hostname()): boolean {
  if (holder.state === 'owner' && isStale(holder.owner, host)) {
    quietly(() => unlinkSync(join(lockPath, holder.name)));
    return true;
  }
  if (holder.state === 'legacy' && isStale(holder.owner, host)) {
    quietly(() => unlinkSync(lockPath));
    return true;
  }
  return false;
}

function describe(lockPath: string, holder: Holder): string {
  if (holder.state === 'free') return 'nobody (it was free on the last look)';
  const owner = holder.owner;
  if (owner === undefined) return 'an unreadable holder';
  let since = '';
  quietly(() => {
    const entry = holder.state === 'owner' ? join(lockPath, holder.name) : lockPath;
    since = ` since ${statSync(entry).mtime.toISOString()}`;
  });
  return `pid ${owner.pid} on ${owner.host}${since}`;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Takes the lock at `<commonDir>/proofgate/ledger.lock`; returns the release function. */
export async function acquireLedgerLock(commonDir: string, timeoutMs: number): Promise<() => void> {
  const lockPath = lockPathIn(commonDir);
  const dir = dirname(lockPath);
  mkdirSync(dir, { recursive: true });
  const host = hostname();
  const owner: LockOwner = { pid: process.pid, token: randomBytes(16).toString('hex'), host };
  const ownerName = ownerFileName(owner);
  const staging = join(dir, `${LOCK_NAME}.${owner.token}.tmp`);
  mkdirSync(staging);
  writeFileSync(join(staging, ownerName), '', { flag: 'wx' });
  const deadline = Date.now() + timeoutMs;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        renameSync(staging, lockPath);
        break;
      } catch (error) {
        const code = codeOf(error);
        // ENOTEMPTY/EEXIST: held; ENOTDIR: a legacy lock file; EPERM: platforms that never
        // rename onto an existing directory (an empty one is then removed below and retried).
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR' && code !== 'EPERM')
          throw error;
      }
      const holder = readHolder(lockPath);
      if (Date.now() > deadline) throw lockTimeout(lockPath, holder, timeoutMs);
      if (holder.state === 'free') {
        // An empty directory left by a release: rmdir removes it only while it is still empty.
        quietly(() => rmdirSync(lockPath));
        continue;
      }
      if (breakStale(lockPath, holder, host)) continue;
      await sleep(1 + Math.floor(Math.random() * Math.min(8, 2 + attempt)));
    }
  } finally {
    quietly(() => unlinkSync(join(staging, ownerName)));
    quietly(() => rmdirSync(staging));
  }
  return () => {
    quietly(() => unlinkSync(join(lockPath, ownerName)));
    quietly(() => rmdirSync(lockPath));
  };
}

function lockTimeout(lockPath: string, holder: Holder, timeoutMs: number): EnvironmentError {
  const host = holder.state === 'free' ? undefined : holder.owner?.host;
  return new EnvironmentError(
    'LOCK_TIMEOUT',
    `ledger lock not acquired within ${timeoutMs} ms: held by ${describe(lockPath, holder)}`,
    {
      where: lockPath,
      next: `wait for that process to finish and retry; if no proofgate process is running on ${host ?? 'any host'}, delete ${lockPath}`,
    },
  );
}

/** Runs `work` while holding the ledger lock; EnvironmentError LOCK_TIMEOUT (exit 4) after `timeoutMs`. */
export async function withLedgerLock<T>(
  commonDir: string,
  timeoutMs: number,
  work: () => T | Promise<T>,
): Promise<T> {
  const release = await acquireLedgerLock(commonDir, timeoutMs);
  try {
    return await work();
  } finally {
    release();
  }
}
