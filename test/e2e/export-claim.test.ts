// `proofgate export --claim`: a granted claim as a DSSE envelope over an in-toto Statement, signed
// with the auditor's key. It verifies offline against the trust file's key (and with openssl over
// the PAE bytes, the one-liner references/export.md shows); its subject is the claimed commit; a
// payload changed after signing does not verify.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';
import { tempDirsPerTest } from '../helpers/git-repo.ts';
import { asAnotherClone } from '../helpers/other-clone.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const QA = actingAs('virtual:quality', 'ci:1');

const tempDir = tempDirsPerTest();

interface Envelope {
  payloadType: string;
  payload: string;
  signatures: { keyid: string; sig: string }[];
}

/** A granted, recorded task claim over a signed cross audit; the trust file and the envelope. */
async function exportedClaim() {
  const env = { PROOFGATE_KEY_DIR: tempDir('pg-keys-') };
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }],
    {
      taskStages: '[self, cross]',
    },
  );
  cleanups.push(() => r.remove());
  expect(
    (await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], env)).code,
  ).toBe(0);
  r.commit('auditor key');
  expect((await r.run(['evaluate', '--run', ...DEV], env)).code).toBe(0);
  asAnotherClone(r.dir); // the auditor writes from a clone of its own
  expect(
    (await r.run(['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...QA], env)).code,
  ).toBe(0);
  const claim = await r.run(['claim', '--control', 'tests', ...DEV], env);
  expect(claim.code, claim.out + claim.err).toBe(0);
  const out = tempDir('pg-audits-');
  const trust = join(out, 'app.trust.json');
  expect(runCli(['export', '--trust-root', '--out', trust, '--root', r.dir], env).code).toBe(0);
  const file = join(out, 'claim.dsse.json');
  const exported = runCli(
    [
      'export',
      '--claim',
      'latest',
      '--authority-id',
      'virtual:quality',
      '--out',
      file,
      '--root',
      r.dir,
    ],
    env,
  );
  expect(exported.code, exported.stdout + exported.stderr).toBe(0);
  const envelope = JSON.parse(readFileSync(file, 'utf8')) as Envelope;
  return { r, env, trust, file, envelope, out };
}

describe('export --claim', () => {
  it('signs an in-toto Statement about the claimed commit that verifies against the trust file', async () => {
    const { r, env, trust, file, envelope } = await exportedClaim();
    expect(envelope.payloadType).toBe('application/vnd.in-toto+json');
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as {
      _type: string;
      subject: { digest: { gitCommit: string } }[];
      predicateType: string;
      predicate: { controls: { id: string; stages: Record<string, { status: string }> }[] };
    };
    expect(statement._type).toBe('https://in-toto.io/Statement/v1');
    expect(statement.subject[0]!.digest.gitCommit).toBe(r.git('rev-parse', 'HEAD').trim());
    expect(statement.predicateType).toBe('https://proofgate.dev/claim/v1');
    expect(statement.predicate.controls[0]!.stages['cross']!.status).toBe('PASS');
    const verified = runCli(['export', '--verify', file, '--trust', trust], env);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^VERIFIED .* signed by virtual:quality/);
  });

  it('a payload changed after signing does not verify (exit 3)', async () => {
    const { env, trust, envelope, out } = await exportedClaim();
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as {
      predicate: { outcome: string; scope: string };
    };
    statement.predicate.scope = 'release';
    const tampered = join(out, 'tampered.json');
    writeFileSync(
      tampered,
      JSON.stringify({
        ...envelope,
        payload: Buffer.from(JSON.stringify(statement)).toString('base64'),
      }),
    );
    const run = runCli(['export', '--verify', tampered, '--trust', trust], env);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('does not verify');
  });

  const hasTools = ['openssl', 'jq'].every((t) => spawnSync('which', [t]).status === 0);
  it.skipIf(!hasTools)(
    'verifies with openssl over the DSSE PAE bytes (references/export.md)',
    async () => {
      const { trust, file, envelope, out } = await exportedClaim();
      const script = readFileSync(
        join(import.meta.dirname, '..', '..', 'references', 'export.md'),
        'utf8',
      );
      const block = /```sh verify-with-openssl\n([\s\S]*?)```/.exec(script)?.[1];
      expect(block).toBeDefined();
      const run = (envelopeFile: string) =>
        spawnSync('bash', ['-euo', 'pipefail', '-c', block!], {
          cwd: out,
          env: { PATH: process.env['PATH'] ?? '', ENVELOPE: envelopeFile, TRUST: trust },
          encoding: 'utf8',
        });
      const good = run(file);
      expect(good.status, good.stdout + good.stderr).toBe(0);
      expect(good.stdout).toContain('Signature Verified Successfully');
      const payload = Buffer.from(envelope.payload, 'base64')
        .toString('utf8')
        .replace('"task"', '"release"');
      const bad = join(out, 'bad.json');
      writeFileSync(
        bad,
        JSON.stringify({ ...envelope, payload: Buffer.from(payload).toString('base64') }),
      );
      expect(run(bad).status).not.toBe(0);
    },
  );
});
