// The git processes one verdict spawns after a checkpoint, counted through a `git` first on PATH
// that logs each call before running the real one. Pinned as upper bounds so the hot path cannot
// creep back to asking git the same question twice in one invocation (the ledger's blobs at HEAD
// and at the fork point, the plane at the fork point, a rev-parse or cat-file -e of a commit
// already resolved). PROOFGATE_COUNT_BIN measures another bundle (e.g. the base commit's).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpoint, pushedRepo } from '../helpers/checkpoint-repo.ts';
import { BIN } from '../helpers/cli.ts';
import { tempDirsPerTest } from '../helpers/git-repo.ts';
import { stopPayloadFor } from '../helpers/hook-stop.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});
const tempDir = tempDirsPerTest();

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
const COUNTED_BIN = process.env['PROOFGATE_COUNT_BIN'] ?? BIN;

/** Runs the CLI in `dir` with the logging `git` first on PATH: its exit code and the git calls. */
function gitCalls(dir: string, args: string[], input = ''): { code: number; calls: string[] } {
  const bin = tempDir('pg-git-count-');
  const log = join(bin, 'calls.log');
  writeFileSync(log, '');
  const wrapper = join(bin, 'git');
  writeFileSync(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${REAL_GIT}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  const run = spawnSync(process.execPath, [COUNTED_BIN, ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: process.env['HOME'] ?? '/tmp' },
  });
  // The pinned options (-c ...) are the same on every call; the verb and what follows name it.
  const calls = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^(-c \S+ )+/, ''));
  return { code: run.status ?? -1, calls };
}

/**
 * The git calls of a warm `hook stop`, a task claim and `status` in `dir`, each of which must
 * exit 0; the first hook call fills the subject cache under .git and is not counted.
 */
function verdictCalls(dir: string): Record<'hook' | 'claim' | 'status', string[]> {
  const stop = (): ReturnType<typeof gitCalls> =>
    gitCalls(dir, ['hook', 'stop'], stopPayloadFor(dir));
  stop();
  const hook = stop();
  const claim = gitCalls(dir, ['claim', '--control', 'tests', '--no-record']);
  const status = gitCalls(dir, ['status']);
  const calls = { hook: hook.calls, claim: claim.calls, status: status.calls };
  if (process.env['PROOFGATE_COUNT_BIN'] !== undefined) console.log(JSON.stringify(calls, null, 1));
  expect(hook.code).toBe(0);
  expect(claim.code).toBe(0);
  expect(status.code).toBe(0);
  return calls;
}

const count = (calls: readonly string[], prefix: string): number =>
  calls.filter((c) => c.startsWith(prefix)).length;

describe('git processes per verdict after a checkpoint (one unpushed commit)', () => {
  it('hook stop, a task claim and status ask git each question once, within their pinned counts', async () => {
    const repo = await pushedRepo(cleanups);
    await checkpoint(repo);
    const { hook, claim, status } = verdictCalls(repo.r.dir);
    for (const calls of [hook, claim, status]) {
      // HEAD's and the fork point's listings, each once.
      const listings = calls.filter((c) => c.startsWith('ls-tree -r -l -z --full-tree '));
      expect(listings, calls.join('\n')).toHaveLength(2);
      expect(new Set(listings).size, calls.join('\n')).toBe(2);
      expect(count(calls, 'rev-parse --show-object-format'), calls.join('\n')).toBe(0);
      expect(count(calls, 'cat-file -e'), calls.join('\n')).toBe(0);
      expect(count(calls, 'for-each-ref'), calls.join('\n')).toBe(1);
      expect(count(calls, 'status '), calls.join('\n')).toBe(1);
      // started ahead as the process starts (io/git/prefetch.ts) and taken by the facade, not asked twice
      expect(count(calls, 'rev-parse --is-inside-work-tree '), calls.join('\n')).toBe(1);
      // The evidence objects since the fork point (the checkpoint's prefix does not re-hash them).
      expect(count(calls, 'diff --name-status'), calls.join('\n')).toBe(1);
    }
    // Upper bounds: every call above, the merge-base, one cat-file of the plane at the fork
    // point, four for the commits since it, and the claim's task scope (diff-tree); the subject
    // cache is warm, and the locating rev-parse and the untracked listing come with every verb.
    // The base's remote URL (ls-remote --get-url, no network), asked beside the merge-base while
    // git status runs: a remote that is this repository makes the base untrusted (base-trust.ts).
    // The paths changed since the base (diff-tree --name-only), once: the task's scope, its test
    // files' teeth and its reach share the answer.
    for (const calls of [hook, claim, status]) {
      expect(count(calls, 'ls-remote --get-url '), calls.join('\n')).toBe(1);
      expect(count(calls, 'diff-tree -r --name-only '), calls.join('\n')).toBe(1);
    }
    expect(hook.length, hook.join('\n')).toBeLessThanOrEqual(14);
    expect(claim.length, claim.join('\n')).toBeLessThanOrEqual(14);
    expect(status.length, status.join('\n')).toBeLessThanOrEqual(14);
  });

  it('pushed (HEAD is the fork point): no merge-base, no history walk, one ls-tree', async () => {
    const repo = await pushedRepo(cleanups);
    await checkpoint(repo);
    repo.r.git('push', '-q', 'origin', 'HEAD:main');
    const { hook, claim, status } = verdictCalls(repo.r.dir);
    for (const calls of [hook, claim, status]) {
      for (const asked of [
        'merge-base',
        'rev-list',
        'diff-tree --stdin',
        'rev-parse --show-object-format',
        'diff --name-status',
      ])
        expect(count(calls, asked), calls.join('\n')).toBe(0);
      expect(count(calls, 'ls-tree -r -l -z --full-tree '), calls.join('\n')).toBe(1);
    }
    // + the base's remote URL (ls-remote --get-url) and the paths changed since it, as above.
    for (const calls of [hook, claim, status])
      expect(count(calls, 'diff-tree -r --name-only '), calls.join('\n')).toBe(1);
    expect(hook.length, hook.join('\n')).toBeLessThanOrEqual(7);
    expect(claim.length, claim.join('\n')).toBeLessThanOrEqual(7);
    expect(status.length, status.join('\n')).toBeLessThanOrEqual(7);
  });
});
