// The base a local verdict trusts cannot be moved by local git commands (issue 47, part 3). A
// task is granted on a pushed tree, then the agent commits a bug and moves the base onto its own
// commit so the bug reads as "no change": `git replace` of the base commit, `git update-ref` of the
// remote-tracking ref, the upstream redirected to a local branch or to the repository itself, a
// fetch from elsewhere into the tracking ref, a tracking ref rewritten with its reflog deleted.
// Each must leave the task claim refused and the Stop hook blocking; the honest bases (a push, a
// fetch, a fresh clone) stay trusted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeBase } from '../../scripts/lib/io/repo/base-probe.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

// Fails when src/app.js holds the bug.
const TESTS = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('process.exit(require("fs").readFileSync("src/app.js", "utf8").includes("BUG") ? 1 : 0)')} }`,
};
const CLAIM = ['claim', '--control', 'tests', '--no-record'];

/** A PASS of `tests` committed and pushed (origin/main tracked), the granted base. */
async function grantedRepo(): Promise<GateRepo> {
  const r = makeGateRepo([TESTS]);
  cleanups.push(() => r.remove());
  expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence');
  cleanups.push(pushToOrigin(r));
  const granted = await r.run(CLAIM);
  expect(granted.code, granted.out + granted.err).toBe(0);
  expect((await hookStopIn(r.dir)).decision).toBeUndefined();
  return r;
}

/** The bug, committed on top of the granted tree. */
function commitBug(r: GateRepo): string {
  r.write('src/app.js', 'export const x = "BUG";\n');
  r.commit('the bug');
  return r.git('rev-parse', 'HEAD').trim();
}

async function expectRefusedAndBlocked(r: GateRepo, says?: RegExp): Promise<void> {
  const claim = await r.run(CLAIM);
  expect(claim.code, claim.out + claim.err).toBe(1);
  const stop = await hookStopIn(r.dir);
  expect(stop.decision, JSON.stringify(stop)).toBe('block');
  if (says !== undefined) {
    expect(stop.reason).toMatch(says);
    expect(claim.out).toMatch(says);
  }
}

const REGISTRY = '.proofgate/controls/registry.yaml';

/** The rule relaxed: `tests` required only from a maturity above the target (not applicable). */
function relaxRules(r: GateRepo): void {
  const text = readFileSync(join(r.dir, REGISTRY), 'utf8');
  r.write(
    REGISTRY,
    text.replace('required_from_maturity: prototype', 'required_from_maturity: regulated_ready'),
  );
}

const NOT_TRUSTED = /judged as without a base because the base is not trusted/;

describe('a base local git commands moved is not trusted (claim refused, hook blocks)', () => {
  it('the honest path: the bug committed on the pushed base is refused and blocked', async () => {
    const r = await grantedRepo();
    commitBug(r);
    await expectRefusedAndBlocked(r);
    expect((await probeBase(r.dir)).trusted?.untrusted).toBeUndefined();
  });

  it('git replace of the base commit by the agent commit', async () => {
    const r = await grantedRepo();
    const base = r.git('rev-parse', 'HEAD').trim();
    const bug = commitBug(r);
    r.git('replace', '-f', base, bug);
    // git itself now reads the base as the bug: what the gate reads must not.
    expect(r.git('rev-parse', `${base}^{tree}`).trim()).toBe(
      r.git('rev-parse', 'HEAD^{tree}').trim(),
    );
    await expectRefusedAndBlocked(r);
  });

  it('git update-ref of refs/remotes/origin/main to the agent commit', async () => {
    const r = await grantedRepo();
    const bug = commitBug(r);
    r.git('update-ref', 'refs/remotes/origin/main', bug);
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
    expect((await probeBase(r.dir)).trusted?.untrusted?.why).toMatch(
      /origin\/main was last moved by a command that left no message/,
    );
    // A real fetch puts it back where the remote has it, and the base is trusted again.
    r.git('fetch', '-q', 'origin');
    expect((await probeBase(r.dir)).trusted?.untrusted).toBeUndefined();
    await expectRefusedAndBlocked(r);
  });

  it('the reflog deleted and the ref moved with logging off', async () => {
    const r = await grantedRepo();
    const bug = commitBug(r);
    rmSync(join(r.dir, '.git', 'logs', 'refs', 'remotes', 'origin', 'main'));
    r.git('-c', 'core.logAllRefUpdates=false', 'update-ref', 'refs/remotes/origin/main', bug);
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
    expect((await probeBase(r.dir)).trusted?.untrusted?.why).toMatch(/has no reflog/);
  });

  it('the loose ref file rewritten, its reflog left as it was', async () => {
    const r = await grantedRepo();
    const bug = commitBug(r);
    writeFileSync(join(r.dir, '.git', 'refs', 'remotes', 'origin', 'main'), `${bug}\n`);
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
    expect((await probeBase(r.dir)).trusted?.untrusted?.why).toMatch(
      /moved without a reflog entry/,
    );
  });

  it('a fetch from another repository into the tracking ref', async () => {
    const r = await grantedRepo();
    commitBug(r);
    r.git('fetch', '-q', r.dir, '+HEAD:refs/remotes/origin/main');
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
    expect((await probeBase(r.dir)).trusted?.untrusted?.why).toMatch(
      /a fetch from .*, not from the remote origin/,
    );
  });

  it('the upstream set to a local branch (git branch --set-upstream-to)', async () => {
    const r = await grantedRepo();
    commitBug(r);
    r.git('branch', '-q', 'evil');
    r.git('branch', '-q', '--set-upstream-to=evil');
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
    expect((await probeBase(r.dir)).trusted?.untrusted?.why).toMatch(
      /upstream evil is a local branch/,
    );
  });

  it('branch.main.remote set to "."', async () => {
    const r = await grantedRepo();
    commitBug(r);
    r.git('config', 'branch.main.remote', '.');
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
  });

  it("the remote's URL set to the repository itself, then fetched", async () => {
    for (const url of ['.', 'REPO', 'REPO/.git']) {
      const r = await grantedRepo();
      commitBug(r);
      r.git('remote', 'set-url', 'origin', url.replace('REPO', r.dir));
      r.git('fetch', '-q', 'origin');
      // The fetch copied the agent's main into origin/main, and logged it as a fetch of origin.
      expect(r.git('rev-parse', 'origin/main')).toBe(r.git('rev-parse', 'HEAD'));
      await expectRefusedAndBlocked(r, NOT_TRUSTED);
      expect((await probeBase(r.dir)).trusted?.untrusted?.why).toMatch(/this repository itself/);
    }
  });
});

describe('a rule relaxed with the bug: the hook decides as claim does (issue 47, part 2)', () => {
  it('required_from_maturity raised in the working tree: claim refused, hook blocks', async () => {
    const r = await grantedRepo();
    commitBug(r);
    relaxRules(r);
    await expectRefusedAndBlocked(r, /required_from_maturity|not in effect|approv/);
  });

  it('raised in an unpushed commit with the bug', async () => {
    const r = await grantedRepo();
    relaxRules(r);
    commitBug(r);
    await expectRefusedAndBlocked(r);
  });

  it('raised in the agent commit, then origin/main moved onto it (update-ref)', async () => {
    const r = await grantedRepo();
    relaxRules(r);
    const bug = commitBug(r);
    r.git('update-ref', 'refs/remotes/origin/main', bug);
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
  });

  it('raised in the agent commit, then the upstream set to a local branch at it', async () => {
    const r = await grantedRepo();
    relaxRules(r);
    commitBug(r);
    r.git('branch', '-q', 'evil');
    r.git('branch', '-q', '--set-upstream-to=evil');
    await expectRefusedAndBlocked(r, NOT_TRUSTED);
  });

  it('raised in the agent commit, then git replace of the base commit', async () => {
    const r = await grantedRepo();
    const base = r.git('rev-parse', 'HEAD').trim();
    relaxRules(r);
    const bug = commitBug(r);
    r.git('replace', '-f', base, bug);
    await expectRefusedAndBlocked(r);
  });
});

describe('honest bases stay trusted', () => {
  it('a fresh clone (its tracking ref packed, no reflog) and a fetch that moved it', async () => {
    const r = await grantedRepo();
    const clone = mkdtempSync(join(tmpdir(), 'pg-clone-'));
    cleanups.push(() => rmSync(clone, { recursive: true, force: true }));
    const origin = r.git('remote', 'get-url', 'origin').trim();
    execFileSync('git', ['clone', '-q', '-b', 'main', origin, clone]);
    const cloned = await probeBase(clone);
    expect(cloned.trusted?.ref).toBe('origin/main');
    expect(cloned.trusted?.untrusted).toBeUndefined();
    // Another developer pushes; the clone's fetch moves origin/main and logs it.
    r.write('src/other.js', 'export const y = 2;\n');
    r.commit('more');
    r.git('push', '-q', 'origin', 'HEAD:main');
    execFileSync('git', ['fetch', '-q'], { cwd: clone });
    const fetched = await probeBase(clone);
    expect(fetched.trusted?.untrusted).toBeUndefined();
    expect(fetched.trusted?.commit).toBe(
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim(),
    );
  });
});
