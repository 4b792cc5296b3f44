// From engineering_ready up, a cross audit counts only when signed (by a key registered to its
// authority, from another clone than the run it reviews, or keyless): the developer cannot fill
// the cross stage by typing another authority id and another context. At prototype a label still
// counts, and every output says it is one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { openRepo } from '../helpers/git-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');
const LABEL = 'unsigned label (same person or machine not excluded)';
const SIGNED = /signed by key [0-9a-f]{12}… registered by t in commit [0-9a-f]{7}/;

function repo(targetMaturity: string): { r: GateRepo; env: Record<string, string> } {
  const keys = mkdtempSync(join(tmpdir(), 'pg-keys-'));
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }],
    {
      targetMaturity,
      taskStages: '[self, cross]',
    },
  );
  cleanups.push(() => {
    r.remove();
    rmSync(keys, { recursive: true, force: true });
  });
  return { r, env: { PROOFGATE_KEY_DIR: keys } };
}

/** The developer records the self result, then the same person types the cross auditor's labels. */
async function selfMadeCross(r: GateRepo, env: Record<string, string>): Promise<void> {
  expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
  expect((await r.run([...CROSS_AUDIT, ...QA], env)).code).toBe(0);
  r.commit('evidence');
}

const claim = (r: GateRepo, env: Record<string, string>) =>
  runCli(['claim', '--control', 'tests', '--no-record', '--root', r.dir], env);

describe('cross stage strength', () => {
  it('a self-made unsigned cross audit does not count at engineering_ready', async () => {
    const { r, env } = repo('engineering_ready');
    await selfMadeCross(r, env);
    const result = claim(r, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^REFUSED \[task\]/);
    expect(result.stdout).toContain('do not count at engineering_ready');
    expect(result.stdout).toContain(LABEL);
    const status = runCli(['status', '--root', r.dir], env);
    expect(status.stdout).toContain('cross: 1 cross result(s) by virtual:quality do not count');
    expect(status.stdout).toContain(`self: PASS by virtual:developer, ${LABEL}`);
    // recording the same unsigned audit again cannot help: the next step is the auditor's key
    expect(result.stdout).toContain(
      'next: proofgate authority keys generate --authority-id virtual:quality',
    );
    expect(result.stdout).not.toMatch(/next: proofgate audit --audit-stage cross/);
  });

  it('once the auditor holds a key, an old unsigned audit points at auditing again', async () => {
    const { r, env } = repo('engineering_ready');
    await selfMadeCross(r, env);
    const keys = ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'];
    expect((await r.run(keys, env)).code).toBe(0);
    const result = claim(r, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('do not count at engineering_ready');
    expect(result.stdout).toMatch(/next: proofgate audit --audit-stage cross --review-run latest/);
    expect(result.stdout).not.toContain('next: proofgate authority keys generate');
  });

  it("a cross audit signed by the auditor's key in another clone counts and says whose key", async () => {
    const { r, env } = repo('engineering_ready');
    expect(
      (await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env))
        .code,
    ).toBe(0);
    expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
    r.commit('self run');
    const auditor = openRepo(join(mkdtempSync(join(tmpdir(), 'pg-clone-')), 'c'));
    cleanups.push(() => rmSync(join(auditor.dir, '..'), { recursive: true, force: true }));
    openRepo(tmpdir()).git('clone', '-q', r.dir, auditor.dir);
    expect(runCli([...CROSS_AUDIT, ...QA, '--root', auditor.dir], env).code).toBe(0);
    auditor.commit('cross audit');
    r.git('pull', '-q', '--no-rebase', auditor.dir, 'main');
    const result = claim(r, env);
    expect(result.stdout).toMatch(/^COMPLETED \[task\]/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`cross: 1 ${SIGNED.source}`));
    const status = runCli(['status', '--root', r.dir], env);
    expect(status.stdout).toMatch(new RegExp(`cross: PASS by virtual:quality, ${SIGNED.source}`));
  });

  it('at prototype a label counts, and the claim says it is only a label', async () => {
    const { r, env } = repo('prototype');
    await selfMadeCross(r, env);
    const result = claim(r, env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`cross: 1 ${LABEL}`);
  });
});
