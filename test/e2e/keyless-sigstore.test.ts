// Keyless audits bound to a CI identity through Sigstore. The CI authority declares the workflow
// identity whose Fulcio certificates count as its own; the agent holds no such certificate. Signing
// runs the real sigstore-js code against Sigstore's own mock Fulcio and Rekor (in this process);
// verification is offline, through the built CLI, against the mock's trusted root.
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { makeTempDir } from '../helpers/git-repo.ts';
import {
  GITHUB_ISSUER,
  useSigstoreMock,
  oidcToken,
  workflowSubject,
} from '../helpers/sigstore-mock.ts';
import { identityIdOf } from '../../scripts/lib/core/ledger/keyless.ts';
import { computeInventory } from '../../scripts/lib/core/ledger/verify-seals.ts';
import type { Authority } from '../../scripts/lib/core/plane/types.ts';
import type * as SignModule from '../../scripts/lib/io/keys/sigstore-sign.ts';

const CI = { issuer: GITHUB_ISSUER, subject: workflowSubject('acme/app') };
const FORK = { issuer: GITHUB_ISSUER, subject: workflowSubject('agent/fork') };
const forge = { active: false };

// What an agent with a patched proofgate and a certificate for its own fork's workflow can do: sign
// with that certificate while the entry claims the CI identity's id.
vi.mock('../../scripts/lib/io/keys/sigstore-sign.ts', async (importOriginal) => {
  const real = await importOriginal<typeof SignModule>();
  return {
    ...real,
    loadKeylessSigner: async (authority: Authority, env: Record<string, string | undefined>) => {
      if (!forge.active) return real.loadKeylessSigner(authority, env);
      const fork = await real.loadKeylessSigner(
        { ...authority, identities: [FORK] },
        { ...env, SIGSTORE_ID_TOKEN: oidcToken(FORK.issuer, FORK.subject) },
      );
      return { ...fork, keyid: identityIdOf(CI), identity: CI };
    },
  };
});

const mock = useSigstoreMock();
const cleanups: (() => void)[] = [];
afterEach(() => {
  forge.active = false;
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = actingAs('virtual:developer', 'local:dev');
const ciAudit = (): string[] => [
  ...CROSS_AUDIT,
  ...actingAs('ci:github', 'ci:github:42'),
  ...['--sign', 'sigstore', '--sigstore-root', mock.trustedRoot],
];
const CI_ENV = { SIGSTORE_ID_TOKEN: oidcToken(CI.issuer, CI.subject) };
const SIGNED = `signed keyless by Sigstore identity ${CI.subject}`;

function repo(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }],
    {
      targetMaturity: 'engineering_ready',
      taskStages: '[self, cross]',
      authorities: [{ id: 'ci:github', kind: 'ci', stages: ['cross'], identities: [CI] }],
    },
  );
  cleanups.push(() => r.remove());
  return r;
}

/** The developer's run, then the CI's keyless cross audit; returns the audit's ledger line. */
async function keylessCross(r: GateRepo): Promise<{ file: string; line: string }> {
  expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
  const audit = await r.run(ciAudit(), CI_ENV);
  expect(audit.err).toBe('');
  expect(audit.code).toBe(0);
  return lastLine(r);
}

function ledgerFiles(r: GateRepo): string[] {
  const dir = join(r.dir, '.proofgate/evidence/ledger');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl') && f !== 'root.jsonl')
    .map((f) => join(dir, f));
}

function lastLine(r: GateRepo): { file: string; line: string } {
  const file = ledgerFiles(r)[0]!;
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  return { file, line: lines.at(-1)! };
}

function replaceLastLine(file: string, line: string): void {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  lines[lines.length - 1] = line;
  writeFileSync(file, `${lines.join('\n')}\n`);
}

function objectPath(r: GateRepo, digest: string): string {
  return join(r.dir, '.proofgate/evidence/objects/sha256', digest.slice(0, 2), digest);
}

const verify = (r: GateRepo, root = mock.trustedRoot) =>
  runCli(['verify', '--no-base', '--sigstore-root', root, '--root', r.dir]);
const claim = (r: GateRepo, root = mock.trustedRoot) =>
  runCli(['claim', '--control', 'tests', '--no-record', '--sigstore-root', root, '--root', r.dir]);

