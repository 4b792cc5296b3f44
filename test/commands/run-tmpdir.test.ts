// The suite's temporary directory (test/helpers/run-tmpdir.ts): in memory when it can be, never
// over a TMPDIR the caller chose, and a killed run's directory is removed only once its process
// is gone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeRunTmpdir } from '../helpers/run-tmpdir.ts';

const inMemory = (() => {
  try {
    return statfsSync('/dev/shm').type === 0x01021994;
  } catch {
    return false;
  }
})();

test('a TMPDIR the caller set is kept', () => {
  expect(makeRunTmpdir({ TMPDIR: '/somewhere/chosen' })).toBeUndefined();
});

test.skipIf(!inMemory)(
  "a run directory on /dev/shm; a dead run's is removed, a live one's kept",
  () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const abandoned = join('/dev/shm', `proofgate-tests-${gone}-abandoned`);
    const live = join('/dev/shm', `proofgate-tests-${process.ppid}-live`);
    mkdirSync(join(abandoned, 'left'), { recursive: true });
    mkdirSync(live, { recursive: true });
    let made: string | undefined;
    try {
      made = makeRunTmpdir({});
      expect(made).toMatch(new RegExp(`^/dev/shm/proofgate-tests-${process.pid}-`));
      expect(existsSync(made!)).toBe(true);
      expect(existsSync(abandoned)).toBe(false);
      expect(existsSync(live)).toBe(true);
    } finally {
      for (const dir of [abandoned, live, made])
        if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    }
  },
);

// A tmpfs of our own mounted noexec, where this machine lets us mount one (root in a VM).
const noexec = mkdtempSync(join(tmpdir(), 'pg-noexec-'));
const mounted =
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'noexec,size=5g', 'tmpfs', noexec]).status === 0;
afterAll(() => {
  if (mounted) spawnSync('umount', [noexec]);
  rmSync(noexec, { recursive: true, force: true });
});

test.skipIf(!mounted)(
  'a tmpfs where programs do not run (noexec) is not used, and left clean',
  () => {
    expect(makeRunTmpdir({}, noexec)).toBeUndefined();
    expect(readdirSync(noexec)).toEqual([]);
    // the same file system without noexec is used: the refusal above was the probe's
    expect(spawnSync('mount', ['-o', 'remount,exec', noexec]).status).toBe(0);
    const made = makeRunTmpdir({}, noexec);
    expect(made).toMatch(new RegExp(`^${noexec}/proofgate-tests-${process.pid}-`));
  },
);
