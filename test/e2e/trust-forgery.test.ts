// A trust root kept outside the repository catches what the repository cannot: an attacker with
// push access rewrites the ledger (a committed FAIL becomes PASS), swaps the auditor's public key
// in the manifest for their own and re-signs every line the auditor signed; or deletes the last
// committed lines. A fresh clone verifies INTACT against its own manifest, and exit 3 naming the
// swapped key and the head that is gone against the trust file exported before.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { forgeWithNewKey } from '../helpers/forge-keys.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { openRepo, tempDirsPerTest } from '../helpers/git-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');

const tempDir = tempDirsPerTest();

interface Setup {
  r: GateRepo;
  env: Record<string, string>;
  origin: string;
  trust: string;
}

/** A keyed auditor's signed cross audit of a FAIL, pushed to a bare origin; the trust file after. */
async function auditedFail(): Promise<Setup> {
  const env = { PROOFGATE_KEY_DIR: tempDir('pg-keys-') };
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(1)')} }` }],
    // prototype: the auditor signs from the developer's clone here (one segment, whose heads the
    // trust file pins); from engineering_ready up that audit would not count.
    { taskStages: '[self, cross]', targetMaturity: 'prototype' },
  );
  cleanups.push(() => r.remove());
  expect(
    (await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env)).code,
  ).toBe(0);
  expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(1);
  const audit = await r.run(
    ['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...QA],
    env,
  );
  expect(audit.code, audit.out + audit.err).toBeLessThan(2);
  r.commit('evidence');
  const origin = tempDir('pg-origin-');
  openRepo(origin).git('init', '-q', '--bare', '-b', 'main');
  r.git('remote', 'add', 'origin', origin);
  r.git('push', '-q', '-u', 'origin', 'main');
  const trust = join(tempDir('pg-audits-'), 'app.trust.json');
  const exported = runCli(['export', '--trust-root', '--out', trust, '--root', r.dir], env);
  expect(exported.code, exported.stderr).toBe(0);
  return { r, env, origin, trust };
}

function clone(origin: string): string {
  const dir = tempDir('pg-clone-');
  openRepo(tmpdir()).git('clone', '-q', origin, dir);
  return dir;
}

/** The committed FAIL (run and signed cross audit) turned into PASS. */
function flipFail(entry: Record<string, unknown>): void {
  const body = entry['body'] as Record<string, unknown>;
  if (body['status'] !== 'FAIL') return;
  body['status'] = 'PASS';
  if ('exit_code' in body) body['exit_code'] = 0;
  if ('reviewed_status' in body) body['reviewed_status'] = 'PASS';
  const run = body['run'] as Record<string, unknown> | undefined;
  if (run !== undefined) run['exit_code'] = 0;
}

/** A fresh clone of `origin` after an attacker rewrote and force-pushed it. */
function pushForgery(origin: string, forge: (dir: string) => void): string {
  const attacker = openRepo(clone(origin));
  forge(attacker.dir);
  attacker.git('add', '-A');
  attacker.git('commit', '-q', '--amend', '--allow-empty', '-m', 'evidence');
  attacker.git('push', '-q', '-f', 'origin', 'main');
  return clone(origin);
}

function segmentOf(dir: string): string {
  const ledger = join(dir, '.proofgate', 'evidence', 'ledger');
  return join(
    ledger,
    readdirSync(ledger).find((f) => f.endsWith('.jsonl'))!,
  );
}