describe('keyless cross audit (Sigstore, mock Fulcio and Rekor)', () => {
  it('verifies offline against the trusted root and counts as an independent signed cross', async () => {
    const r = repo();
    const { line } = await keylessCross(r);
    const entry = JSON.parse(line) as {
      actor: { keyid: string };
      sigs: { keyid: string; bundle: string }[];
    };
    expect(entry.actor.keyid).toBe(identityIdOf(CI));
    expect(entry.sigs).toEqual([{ keyid: identityIdOf(CI), bundle: expect.any(String) }]);
    const bundle = JSON.parse(readFileSync(objectPath(r, entry.sigs[0]!.bundle), 'utf8')) as {
      mediaType: string;
      verificationMaterial: { tlogEntries: { inclusionProof?: unknown }[] };
    };
    expect(bundle.mediaType).toBe('application/vnd.dev.sigstore.bundle.v0.3+json');
    expect(bundle.verificationMaterial.tlogEntries).toHaveLength(1);
    expect(bundle.verificationMaterial.tlogEntries[0]?.inclusionProof).toBeDefined();
    r.commit('evidence');
    const verified = verify(r);
    expect(verified.stdout + verified.stderr).not.toContain('SIGNATURE_INVALID');
    expect(verified.code).toBe(0);
    const result = claim(r);
    expect(result.stdout).toMatch(/^COMPLETED \[task\]/);
    expect(result.stdout).toContain(`cross: 1 ${SIGNED}`);
    expect(result.code).toBe(0);
    // The same bundle against the public-good root (the default) does not verify: the root decides.
    const publicGood = runCli(['verify', '--no-base', '--root', r.dir]);
    expect(publicGood.code).toBe(3);
    expect(publicGood.stdout).toContain('keyless signature: the bundle does not verify');
  });

  it('a certificate for another workflow does not count: an integrity finding', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    forge.active = true;
    expect((await r.run(ciAudit(), CI_ENV)).code).toBe(0);
    r.commit('evidence');
    const verified = verify(r);
    expect(verified.code).toBe(3);
    expect(verified.stdout).toContain('SIGNATURE_INVALID');
    expect(verified.stdout).toContain(`subject ${FORK.subject}, not`);
    const result = claim(r);
    expect(result.code).toBe(3);
    expect(result.stdout + result.stderr).not.toMatch(/COMPLETED/);
  });

  it('the fork identity added to the working manifest is refused by the signer unless declared', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    const audit = await r.run(ciAudit(), {
      SIGSTORE_ID_TOKEN: oidcToken(FORK.issuer, FORK.subject),
    });
    expect(audit.code).toBe(2);
    expect(audit.err).toContain("the OIDC token's identity is not one ci:github declares");
    expect(lastLine(r).line).not.toContain('"kind":"audit"');
  });

  it('a bundle whose inclusion proof is broken is an integrity finding', async () => {
    const r = repo();
    const { file, line } = await keylessCross(r);
    const entry = JSON.parse(line) as { sigs: { keyid: string; bundle: string }[] };
    const digest = entry.sigs[0]!.bundle;
    const bundle = JSON.parse(readFileSync(objectPath(r, digest), 'utf8')) as {
      verificationMaterial: { tlogEntries: { inclusionProof: { hashes?: string[] } }[] };
    };
    // A sibling hash the log never had: the proof no longer leads to the checkpoint's root.
    bundle.verificationMaterial.tlogEntries[0]!.inclusionProof.hashes = [
      Buffer.alloc(32, 7).toString('base64'),
    ];
    const bytes = Buffer.from(JSON.stringify(bundle));
    const { sha256Hex } = await import('../../scripts/lib/core/hash.ts');
    const broken = sha256Hex(bytes);
    mkdirSync(join(objectPath(r, broken), '..'), { recursive: true });
    writeFileSync(objectPath(r, broken), bytes);
    replaceLastLine(file, line.replace(digest, broken));
    const verified = verify(r);
    expect(verified.code).toBe(3);
    expect(verified.stdout).toContain('keyless signature: the bundle does not verify');
    expect(verified.stdout).toContain('(invalid hash count)');
    expect(claim(r).code).toBe(3);
  });

  it('a bundle of another entry (other bytes) is an integrity finding', async () => {
    const r = repo();
    const first = await keylessCross(r);
    const firstBundle = (JSON.parse(first.line) as { sigs: { bundle: string }[] }).sigs[0]!.bundle;
    expect((await r.run(ciAudit(), CI_ENV)).code).toBe(0);
    const second = lastLine(r);
    const secondBundle = (JSON.parse(second.line) as { sigs: { bundle: string }[] }).sigs[0]!
      .bundle;
    replaceLastLine(second.file, second.line.replace(secondBundle, firstBundle));
    const verified = verify(r);
    expect(verified.code).toBe(3);
    expect(verified.stdout).toContain(
      'keyless signature: the bundle signs other bytes than this entry',
    );
  });

  it('an unsigned entry by an authority that signs keyless is refused, and tampering if written', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    const unsigned = await r.run([...CROSS_AUDIT, ...actingAs('ci:github', 'ci:github:42')]);
    expect(unsigned.code).toBe(2);
    expect(unsigned.err).toContain('signs keyless only');
    // A patched writer appends it anyway.
    const { appendEntry } = await import('../../scripts/lib/io/ledger/ledger-store.ts');
    const { loadPlane } = await import('../../scripts/lib/io/plane/plane.ts');
    const plane = loadPlane(r.dir);
    const written = JSON.parse(lastLine(r).line) as { subject: never };
    await appendEntry(plane, {
      kind: 'note',
      time: new Date().toISOString(),
      actor: { label: 'ci', authority: 'ci:github', context: 'ci:github:42' },
      subject: written.subject,
      body: { type: 'forged' },
    });
    const verified = verify(r);
    expect(verified.code).toBe(3);
    expect(verified.stdout).toContain('UNSIGNED_KEYED');
  });
});

