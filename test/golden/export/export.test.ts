// Golden transcripts of `proofgate export`: a granted claim exported as a DSSE envelope signed by
// the auditor's key, the envelope verified against the trust file (JSON), an envelope whose
// payload was changed after signing (NOT VERIFIED, exit 3), and a second export onto the same
// file (create-only, exit 2).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../helpers/gate-repo.ts';
import { CLONE_A, CLONE_B, makeGoldenRepo, pinCloneId } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];
const QA = ['--authority-id', 'virtual:quality', '--execution-context', 'ci:1'];

test('export a granted claim, verify it, and a payload changed after signing', async () => {
  const r = makeGoldenRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }], {
    taskStages: '[self, cross]',
  });
  cleanups.push(() => r.remove());
  expect((await r.run(['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'])).code).toBe(0);
  r.commit('auditor key');
  expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
  pinCloneId(r.dir, CLONE_B); // the auditor writes from a clone of its own
  expect((await r.run(['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...QA])).code).toBe(0);
  pinCloneId(r.dir, CLONE_A);
  const claim = await r.run(['claim', '--control', 'tests', ...DEV]);
  expect(claim.code, claim.out + claim.err).toBe(0);
  r.commit('evidence');
  const trust = join(r.out, 'app.trust.json');
  expect((await r.run(['export', '--trust-root', '--out', trust])).code).toBe(0);
  const file = join(r.out, 'claim.dsse.json');
  const exported = ['export', '--claim', 'latest', '--authority-id', 'virtual:quality', '--out', file];
  await expect(r.transcript(exported)).toMatchFileSnapshot('./claim.md');
  await expect(r.transcript(['export', '--verify', file, '--trust', trust, '--json'])).toMatchFileSnapshot(
    './verify-json.md',
  );
  await expect(r.transcript(exported)).toMatchFileSnapshot('./refused-out-exists.md');
  const envelope = JSON.parse(readFileSync(file, 'utf8')) as { payload: string };
  const statement = Buffer.from(envelope.payload, 'base64').toString('utf8');
  expect(statement).toContain('"scope":"task"');
  const forged = Buffer.from(statement.replace('"scope":"task"', '"scope":"release"')).toString('base64');
  const tampered = join(r.out, 'tampered.dsse.json');
  writeFileSync(tampered, JSON.stringify({ ...envelope, payload: forged }));
  await expect(r.transcript(['export', '--verify', tampered, '--trust', trust])).toMatchFileSnapshot(
    './refused-tampered.md',
  );
});
