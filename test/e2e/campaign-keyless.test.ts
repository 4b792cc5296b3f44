// A release authority that signs keyless only (a CI workflow identity, through Sigstore's mock
// Fulcio and Rekor in this process): `campaign register --sign sigstore` signs the registration
// with the identity; without --sign sigstore it is refused before anything is written. The built
// CLI verifies the ledger offline against the mock's trusted root.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import {
  GITHUB_ISSUER,
  useSigstoreMock,
  oidcToken,
  workflowSubject,
} from '../helpers/sigstore-mock.ts';
import { identityIdOf } from '../../scripts/lib/core/ledger/keyless.ts';

const CI = { issuer: GITHUB_ISSUER, subject: workflowSubject('acme/app', 'campaigns.yml') };
const CI_ENV = { SIGSTORE_ID_TOKEN: oidcToken(CI.issuer, CI.subject) };
const CAMPAIGN =
  'id: c1\nrevision: 1\ntitle: one\ncontrols: [unit]\nexit_policy: { max_new_violations: 0, min_fixed: 0 }\nphases:\n  - id: p1\n    title: first\n    tasks:\n      - { id: t1, title: fix, controls: [unit] }\n';

const mock = useSigstoreMock();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function repo(): GateRepo {
  const r = makeGateRepo([{ id: 'unit', execution: `{ type: command, argv: ${nodeArgv('1')} }` }], {
    targetMaturity: 'engineering_ready',
    authorities: [
      { id: 'ci:release', kind: 'ci', stages: ['release_authority'], identities: [CI] },
    ],
    files: { 'c.yaml': CAMPAIGN },
  });
  cleanups.push(() => r.remove());
  return r;
}

const campaignLines = (r: GateRepo): string[] => {
  const dir = join(r.dir, '.proofgate/evidence/ledger');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((l) => l.includes('"type":"campaign"'));
};

describe('campaign register by a keyless release authority', () => {
  it('signs with --sign sigstore; without it: KEY_INVALID naming --sign sigstore, nothing written', async () => {
    const r = repo();
    const register = [
      'campaign',
      'register',
      '--file',
      join(r.dir, 'c.yaml'),
      '--authority-id',
      'ci:release',
      '--execution-context',
      'ci:github:7',
    ];
    const refused = await r.run(register, CI_ENV);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      'error [KEY_INVALID]: campaign register in the name of ci:release must be signed by it',
    );
    expect(refused.err).toContain('--sign sigstore');
    expect(campaignLines(r)).toEqual([]);

    const signed = await r.run(
      [...register, '--sign', 'sigstore', '--sigstore-root', mock.trustedRoot],
      CI_ENV,
    );
    expect(signed.err).toBe('');
    expect(signed.out.split('\n')[0]).toBe('REGISTERED campaign c1 r1');
    const [line] = campaignLines(r);
    const entry = JSON.parse(line!) as { actor: { keyid: string }; sigs: { keyid: string }[] };
    expect(entry.actor.keyid).toBe(identityIdOf(CI));
    expect(entry.sigs.map((s) => s.keyid)).toEqual([identityIdOf(CI)]);
    const verified = runCli([
      'verify',
      '--no-base',
      '--sigstore-root',
      mock.trustedRoot,
      '--root',
      r.dir,
    ]);
    expect(verified.code).toBe(0);
  });
});
