// The trust file pins the rules beside the keys (references/trust.md "Pinned rules"). An attacker
// with push rights who lowers `policies.claims.project.required_stages` to [self], or rewrites what
// a control runs, gets a project claim from a fresh clone without the file; with it, every verdict
// refuses with exit 3 RULES_CHANGED and verify names the change. The same change approved, by
// digest, with a key the file pins for the release authority is shown as authorized and decides.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { actingAs } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';
import { openRepo, tempDirsPerTest } from '../helpers/git-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const tempDir = tempDirsPerTest();
const MANIFEST = join('.proofgate', 'controls', 'manifest.yaml');
const REGISTRY = join('.proofgate', 'controls', 'registry.yaml');

/** A passing control run and committed, pushed to a bare origin; the trust file exported after. */
async function exported(withReleaseKey: boolean): Promise<{
  origin: string;
  trust: string;
  env: Record<string, string>;
}> {
  const env = { PROOFGATE_KEY_DIR: tempDir('pg-keys-') };
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }` }],
    { targetMaturity: 'prototype' },
  );
  cleanups.push(() => r.remove());
  if (withReleaseKey) {
    const generated = await r.run(
      ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
      env,
    );
    expect(generated.code, generated.err).toBe(0);
  }
  expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
  r.commit('evidence');
  const origin = tempDir('pg-origin-');
  openRepo(origin).git('init', '-q', '--bare', '-b', 'main');
  r.git('remote', 'add', 'origin', origin);
  r.git('push', '-q', '-u', 'origin', 'main');
  const trust = join(tempDir('pg-audits-'), 'app.trust.json');
  const done = runCli(['export', '--trust-root', '--out', trust, '--root', r.dir], env);
  expect(done.code, done.stderr).toBe(0);
  return { origin, trust, env };
}

function clone(origin: string): string {
  const dir = tempDir('pg-clone-');
  openRepo(tmpdir()).git('clone', '-q', origin, dir);
  return dir;
}

/**
 * An attacker's clone: `edit` applied and committed, the controls run again on it (their results
 * bind the rules), and pushed; then a fresh clone of the result.
 */
function pushChange(
  origin: string,
  env: Record<string, string>,
  edit: (dir: string) => void,
): string {
  const attacker = openRepo(clone(origin));
  edit(attacker.dir);
  attacker.git('add', '-A');
  attacker.git('commit', '-q', '-m', 'relax the rules');
  const ran = runCli(['evaluate', '--run', ...DEV, '--root', attacker.dir], env);
  expect(ran.code, ran.stdout + ran.stderr).toBe(0);
  attacker.git('add', '-A');
  attacker.git('commit', '-q', '-m', 'evidence');
  attacker.git('push', '-q', 'origin', 'main');
  return clone(origin);
}

function replaceIn(dir: string, file: string, from: string, to: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

/** `policies.claims.project.required_stages` lowered to [self], the rest of the manifest kept. */
function downgrade(dir: string): void {
  const path = join(dir, MANIFEST);
  const doc = parseDocument(readFileSync(path, 'utf8'));
  expect(doc.getIn(['policies', 'claims', 'project', 'required_stages'])).toBeDefined();
  doc.setIn(['policies', 'claims', 'project', 'required_stages'], ['self']);
  writeFileSync(path, doc.toString());
}

describe('--trust pins the rules', () => {
  it('a pushed policy downgrade: granted without the file, exit 3 RULES_CHANGED with it', async () => {
    const { origin, trust, env } = await exported(false);
    const fresh = pushChange(origin, env, downgrade);
    const root = ['--root', fresh];
    const alone = runCli(['claim', '--scope', 'project', '--no-record', ...root], env);
    expect(alone.code, alone.stdout + alone.stderr).toBe(0);
    for (const args of [
      ['claim', '--scope', 'project', '--no-record'],
      ['claim', '--control', 'tests', '--no-record'],
      ['status'],
    ]) {
      const run = runCli([...args, '--trust', trust, ...root], env);
      expect(run.code, run.stdout + run.stderr).toBe(3);
      expect(run.stderr).toContain(
        "RULES_CHANGED: the manifest's profile, scope or policies differ from trust file",
      );
    }
    const verify = runCli(['verify', '--full', '--trust', trust, ...root], env);
    expect(verify.code, verify.stdout).toBe(3);
    expect(verify.stdout).toMatch(/RULES_CHANGED the manifest's profile, scope or policies differ/);
    const hook = await hookStopIn(fresh, '--control', 'tests', '--trust', trust);
    expect(hook.decision).toBe('block');
    expect(hook.reason).toContain('RULES_CHANGED');
  });

  it('a control that no longer runs its command, pushed: RULES_CHANGED naming the control', async () => {
    const { origin, trust, env } = await exported(false);
    const fresh = pushChange(origin, env, (dir) =>
      replaceIn(dir, REGISTRY, 'process.exit(0)', 'process.exit(0) // weakened'),
    );
    const run = runCli(['verify', '--full', '--trust', trust, '--root', fresh], env);
    expect(run.code, run.stdout).toBe(3);
    expect(run.stdout).toContain('RULES_CHANGED control tests differ from trust file');
  });

  it('an approval only counts signed by a key the file pins for the release authority', async () => {
    const keyed = await exported(true);
    const fresh = openRepo(
      pushChange(keyed.origin, keyed.env, (dir) => {
        downgrade(dir);
      }),
    );
    const approve = runCli(
      [
        'authority',
        'approve',
        '--policies',
        '--authority-id',
        'virtual:release-owner',
        '--note',
        'one stage for solo work',
        '--root',
        fresh.dir,
      ],
      keyed.env,
    );
    expect(approve.code, approve.stdout + approve.stderr).toBe(0);
    fresh.git('add', '-A');
    fresh.git('commit', '-q', '-m', 'approval');
    const verify = runCli(
      ['verify', '--full', '--trust', keyed.trust, '--root', fresh.dir],
      keyed.env,
    );
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.stdout).toMatch(
      /authorized: policies changed since the trust file, approved by its release authority/,
    );
    const claim = runCli(
      ['claim', '--scope', 'project', '--no-record', '--trust', keyed.trust, '--root', fresh.dir],
      keyed.env,
    );
    expect(claim.code, claim.stdout + claim.stderr).toBe(0);
    // The same approval without a pinned key (an attacker's unsigned note) does not count.
    const unkeyed = await exported(false);
    const other = openRepo(pushChange(unkeyed.origin, unkeyed.env, downgrade));
    const unsigned = runCli(
      [
        'authority',
        'approve',
        '--policies',
        '--authority-id',
        'virtual:release-owner',
        '--root',
        other.dir,
      ],
      unkeyed.env,
    );
    expect(unsigned.code, unsigned.stderr).toBe(0);
    other.git('add', '-A');
    other.git('commit', '-q', '-m', 'approval');
    const refused = runCli(
      ['verify', '--full', '--trust', unkeyed.trust, '--root', other.dir],
      unkeyed.env,
    );
    expect(refused.code, refused.stdout).toBe(3);
    expect(refused.stdout).toContain('RULES_CHANGED');
  });

  it('an untouched clone agrees with the file, and says the rules are pinned', async () => {
    const { origin, trust, env } = await exported(false);
    const verify = runCli(['verify', '--full', '--trust', trust, '--root', clone(origin)], env);
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.stdout).toContain('rules pinned: policies and 1 control definitions');
  });
});
