// A checkpoint signed keyless through Sigstore by a CI identity that the upstream's manifest
// declares (for a release authority, or for the CI authority itself) is trusted like a key-signed
// one. Signing runs the real
// sigstore-js code against Sigstore's own mock Fulcio and Rekor (in this process); verification
// is offline, through the built CLI, against the mock's trusted root.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import {
  GITHUB_ISSUER,
  useSigstoreMock,
  oidcToken,
  workflowSubject,
} from '../helpers/sigstore-mock.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const CI = { issuer: GITHUB_ISSUER, subject: workflowSubject('acme/app') };
const CI_ENV = { SIGSTORE_ID_TOKEN: oidcToken(CI.issuer, CI.subject) };

const mock = useSigstoreMock();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function ledgerFiles(r: GateRepo): string[] {
  const dir = join(r.dir, '.proofgate/evidence/ledger');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(dir, f));
}

const claim = (r: GateRepo) =>
  runCli([
    ...['claim', '--control', 'tests', '--no-record'],
    ...['--sigstore-root', mock.trustedRoot, '--root', r.dir],
  ]);

/** The developer's run, then the CI's keyless cross audit. */
async function keylessCross(r: GateRepo): Promise<void> {
  expect(
    (await r.run(['evaluate', '--run', ...actingAs('virtual:developer', 'local:dev')])).code,
  ).toBe(0);
  const audit = await r.run(
    [
      ...CROSS_AUDIT,
      ...actingAs('ci:github', 'ci:github:42'),
      ...['--sign', 'sigstore', '--sigstore-root', mock.trustedRoot],
    ],
    CI_ENV,
  );
  expect(audit.code, audit.err).toBe(0);
}

describe('a checkpoint signed keyless by the CI identity', () => {
  it.each([
    ['a release authority', ['cross', 'release_authority']],
    ['the CI authority with no release stage', ['cross']],
  ] as const)(
    'of %s is trusted: verdicts verify only the suffix, and refuse an edit of what it covers',
    async (_who, stages) => {
      const r = makeGateRepo(
        [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }],
        {
          targetMaturity: 'engineering_ready',
          taskStages: '[self, cross]',
          authorities: [{ id: 'ci:github', kind: 'ci', stages: [...stages], identities: [CI] }],
        },
      );
      cleanups.push(() => r.remove());
      await keylessCross(r);
      r.git('add', '-A');
      r.git('commit', '-q', '-m', 'evidence');
      cleanups.push(pushToOrigin(r));
      const sealed = await r.run(
        [
          ...['seal', '--archive-id', 'cp-ci', '--checkpoint', '--authority-id', 'ci:github'],
          ...['--sign', 'sigstore', '--sigstore-root', mock.trustedRoot],
        ],
        CI_ENV,
      );
      expect(sealed.code, sealed.err).toBe(0);
      r.git('add', '-A');
      r.git('commit', '-q', '-m', 'checkpoint');
      expect(claim(r).code).toBe(0);
      const verify = (): ReturnType<typeof runCli> =>
        runCli(['verify', '--sigstore-root', mock.trustedRoot, '--root', r.dir]);
      expect(verify().stdout).toMatch(/checkpoint: verdicts start from \S+-g1\.jsonl:1/);
      // The developer's run in the covered segment, flipped to FAIL in place (same length): not
      // committed, the working tree no longer holds what the checkpoint stands for.
      const covered = ledgerFiles(r).find((f) => !/-g\d+\.jsonl$/.test(f))!;
      const text = readFileSync(covered, 'utf8');
      writeFileSync(covered, text.replace('"status":"PASS"', '"status":"FAIL"'));
      expect(verify().code).toBe(3);
      expect(verify().stdout).toContain('differs from HEAD in the working tree');
      expect(claim(r).code).toBe(3);
      // Committed, the edit changes the covered blob: the whole ledger is read and refused.
      r.git('commit', '-q', '-am', 'tidy');
      expect(claim(r).code).toBe(3);
    },
  );
});
