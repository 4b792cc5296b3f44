// verify and report say what was checked, not more: with no signed entry neither claims that
// signatures were verified, and both name the limit of an unsigned chain.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];

function repo(): { r: GateRepo; env: Record<string, string>; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pg-banner-'));
  const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
  cleanups.push(() => {
    r.remove();
    rmSync(dir, { recursive: true, force: true });
  });
  return { r, env: { PROOFGATE_KEY_DIR: dir }, dir };
}

function banner(html: string): string {
  const div = /<div id="integrity"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  return div.replace(/<[^>]*>/g, ' ');
}

describe('what verify and report say they checked', () => {
  it('with 0 signed entries no output claims signatures were verified', async () => {
    const { r, env, dir } = repo();
    for (let i = 0; i < 2; i++) expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    r.commit('evidence');
    const verify = runCli(['verify', '--root', r.dir], env);
    expect(verify.code).toBe(0);
    expect(verify.stdout.split('\n')[1]).toBe(
      'verified: chain intact, 0 of 2 entries signed, 0 seals; a rewrite of unsigned history is detectable only against a protected ref (verify --base <protected ref>)',
    );
    expect(verify.stdout).not.toMatch(/signatures/i);
    const html = join(dir, 'report.html');
    expect(runCli(['report', '--html', html, '--root', r.dir], env).code).toBe(0);
    const said = banner(readFileSync(html, 'utf8'));
    expect(said).toContain('chain intact, 0 of 2 entries signed, 0 seals');
    expect(said).not.toMatch(/signatures/i);
  });

  it('signed entries are counted and said to be verified', async () => {
    const { r, env } = repo();
    expect(
      (await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:developer'], env))
        .code,
    ).toBe(0);
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    r.commit('evidence');
    const verify = runCli(['verify', '--root', r.dir], env);
    expect(verify.code).toBe(0);
    expect(verify.stdout.split('\n')[1]).toBe(
      'verified: chain intact, 2 of 2 entries signed (each signature verified against a registered key), 0 seals',
    );
  });
});
