// The gate through the CLI on real git repositories: what makes a result current, stale or
// refused, and what a claim says about it.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';

const PASS: GateControl = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }`,
};
const repos: GateRepo[] = [];
function repo(...args: Parameters<typeof makeGateRepo>): GateRepo {
  const r = makeGateRepo(...args);
  repos.push(r);
  return r;
}
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

function segmentFile(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const name = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  return join(dir, name);
}

describe('what keeps a PASS current', () => {
  it('a code edit after a PASS makes it STALE and the claim is refused with the reason', async () => {
    const r = repo([PASS]);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await r.run(['claim', '--control', 'tests', '--no-record'])).code).toBe(0);
    r.write('src/app.js', 'export const x = 2;\n');
    r.commit('edit');
    const status = await r.run(['status']);
    expect(status.code).toBe(1);
    expect(status.out).toMatch(/STALE\s+tests/);
    const claim = await r.run(['claim', '--control', 'tests']);
    expect(claim.code).toBe(1);
    expect(claim.out.split('\n')[0]).toMatch(/^REFUSED/);
    expect(claim.out).toMatch(/STALE\s+tests/);
    expect(claim.out).toContain('next: proofgate evaluate --run --control tests');
  });

  it('committing only the evidence keeps the PASS current', async () => {
    const r = repo([PASS]);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    r.git('add', '.proofgate/evidence');
    r.git('commit', '-q', '-m', 'evidence');
    const claim = await r.run(['claim', '--control', 'tests']);
    expect(claim.out).toMatch(/^COMPLETED/);
    expect(claim.code).toBe(0);
  });

  it('an untracked declared output does not stale the result that wrote it', async () => {
    const write = `require("fs").mkdirSync("out",{recursive:true});require("fs").writeFileSync("out/report.txt",String(Date.now()))`;
    const r = repo([
      {
        id: 'report',
        execution: `{ type: command, argv: ${nodeArgv(write)} }`,
        outputs: ['out/**'],
      },
    ]);
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect(readFileSync(join(r.dir, 'out', 'report.txt'), 'utf8')).not.toBe('');
    const status = await r.run(['status']);
    expect(status.out).toMatch(/PASS\s+report/);
    expect(status.code).toBe(0);
  });
});

describe('every non-PASS status refuses a claim and says why', () => {
  const cases: [string, GateControl, string[], RegExp][] = [
    [
      'FAIL',
      { id: 'c', execution: `{ type: command, argv: ${nodeArgv('process.exit(3)')} }` },
      ['evaluate', '--run'],
      /FAIL\s+c \[self\]: .*exit 3/,
    ],
    [
      'BLOCKED',
      {
        id: 'c',
        execution: `{ type: command, argv: ${nodeArgv('0')}, authorization_required: [secrets] }`,
      },
      ['evaluate', '--run'],
      /BLOCKED\s+c \[self\]: .*--authorize secrets/,
    ],
    ['TODO', { id: 'c', execution: '{ type: slot, hint: the unit tests }' }, [], /TODO\s+c/],
  ];
  it.each(cases)('%s', async (status, control, before, reason) => {
    const r = repo([control]);
    if (before.length > 0) expect((await r.run(before)).code).toBe(1);
    const claim = await r.run(['claim', '--control', 'c']);
    expect(claim.code).toBe(1);
    expect(claim.out.split('\n')[0]).toMatch(/^REFUSED/);
    expect(claim.out).toMatch(reason);
    expect(claim.out).toContain(status);
    expect(claim.out).toContain('next: ');
  });
});

describe('integrity', () => {
  it('a tampered ledger byte makes claim and status exit 3 and names verify --full', async () => {
    const r = repo([PASS]);
    await r.run(['evaluate', '--run']);
    await r.run(['evaluate', '--run']);
    const file = segmentFile(r);
    // The first of two lines: its successor's prev no longer matches.
    writeFileSync(file, readFileSync(file, 'utf8').replace('"PASS"', '"FAIL"'));
    for (const verb of [['claim', '--control', 'tests'], ['status']]) {
      const result = await r.run(verb);
      expect(result.code).toBe(3);
      expect(result.err).toContain('verify --full');
    }
  });

  it('a missing evidence object is exit 3 too; --json lists every finding', async () => {
    const r = repo([PASS]);
    await r.run(['evaluate', '--run']);
    await r.run(['evaluate', '--run']);
    const objects = join(r.dir, '.proofgate', 'evidence', 'objects');
    for (const d of readdirSync(objects, { recursive: true, withFileTypes: true }))
      if (d.isFile()) rmSync(join(d.parentPath, d.name));
    const file = segmentFile(r);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"PASS"', '"FAIL"'));
    const status = await r.run(['status', '--json']);
    expect(status.code).toBe(3);
    const doc = JSON.parse(status.out) as { error: { problems: string[] } };
    expect(doc.error.problems.some((p) => p.includes('OBJECT_MISSING'))).toBe(true);
    expect(doc.error.problems.some((p) => p.includes('PREV_MISMATCH'))).toBe(true);
  });

  it('claim --base detects a rewritten base segment even when the chain is self-consistent', async () => {
    const r = repo([PASS]);
    await r.run(['evaluate', '--run']);
    await r.run(['evaluate', '--run']);
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'evidence');
    r.git('update-ref', 'refs/remotes/origin/main', 'HEAD');
    const file = segmentFile(r);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    writeFileSync(file, `${lines[0]}\n`);
    // verify proves the ledger committed at HEAD too: the removed committed line is a finding.
    expect((await r.run(['verify', '--full'])).code).toBe(3);
    const claim = await r.run(['claim', '--control', 'tests', '--base', 'origin/main']);
    expect(claim.code).toBe(3);
    expect(claim.err).toContain('origin/main');
    // Without --base the ledger committed at HEAD is the base: the removed line is still found.
    const local = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(local.code).toBe(3);
    expect(local.err).toContain('HISTORY_REWRITTEN');
  });
});

describe('outputs', () => {
  it('secrets in the output never reach the evidence object; the raw digest binds it', async () => {
    const secret = 's3cr3t-deploy-token-9871';
    const r = repo(
      [
        {
          id: 'deploy',
          execution: `{ type: command, argv: ${nodeArgv('console.log("token=" + process.env.DEPLOY_TOKEN)')}, env: [DEPLOY_TOKEN] }`,
        },
      ],
      {},
    );
    const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace('redact_env: []', 'redact_env: [DEPLOY_TOKEN]'),
    );
    r.commit('redact');
    expect((await r.run(['evaluate', '--run'], { DEPLOY_TOKEN: secret })).code).toBe(0);
    const objects = join(r.dir, '.proofgate', 'evidence', 'objects');
    const stored = readdirSync(objects, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => readFileSync(join(d.parentPath, d.name), 'utf8'));
    expect(stored.length).toBeGreaterThan(0);
    for (const text of stored) expect(text).not.toContain(secret);
    expect(stored.some((t) => t.includes('token='))).toBe(true);
    const ledger = readFileSync(segmentFile(r), 'utf8');
    expect(ledger).not.toContain(secret);
    const entry = JSON.parse(ledger.split('\n')[0]!) as { body: { raw_sha256: string } };
    expect(entry.body.raw_sha256).toBe(sha256Hex(`token=${secret}\n`));
  });
});

describe('evaluate modes and defaults', () => {
  it('--dry-run records nothing; --claim is refused for claim; a missing mode is exit 2', async () => {
    const r = repo([PASS]);
    const dry = await r.run(['evaluate', '--dry-run']);
    expect(dry.out).toMatch(/^DRY RUN 1 controls/);
    expect(dry.out).toContain('would run');
    expect(dry.code).toBe(0);
    expect(r.git('status', '--porcelain', '--untracked-files=all')).not.toContain(
      'evidence/ledger',
    );
    expect((await r.run(['evaluate'])).code).toBe(2);
    expect((await r.run(['evaluate', '--run', '--dry-run'])).code).toBe(2);
    const both = await r.run(['evaluate', '--claim', '--control', 'tests']);
    expect(both.code).toBe(2);
    expect(both.err).toContain("did you mean 'proofgate evaluate --run, then proofgate claim'?");
    expect(r.git('status', '--porcelain', '--untracked-files=all')).not.toContain(
      'evidence/ledger',
    );
  });

  it('defaults: actor from $USER, authority virtual:developer, context local:<host>; flags win', async () => {
    const r = repo([PASS]);
    await r.run(['evaluate', '--run'], { USER: 'maria' });
    await r.run(['evaluate', '--run', '--actor', 'bot', '--execution-context', 'ci:5']);
    const [first, second] = readFileSync(segmentFile(r), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { actor: Record<string, string> }).actor);
    expect(first).toMatchObject({ label: 'maria', authority: 'virtual:developer' });
    expect(first!['context']).toMatch(/^local:./);
    expect(second).toMatchObject({ label: 'bot', context: 'ci:5' });
  });

  it('an unknown authority is exit 2 and writes nothing', async () => {
    const r = repo([PASS]);
    const result = await r.run(['evaluate', '--run', '--authority-id', 'virtual:nobody']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('virtual:nobody');
    expect(r.git('status', '--porcelain', '--untracked-files=all')).not.toContain('ledger');
  });
});
