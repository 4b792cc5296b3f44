// The upstream and the trusted base are found with one `for-each-ref` (and one `merge-base`)
// instead of a chain of `rev-parse` calls: on real repositories in every state the chain told
// apart (upstream, none, origin/HEAD, origin/main, a missing or dangling ref, a detached HEAD),
// the probe must answer exactly what the chain answered. A probe started ahead by a verb is
// taken once per consumer and ends with the verb, so a later question sees the refs as they are.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { findUpstream } from '../../scripts/lib/io/ledger/ledger-upstream.ts';
import { probeBase, startBaseProbe, takeBaseProbe } from '../../scripts/lib/io/repo/base-probe.ts';
import { findTrustedBase } from '../../scripts/lib/io/repo/trusted-base.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function repo(): TestRepo {
  const r = makeRepo({ 'a.txt': 'a\n' });
  cleanups.push(() => r.remove());
  return r;
}

function withOrigin(r: TestRepo): TestRepo {
  cleanups.push(pushToOrigin(r));
  return r;
}

// The rev-parse chain the probe replaces, as it was: @{upstream} and its merge base for the
// ledger check; the upstream, else origin/HEAD's target, else origin/main for the rules.
function chain(dir: string) {
  const text = (...args: string[]): string | undefined => {
    try {
      const out = execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' }).trim();
      return out === '' ? undefined : out;
    } catch {
      return undefined;
    }
  };
  const named = text('rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}');
  const fork = named === undefined ? undefined : text('merge-base', 'HEAD', '@{upstream}');
  const upstream =
    named === undefined || fork === undefined ? undefined : { ref: named, commit: fork };
  let ref = named;
  if (ref === undefined) {
    const remoteHead = text('rev-parse', '--abbrev-ref', 'refs/remotes/origin/HEAD');
    if (remoteHead !== undefined && remoteHead !== 'refs/remotes/origin/HEAD') ref = remoteHead;
    else if (text('rev-parse', '--verify', '--quiet', 'refs/remotes/origin/main') !== undefined)
      ref = 'origin/main';
  }
  if (ref === undefined) return { upstream, trusted: undefined };
  const tip = text('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  const base = text('merge-base', 'HEAD', `${ref}^{commit}`);
  return { upstream, trusted: tip === undefined ? undefined : { ref, commit: base ?? tip } };
}

// The chain knew nothing of trust: the base it found is compared without `untrusted` (why local
// git commands could have moved it, base-trust.test.ts), which is returned for the test to check.
async function expectSameAsChain(r: TestRepo): Promise<string | undefined> {
  const probe = await probeBase(r.dir);
  const { untrusted, ...trusted } = probe.trusted ?? {};
  expect({ ...probe, trusted: probe.trusted === undefined ? undefined : trusted }).toEqual(
    chain(r.dir),
  );
  return untrusted?.why;
}

describe('the base probe answers what the rev-parse chain answered', () => {
  it('no remote at all: no upstream, no base', async () => {
    const r = repo();
    await expectSameAsChain(r);
    expect(await probeBase(r.dir)).toEqual({ upstream: undefined, trusted: undefined });
  });

  it('a tracked upstream, then a branch ahead of it and an upstream moved on elsewhere', async () => {
    const r = withOrigin(repo());
    await expectSameAsChain(r);
    const fork = r.git('rev-parse', 'HEAD').trim();
    expect((await probeBase(r.dir)).upstream).toEqual({ ref: 'origin/main', commit: fork });
    r.write('b.txt', 'b\n');
    r.commit('ahead');
    r.git(
      'update-ref',
      'refs/remotes/origin/main',
      r.git('commit-tree', '-m', 'x', 'HEAD^{tree}').trim(),
    );
    // Moved by update-ref, not by a fetch: found, and not trusted.
    expect(await expectSameAsChain(r)).toMatch(/last moved by a command that left no message/);
  });

  it('no upstream: origin/HEAD names the default branch, else origin/main, else nothing', async () => {
    const r = withOrigin(repo());
    r.git('branch', '--unset-upstream');
    await expectSameAsChain(r);
    expect((await probeBase(r.dir)).trusted?.ref).toBe('origin/main');
    r.git('update-ref', 'refs/remotes/origin/trunk', 'HEAD');
    r.git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/trunk');
    await expectSameAsChain(r);
    expect((await probeBase(r.dir)).trusted?.ref).toBe('origin/trunk');
    // A dangling origin/HEAD is passed over for origin/main, as rev-parse failed on it.
    r.git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/gone');
    await expectSameAsChain(r);
    expect((await probeBase(r.dir)).trusted?.ref).toBe('origin/main');
    r.git('update-ref', '-d', 'refs/remotes/origin/main');
    r.git('update-ref', '--no-deref', '-d', 'refs/remotes/origin/HEAD');
    await expectSameAsChain(r);
  });

  it('an upstream configured whose tracking ref is gone, and a detached HEAD', async () => {
    const r = withOrigin(repo());
    r.git('update-ref', 'refs/remotes/origin/trunk', 'HEAD');
    r.git('config', 'branch.main.merge', 'refs/heads/gone');
    await expectSameAsChain(r);
    r.git('config', 'branch.main.merge', 'refs/heads/main');
    r.git('checkout', '-q', '--detach');
    await expectSameAsChain(r);
    expect((await probeBase(r.dir)).upstream).toBeUndefined();
  });

  it('an upstream that is a local branch (remote ".") is the upstream, as @{upstream} says, and not trusted', async () => {
    const r = repo();
    r.git('branch', 'base');
    r.git('config', 'branch.main.remote', '.');
    r.git('config', 'branch.main.merge', 'refs/heads/base');
    expect(await expectSameAsChain(r)).toMatch(/upstream base is a local branch/);
  });
});

describe('a probe started ahead', () => {
  it('is taken once by each consumer, and a later question after its end asks git again', async () => {
    const r = withOrigin(repo());
    const end = startBaseProbe(r.dir);
    const fork = r.git('rev-parse', 'HEAD').trim();
    expect((await takeBaseProbe(r.dir, 'test')).upstream?.commit).toBe(fork);
    r.git('branch', '--unset-upstream');
    // Started before the change: each consumer gets the started answer once.
    expect((await findUpstream(r.dir))?.commit).toBe(fork);
    expect((await findTrustedBase(r.dir))?.ref).toBe('origin/main');
    // Taken again by the same consumer: asked afresh.
    expect(await findUpstream(r.dir)).toBeUndefined();
    end();
    expect(await findUpstream(r.dir, 'keys')).toBeUndefined();
    expect((await takeBaseProbe(r.dir, 'rules')).upstream).toBeUndefined();
  });
});
