// Where the suite's temporary files go: a directory of this run on /dev/shm when that is a
// memory file system with room, else the system's own. The tests create and delete some hundred
// thousand files (repositories, ledgers, installs), and on the two-core machine's ext4 disk the
// kernel's search for a free inode among the recently deleted ones showed in its profile; with
// every temporary directory in memory a full run took 553 s against 630 s, and 1,051 s of CPU
// against 1,176 s (back to back). A TMPDIR the caller set is kept: they chose it.
// The run's directory is removed when the run ends (global-setup.ts), with whatever a test left
// there; one a killed run left is removed by the next run, once its process is gone. Where
// /dev/shm is mounted noexec, or smaller than a run needs, the tests use the system's directory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from '../../scripts/lib/io/ledger/ledger-lock.ts';

const SHM = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
/** The room a full run needs at most (cargo's targets and the package installs), with margin. */
const ROOM = 4 * 2 ** 30;
const PREFIX = 'proofgate-tests-';

/**
 * A directory of this run in `shm` (/dev/shm), or undefined when TMPDIR is set or `shm` will not
 * do: not a tmpfs, too small, or programs written there do not run.
 */
export function makeRunTmpdir(
  env: NodeJS.ProcessEnv = process.env,
  shm: string = SHM,
): string | undefined {
  if ((env['TMPDIR'] ?? '') !== '') return undefined;
  try {
    const fs = statfsSync(shm);
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < ROOM) return undefined;
    removeAbandoned(shm);
    const dir = mkdtempSync(join(shm, `${PREFIX}${process.pid}-`));
    if (runsPrograms(dir)) return dir;
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a program written in `dir` runs: the tests write scripts and hooks into their
 * repositories and run them, and /dev/shm is often mounted noexec (a container's default).
 */
function runsPrograms(dir: string): boolean {
  const probe = join(dir, 'probe');
  writeFileSync(probe, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  const ran = spawnSync(probe, { stdio: 'ignore' }).status === 0;
  rmSync(probe, { force: true });
  return ran;
}

/** Run directories whose run is over: its process is gone. */
function removeAbandoned(shm: string): void {
  for (const name of readdirSync(shm)) {
    const pid = name.startsWith(PREFIX) ? Number(name.slice(PREFIX.length).split('-')[0]) : NaN;
    if (Number.isInteger(pid) && pid > 0 && !isAlive(pid))
      rmSync(join(shm, name), { recursive: true, force: true });
  }
}
