// Audits, attestations and concurrent runs through the CLI on real git repositories.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, WORKTREE } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';
import { tempDirsPerTest } from '../helpers/git-repo.ts';

const PASS: GateControl = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }`,
};
const cleanups: (() => void)[] = [];
function repo(...args: Parameters<typeof makeGateRepo>): GateRepo {
  const r = makeGateRepo(...args);
  cleanups.push(() => r.remove());
  return r;
}
const tempDirs = tempDirsPerTest();
const tempDir = (): string => tempDirs('pg-gate-');
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const RUN_AS = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];
const CROSS = ['audit', '--audit-stage', 'cross', '--review-run', 'latest'];

describe('cross audits', () => {
  it.each([
    [
      'the same authority',
      ['--authority-id', 'virtual:developer', '--execution-context', 'ci:1'],
      /same authority/,
    ],
    [
      'the same context',
      ['--authority-id', 'virtual:quality', '--execution-context', 'local:dev'],
      /same execution context/,
    ],
  ])('by %s is refused with exit 2 and nothing is recorded', async (_what, actor, why) => {
    const r = repo([PASS]);
    expect((await r.run(['evaluate', '--run', ...RUN_AS])).code).toBe(0);
    const ledger = readFileSync(segmentOf(r), 'utf8');
    const audit = await r.run([...CROSS, ...actor]);
    expect(audit.code).toBe(2);
    expect(audit.err).toMatch(why);
    expect(readFileSync(segmentOf(r), 'utf8')).toBe(ledger);
  });

  it('by the same key registered under another name is refused with exit 2', async () => {
    const keys = tempDir();
    const r = repo([PASS]);
    const env = { PROOFGATE_KEY_DIR: keys };
    expect(
      (await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:developer'], env))
        .code,
    ).toBe(0);
    r.commit('key');
    const run = await r.run(['evaluate', '--run', ...RUN_AS], env);
    expect(run.code).toBe(0);
    const line = readFileSync(segmentOf(r), 'utf8').split('\n')[1]!;
    expect(JSON.parse(line).sigs).toHaveLength(1);
    const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
    const text = readFileSync(manifest, 'utf8');
    const block = /\n( {4}keys:\n(?: {6,}.*\n)+)/.exec(text)![1]!;
    writeFileSync(manifest, text.replace('    stages: [cross]\n', `    stages: [cross]\n${block}`));
    const audit = await r.run(
      [...CROSS, '--authority-id', 'virtual:quality', '--execution-context', 'ci:9'],
      env,
    );
    expect(audit.code).toBe(2);
    expect(audit.err).toMatch(/same public key/);
  });

  it('a re-run with a different result records DISPUTED and the claim is refused', async () => {
    const flag = join(tempDir(), 'broken');
    const control: GateControl = {
      id: 'tests',
      execution: `{ type: command, argv: ${nodeArgv(`process.exit(require("fs").existsSync(${JSON.stringify(flag)}) ? 1 : 0)`)} }`,
    };
    const r = repo([control], { taskStages: '[self, cross]' });
    expect((await r.run(['evaluate', '--run', ...RUN_AS])).code).toBe(0);
    writeFileSync(flag, 'x');
    const audit = await r.run([
      ...CROSS,
      '--authority-id',
      'virtual:quality',
      '--execution-context',
      'ci:7',
    ]);
    expect(audit.code).toBe(1);
    expect(audit.out.split('\n')[0]).toMatch(/^DISPUTED/);
    const claim = await r.run(['claim', '--control', 'tests']);
    expect(claim.code).toBe(1);
    expect(claim.out).toMatch(/DISPUTED/);
  });

  it('an agreeing cross audit in another context lets the claim through at prototype', async () => {
    // Unsigned labels count only at prototype (test/e2e/independence-signed-stages.test.ts).
    const r = repo([PASS], { taskStages: '[self, cross]', targetMaturity: 'prototype' });
    await r.run(['evaluate', '--run', ...RUN_AS]);
    expect((await r.run(['claim', '--control', 'tests'])).code).toBe(1);
    const audit = await r.run([
      ...CROSS,
      '--authority-id',
      'virtual:quality',
      '--execution-context',
      'ci:8',
    ]);
    expect(audit.out.split('\n')[0]).toMatch(/^AGREED/);
    expect(audit.code).toBe(0);
    expect((await r.run(['claim', '--control', 'tests'])).code).toBe(0);
  });
});

describe('attestations', () => {
  const manual: GateControl = { id: 'privacy', execution: '{ type: manual }' };
  const human = { authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }] };
  const attest = ['attest', '--control', 'privacy', '--status', 'PASS', '--note', 'read the DPA'];
  const alice = ['--authority-id', 'human:alice', '--execution-context', 'local:alice'];

  it('survives being committed; once expired the control is STALE and the claim refused', async () => {
    const r = repo([manual], human);
    expect((await r.run(['claim', '--control', 'privacy'])).code).toBe(1);
    const now = '2027-01-01T00:00:00.000Z';
    const done = await r.run([...attest, ...alice, '--expires', '2027-02-01'], {}, now);
    expect(done.out).toMatch(/^ATTESTED privacy PASS until 2027-02-01/);
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'attestation');
    expect((await r.run(['claim', '--control', 'privacy', '--no-record'], {}, now)).code).toBe(0);
    const later = await r.run(['claim', '--control', 'privacy'], {}, '2027-03-01T00:00:00.000Z');
    expect(later.code).toBe(1);
    expect(later.out).toMatch(/STALE\s+privacy/);
  });

  it('a virtual authority may not attest (exit 2)', async () => {
    const r = repo([manual], human);
    const result = await r.run([...attest, '--authority-id', 'virtual:developer']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/human or external authority/);
  });
});

describe('concurrency', () => {
  it('two agents running evaluate --run at once both finish and every entry verifies', async () => {
    const slow: GateControl = {
      id: 'tests',
      execution: `{ type: command, argv: ${nodeArgv('setTimeout(() => console.log("ok"), 150)')} }`,
    };
    const r = repo([slow]);
    const codes = await Promise.all(
      ['local:agent-a', 'local:agent-b'].map((context) =>
        spawnCli(['evaluate', '--run', '--execution-context', context, '--root', r.dir]),
      ),
    );
    expect(codes).toEqual([0, 0]);
    const lines = readFileSync(segmentOf(r), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect((await r.run(['verify', '--full'])).code).toBe(0);
  });
});

function segmentOf(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = r
    .git('ls-files', '--others', '--cached', dir)
    .split('\n')
    .find((f) => f.endsWith('.jsonl'));
  if (name === undefined || !existsSync(join(r.dir, name))) throw new Error('no segment');
  return join(r.dir, name);
}

function spawnCli(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: WORKTREE,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '/tmp',
        NO_COLOR: '1',
        TZ: 'UTC',
      },
      stdio: 'ignore',
    });
    child.on('close', (code) => resolve(code ?? -1));
  });
}