describe('--trust: keys and heads from a file kept outside the repository', () => {
  it('a key swapped, history rewritten and re-signed: INTACT alone, exit 3 naming both with --trust', async () => {
    const { env, origin, trust } = await auditedFail();
    let forged = '';
    const fresh = pushForgery(origin, (dir) => {
      forged = forgeWithNewKey(dir, 'virtual:quality', flipFail);
    });
    const root = ['--root', fresh];
    // Without a trust file the forgery holds, and the verdict says where its keys came from.
    const alone = runCli(['verify', '--full', ...root], env);
    expect(alone.code, alone.stdout + alone.stderr).toBe(0);
    expect(alone.stdout).toContain('INTACT');
    expect(alone.stdout).toContain(
      "trust: keys from this repository's own manifest (no --trust file)",
    );
    const status = runCli(['status', ...root], env);
    expect(status.stdout).toMatch(/^READY/);
    const claimed = runCli(['claim', '--control', 'tests', '--no-record', ...root], env);
    expect(claimed.code, claimed.stdout + claimed.stderr).toBe(0);
    expect(claimed.stdout).toContain("trust: keys from this repository's own manifest");
    // With the trust file exported before the forgery: exit 3, the swapped key and the head named.
    const swapped = `KEY_NOT_TRUSTED: virtual:quality keyid ${forged.slice(0, 12)}… is not in trust file ${trust}`;
    const verify = runCli(['verify', '--full', '--trust', trust, ...root], env);
    expect(verify.code).toBe(3);
    expect(verify.stdout).toContain(swapped.replace(':', ''));
    expect(verify.stdout).toMatch(/HEAD_MISSING segment \S+ seq 2 .* is rewritten/);
    for (const args of [['claim', '--control', 'tests', '--no-record'], ['status']]) {
      const run = runCli([...args, '--trust', trust, ...root], env);
      expect(run.code, run.stdout + run.stderr).toBe(3);
      expect(run.stderr).toContain(swapped);
      expect(run.stderr).toMatch(/HEAD_MISSING: segment \S+ seq 2 .* is rewritten/);
    }
  });

  it('the Stop hook with --trust blocks the forged clone, naming the swapped key', async () => {
    const { origin, trust } = await auditedFail();
    const fresh = pushForgery(origin, (dir) => {
      forgeWithNewKey(dir, 'virtual:quality', flipFail);
    });
    expect((await hookStopIn(fresh, '--control', 'tests')).decision).toBeUndefined();
    const blocked = await hookStopIn(fresh, '--control', 'tests', '--trust', trust);
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toContain('KEY_NOT_TRUSTED');
    // A trust file that cannot be read blocks too: every error blocks.
    const missing = await hookStopIn(
      fresh,
      '--control',
      'tests',
      '--trust',
      join(fresh, 'no.json'),
    );
    expect(missing.decision).toBe('block');
  });

  it('the last committed lines deleted (the signed cross audit): exit 3 HEAD_MISSING with --trust', async () => {
    const { env, origin, trust } = await auditedFail();
    const fresh = pushForgery(origin, (dir) => {
      const file = segmentOf(dir);
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);
    });
    const root = ['--root', fresh];
    expect(runCli(['verify', '--full', ...root], env).code).toBe(0);
    for (const args of [
      ['verify', '--full'],
      ['claim', '--control', 'tests', '--no-record'],
      ['status'],
      ['status', '--readiness'],
      ['status', '--next'],
      ['status', '--blockers'],
    ]) {
      const run = runCli([...args, '--trust', trust, ...root], env);
      expect(run.code, run.stdout + run.stderr).toBe(3);
      expect(run.stdout + run.stderr).toMatch(/HEAD_MISSING:? segment \S+ seq 2 .* is gone/);
    }
    const html = join(tempDir('pg-report-'), 'r.html');
    const report = runCli(['report', '--html', html, '--trust', trust, ...root], env);
    expect(report.code).toBe(3);
    expect(report.stdout).toContain('LEDGER TAMPERED: 1 integrity findings');
    expect(readFileSync(html, 'utf8')).toContain('HEAD_MISSING');
  });

  it('a whole segment nothing references deleted: INTACT alone, HEAD_MISSING with --trust', async () => {
    const { env, origin } = await auditedFail();
    // A second clone writes its own segment and pushes it; no other segment names its lines.
    const second = openRepo(clone(origin));
    const ledger = (dir: string) => join(dir, '.proofgate', 'evidence', 'ledger');
    const before = new Set(readdirSync(ledger(second.dir)));
    expect(runCli(['evaluate', '--run', ...DEV, '--root', second.dir], env).code).toBe(1);
    const written = readdirSync(ledger(second.dir)).find((f) => !before.has(f))!;
    second.git('add', '-A');
    second.git('commit', '-q', '-m', 'second writer');
    second.git('push', '-q', 'origin', 'main');
    const trust = join(tempDir('pg-audits-'), 'two.trust.json');
    const exported = runCli(
      ['export', '--trust-root', '--out', trust, '--root', clone(origin)],
      env,
    );
    expect(exported.code, exported.stderr).toBe(0);
    const fresh = pushForgery(origin, (dir) => rmSync(join(ledger(dir), written)));
    const root = ['--root', fresh];
    expect(runCli(['verify', '--full', ...root], env).code).toBe(0);
    const run = runCli(['verify', '--full', '--trust', trust, ...root], env);
    expect(run.code).toBe(3);
    const name = written.slice(0, -'.jsonl'.length);
    expect(run.stdout).toContain(`HEAD_MISSING segment ${name} seq 0 (sha256 `);
    expect(run.stdout).toContain('is gone: the segment file no longer exists');
  });

  it('an untouched clone verifies against the trust file and says so', async () => {
    const { env, origin, trust } = await auditedFail();
    const fresh = clone(origin);
    const verify = runCli(['verify', '--full', '--trust', trust, '--root', fresh], env);
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.stdout).toContain(
      `trust: keys and authorities from trust file ${trust} (1 key; 1 pinned segment head contained in the ledger; rules pinned: policies and 1 control definitions)`,
    );
    const status = runCli(['status', '--trust', trust, '--root', fresh], env);
    expect(status.code).toBe(1);
    // Under --base the base's rules decide, with the trust file's authorities and keys.
    const based = runCli(
      [
        'claim',
        '--control',
        'tests',
        '--base',
        'origin/main',
        '--no-record',
        '--trust',
        trust,
        '--root',
        fresh,
      ],
      env,
    );
    expect(based.code, based.stdout + based.stderr).toBe(1);
    expect(based.stdout).toContain('pinned in trust file');
    const html = join(tempDir('pg-report-'), 'r.html');
    const report = runCli(['report', '--html', html, '--trust', trust, '--root', fresh], env);
    expect(report.code, report.stdout + report.stderr).toBe(0);
    expect(status.stdout).toContain(`trust: keys and authorities from trust file ${trust}`);
  });

  it('trust export refuses a file inside the repository and never overwrites', async () => {
    const { r, env, trust } = await auditedFail();
    const inside = runCli(
      ['export', '--trust-root', '--out', join(r.dir, 't.json'), '--root', r.dir],
      env,
    );
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain('inside the repository');
    const again = runCli(['export', '--trust-root', '--out', trust, '--root', r.dir], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('it exists');
    const printed = runCli(['export', '--trust-root', '--root', r.dir], env);
    expect(printed.code).toBe(0);
    const file = JSON.parse(printed.stdout) as {
      format: string;
      authorities: { id: string; keys: unknown[] }[];
      heads: Record<string, { seq: number }>;
    };
    expect(file.format).toBe('proofgate-trust/v1');
    expect(file.authorities.find((a) => a.id === 'virtual:quality')?.keys).toHaveLength(1);
    expect(Object.values(file.heads).map((h) => h.seq)).toEqual([2]);
  });

  it('without --trust, status says who registered each signing key and whether it is on the upstream', async () => {
    const { r, env } = await auditedFail();
    const keyOf = async () => {
      const out = (await r.run(['status'], env)).out;
      return /key virtual:quality [0-9a-f]{12}…: (.*)$/m.exec(out)?.[1];
    };
    expect(await keyOf()).toMatch(/^registered on origin\/main by t \(commit [0-9a-f]{7}\)$/);
    // A key the agent registers in its own change signs as well as any, and says so.
    expect(
      (await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env))
        .code,
    ).toBe(0);
    r.commit('rotate');
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(1);
    const audit = await r.run(
      ['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...QA],
      env,
    );
    expect(audit.code).toBeLessThan(2);
    expect(await keyOf()).toMatch(
      /^registered in this change by t \(commit [0-9a-f]{7}, not on origin\/main: unreviewed\)$/,
    );
  });
});
