// A checkpoint is trusted when a release authority signs it, or when the CI authority signs it
// keyless by the Sigstore identity the upstream's rules declare. The CI authority signing with a
// key is neither: a key is a file that can be copied wherever CI runs (or wherever the agent
// reads it), so it is ignored and every verdict reads the whole ledger. Pinned on a real
// repository tracking a bare upstream, with the CI key registered and pushed (so it is in effect
// for everything else it signs): `status --json` says the whole ledger is read and why, and a
// covered line edited in the working tree is refused by every verdict.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coveredSegment, ledgerRead, TESTS } from '../helpers/checkpoint-repo.ts';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { GITHUB_ISSUER, workflowSubject } from '../helpers/sigstore-mock.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const CI_ID = 'ci:github';
const CI = { issuer: GITHUB_ISSUER, subject: workflowSubject('acme/app') };
const CLAIM = ['claim', '--control', 'tests', '--no-record'];

/** Three PASS runs and the CI authority's key, committed and pushed; then its keyed checkpoint. */
async function keyedCiCheckpoint(identities: boolean): Promise<GateRepo> {
  const r = makeGateRepo([TESTS], {
    files: { '.gitignore': 'flag\n' },
    authorities: [
      { id: CI_ID, kind: 'ci', stages: ['cross'], ...(identities ? { identities: [CI] } : {}) },
    ],
  });
  const keys = mkdtempSync(join(tmpdir(), 'pg-ckpt-ci-keys-'));
  const env = { PROOFGATE_KEY_DIR: keys };
  const generate = await r.run(['authority', 'keys', 'generate', '--authority-id', CI_ID], env);
  expect(generate.code, generate.err).toBe(0);
  for (let i = 0; i < 3; i++) expect((await r.run(['evaluate', '--run'])).code).toBe(0);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence and the CI key');
  const removeRemote = pushToOrigin(r);
  cleanups.push(() => {
    r.remove();
    removeRemote();
    rmSync(keys, { recursive: true, force: true });
  });
  const sealed = await r.run(
    ['seal', '--archive-id', 'cp-ci-key', '--checkpoint', '--authority-id', CI_ID],
    env,
  );
  expect(sealed.code, sealed.err).toBe(0);
  // The seal is signed with the CI key (a key-signed entry names its keyid).
  const ledger = join(r.dir, '.proofgate', 'evidence', 'ledger');
  const seal = readdirSync(ledger)
    .filter((f) => /-g\d+\.jsonl$/.test(f))
    .map((f) => readFileSync(join(ledger, f), 'utf8'))
    .find((text) => text.includes('"checkpoint"'));
  expect(seal).toContain('"sigs":[{');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'checkpoint');
  return r;
}

/** Flips the first run's PASS to FAIL in the covered segment, in the working tree only. */
function flipCoveredRun(r: GateRepo): void {
  const path = coveredSegment(r);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain('"status":"PASS"');
  writeFileSync(path, text.replace('"status":"PASS"', '"status":"FAIL"'));
}

describe('a checkpoint the CI authority signs with a key is ignored', () => {
  it.each([
    [
      'with a Sigstore identity declared',
      true,
      'counts for checkpoints only when signed keyless by its Sigstore identity',
    ],
    ['with no identity', false, 'is not a release authority or a CI identity'],
  ] as const)('%s: verdicts read the whole ledger', async (_what, identities, reason) => {
    const r = await keyedCiCheckpoint(identities);
    const verify = await r.run(['verify', '--full']);
    expect(verify.code, verify.out).toBe(0);
    expect(verify.out).toContain('checkpoint: none in use, verdicts read the whole ledger');
    expect(verify.out).toContain(reason);
    expect((await r.run(CLAIM)).code).toBe(0);
    expect(await ledgerRead(r)).toEqual({
      from: 'whole',
      why: expect.stringContaining(reason) as unknown,
    });
    flipCoveredRun(r);
    const claim = await r.run([...CLAIM, '--json']);
    expect(claim.code, claim.out).toBe(3);
    expect(claim.out).toContain('LINE_EDITED');
    expect((await r.run(['status'])).code).toBe(3);
    const stop = await hookStopIn(r.dir, '--control', 'tests');
    expect(stop.decision).toBe('block');
    expect(stop.reason).toContain('integrity');
  });
});
