// `--base <ref>` means the same in status and report as in claim: the ledger must extend the ref
// and the ref's rules decide. The attack: in a checkout with no upstream branch (CI's detached
// pull-request checkout), an agent commits a key of its own for the cross authority and audits its
// own run with it. Without a base the views can only use the working tree's own rules; with
// `--base origin/main` status and report must refuse exactly as `claim --base origin/main` does.
// Before issue 31 `--base` was a boolean in status and report, and `--base origin/main` was a
// usage error there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { asAnotherClone } from '../helpers/other-clone.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');

function keyDir(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { PROOFGATE_KEY_DIR: dir };
}

async function ok(r: GateRepo, args: string[], env: Record<string, string> = {}): Promise<void> {
  const result = await r.run(args, env);
  expect(result.code, `${args.join(' ')}: ${result.out}${result.err}`).toBe(0);
}

interface Rules {
  from: string;
  base?: string;
  changes: string[];
}

/** The auditor's key on origin/main; then the agent's own key for the auditor, unpushed. */
async function selfAuditedCheckout(): Promise<GateRepo> {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ran")')} }` }],
    { targetMaturity: 'engineering_ready', taskStages: '[self, cross]' },
  );
  cleanups.push(() => r.remove());
  await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], keyDir());
  r.commit('the auditor key');
  cleanups.push(pushToOrigin(r));
  const agent = keyDir();
  await ok(r, ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], agent);
  r.commit('my own auditor key');
  await ok(r, ['evaluate', '--run', ...DEV], agent);
  asAnotherClone(r.dir);
  await ok(r, [...CROSS_AUDIT, ...QA], agent);
  // CI's pull-request checkout: origin/main is fetched, but nothing tracks it.
  r.git('branch', '--unset-upstream');
  return r;
}

describe('--base <ref> in status and report is the ref claim takes', () => {
  it('an agent key committed in the change: status and report refuse as claim --base does', async () => {
    const r = await selfAuditedCheckout();
    const base = ['--base', 'origin/main'];
    const claimed = await r.run(['claim', '--control', 'tests', '--no-record', '--json', ...base]);
    const claim = JSON.parse(claimed.out) as { granted: boolean; verdict: string; rules: Rules };
    expect(claimed.code, claimed.err).toBe(1);
    expect(claim.rules).toMatchObject({ from: 'base', base: 'origin/main' });

    const status = await r.run(['status', '--control', 'tests', '--json', ...base]);
    expect(status.err).toBe('');
    const view = JSON.parse(status.out) as {
      claimNow: { granted: boolean; verdict: string; rules: Rules };
      upstream: { ref: string; commit: string };
    };
    expect(view.claimNow.granted).toBe(false);
    expect(view.claimNow.verdict).toBe(claim.verdict);
    expect(view.claimNow.rules).toEqual(claim.rules);
    expect(view.upstream.ref).toBe('origin/main');
    const text = await r.run(['status', '--control', 'tests', ...base]);
    expect(text.out).toMatch(
      /rules: from origin\/main .*\n +not in effect: authority virtual:quality/,
    );
    expect(text.out).toContain('ledger: append-only against origin/main');

    const page = `${r.dir}-audit.html`;
    cleanups.push(() => rmSync(page, { force: true }));
    const reported = await r.run(['report', '--html', page, '--json', ...base]);
    expect(reported.code, reported.err).toBe(0);
    const report = JSON.parse(reported.out) as {
      isReady: boolean;
      rules: Rules;
      upstream: { ref: string };
    };
    expect(report.isReady).toBe(false);
    expect(report.rules).toMatchObject({ from: 'base', base: 'origin/main' });
    expect(report.upstream.ref).toBe('origin/main');
  });

  it('a ref git cannot resolve is a usage error, never a view under the own rules', async () => {
    const r = await selfAuditedCheckout();
    for (const args of [
      ['status', '--base', 'origin/nope'],
      ['report', '--html', `${r.dir}-x.html`, '--base', 'origin/nope'],
    ]) {
      const result = await r.run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toContain('--base origin/nope: not a git ref');
      expect(result.out).toBe('');
    }
  });

  it('a --base without a ref (the old boolean) is refused: no --base is the upstream', async () => {
    const r = await selfAuditedCheckout();
    const bare = await r.run(['status', '--base', '--json']);
    expect(bare.code).toBe(2);
    expect(JSON.parse(bare.out)).toMatchObject({
      error: { code: 'MISSING_ARG', message: '--base needs a git ref' },
    });
    expect(bare.err).toContain('next: give no --base to check against the branch upstream');
  });
});