describe('verify --sigstore-refresh (the trusted root through TUF, online)', () => {
  it('without network access it stops with exit 4 and says how to verify offline', async () => {
    const r = repo();
    const cache = makeTempDir('pg-tuf-');
    cleanups.push(() => rmSync(cache, { recursive: true, force: true }));
    // The mock refuses every connection it does not answer (nock), as an offline machine would.
    const offline = await r.run(['verify', '--no-base', '--sigstore-refresh'], {
      XDG_CACHE_HOME: cache,
    });
    expect(offline.code).toBe(4);
    expect(offline.err).toContain('could not be refreshed through TUF');
    expect(offline.err).toContain('without --sigstore-refresh');
    const both = await r.run(['verify', '--sigstore-refresh', '--sigstore-root', mock.trustedRoot]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--sigstore-refresh and --sigstore-root exclude each other');
  });
});

describe('claim --base: the identities that count come from the base', () => {
  it("an identity the change declares (the agent's fork workflow) does not make its keyless cross count", async () => {
    const r = repo();
    r.git('checkout', '-q', '-b', 'feature');
    const manifest = join(r.dir, '.proofgate/controls/manifest.yaml');
    const text = readFileSync(manifest, 'utf8');
    const declared = `      - { issuer: '${CI.issuer}', subject: '${CI.subject}' }\n`;
    expect(text).toContain(declared);
    writeFileSync(
      manifest,
      text.replace(
        declared,
        `${declared}      - { issuer: '${FORK.issuer}', subject: '${FORK.subject}' }\n`,
      ),
    );
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    const fork = { SIGSTORE_ID_TOKEN: oidcToken(FORK.issuer, FORK.subject) };
    expect((await r.run(ciAudit(), fork)).code).toBe(0);
    r.commit('feature with the fork identity declared');
    // By the change's own rules the fork identity counts; by the base's it is a label.
    expect(claim(r).code).toBe(0);
    const refused = runCli([
      ...['claim', '--control', 'tests', '--no-record', '--base', 'main'],
      ...['--sigstore-root', mock.trustedRoot, '--root', r.dir],
    ]);
    expect(refused.stdout).toMatch(/^REFUSED \[task\]/);
    expect(refused.stdout).toContain('cross result(s) by ci:github do not count');
    expect(refused.stdout).toContain(`not in effect: authority ci:github changed`);
    expect(refused.stdout).toContain(`identities ${CI.subject}, ${FORK.subject}`);
    expect(refused.code).toBe(1);
  });
});

describe('witnessed heads: a keyless seal by CI', () => {
  const sealArgv = (): string[] => [
    ...['seal', '--archive-id', 'ci-witness-1', '--authority-id', 'ci:github'],
    ...['--sign', 'sigstore', '--sigstore-root', mock.trustedRoot],
  ];

  it('records every segment head signed keyless; a witnessed head cut away is an integrity finding', async () => {
    const r = repo();
    await keylessCross(r);
    // A second writer (another branch) adds its own segment; the seal witnesses both heads.
    r.git('checkout', '-q', '-b', 'feature');
    expect(
      (await r.run(['evaluate', '--run', ...DEV, '--sigstore-root', mock.trustedRoot])).code,
    ).toBe(0);
    const sealed = await r.run(sealArgv(), CI_ENV);
    expect(sealed.err).toBe('');
    expect(sealed.code).toBe(0);
    const files = ledgerFiles(r);
    const sealFile = files.find((f) => readFileSync(f, 'utf8').includes('"kind":"seal"'))!;
    const seal = JSON.parse(readFileSync(sealFile, 'utf8').trimEnd().split('\n').at(-1)!) as {
      body: { heads: Record<string, string>; inventory: string; objects: number };
      sigs: { bundle?: string }[];
    };
    expect(seal.sigs[0]?.bundle).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(seal.body.heads).length).toBeGreaterThanOrEqual(2);
    // The inventory covers the keyless audit's bundle too: an archive keeps what verifies it.
    const earlier = files
      .flatMap((f) => readFileSync(f, 'utf8').trimEnd().split('\n'))
      .map(
        (l) =>
          JSON.parse(l) as {
            kind: string;
            storage: { objects: string[] };
            sigs?: { bundle?: string }[];
          },
      )
      .filter((e) => e.kind !== 'seal');
    const kept = earlier.flatMap((e) => [
      ...e.storage.objects,
      ...(e.sigs ?? []).flatMap((sig) => (sig.bundle === undefined ? [] : [sig.bundle])),
    ]);
    expect(earlier.some((e) => e.sigs?.[0]?.bundle !== undefined)).toBe(true);
    expect(seal.body).toMatchObject(computeInventory(kept));
    expect(verify(r).code).toBe(0);
    // The agent cuts the last line of the other segment (never committed): the witnessed head is gone.
    const other = files.find((f) => f !== sealFile && f.endsWith('-main.jsonl'))!;
    const lines = readFileSync(other, 'utf8').trimEnd().split('\n');
    writeFileSync(other, `${lines.slice(0, -1).join('\n')}\n`);
    const cut = verify(r);
    expect(cut.code).toBe(3);
    expect(cut.stdout).toContain('SEAL_INVALID');
  });
});
