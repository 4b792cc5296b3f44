// A real bundle from the public-good Sigstore instance, verified offline through proofgate's own
// verification path against the trusted root proofgate ships: the path accepts what the public
// instance signed, rejects a changed byte, and never counts a bundle that signs another payload as
// a ledger entry's signature. The bundle is a public repository's file, which this repository does
// not commit: it is read from the shared fixtures beside the checkout
// (shared/fixtures/sigstore/bundleV03-dsse.sigstore, see test/fixtures/sigstore/SOURCE.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  loadTrustMaterial,
  verifyBundle,
  verifySigstoreBundle,
} from '../../scripts/lib/io/keys/sigstore-verify.ts';
import { identityIdOf } from '../../scripts/lib/core/ledger/keyless.ts';
import { sharedFixture } from '../helpers/shared-fixture.ts';

const shared = sharedFixture('sigstore/bundleV03-dsse.sigstore');
const BUNDLE = shared.isMissing ? Buffer.alloc(0) : readFileSync(shared.path);
const IDENTITY = { issuer: 'https://github.com/login/oauth', subject: 'brian@dehamer.com' };

describe.skipIf(shared.isMissing)('a public-good Sigstore bundle (shared fixture)', () => {
  const trust = loadTrustMaterial();

  it('verifies against the shipped public-good trusted root, naming its identity and log time', () => {
    const verified = verifySigstoreBundle(BUNDLE, undefined, trust);
    expect(verified.identity).toEqual(IDENTITY);
    expect(new Date(verified.integratedTime * 1000).toISOString()).toBe('2023-07-12T15:50:43.000Z');
    expect(verified.envelope?.payloadType).toBe('application/vnd.in-toto+json');
  });

  it('does not verify once a byte of its signature changes', () => {
    const bundle = JSON.parse(BUNDLE.toString('utf8')) as {
      dsseEnvelope: { signatures: { sig: string }[] };
    };
    const sig = Buffer.from(bundle.dsseEnvelope.signatures[0]!.sig, 'base64');
    sig[sig.length - 1] = sig[sig.length - 1]! ^ 1;
    bundle.dsseEnvelope.signatures[0]!.sig = sig.toString('base64');
    expect(() =>
      verifySigstoreBundle(Buffer.from(JSON.stringify(bundle)), undefined, trust),
    ).toThrow();
  });

  it('does not verify against another trusted root', () => {
    const empty = new URL('../fixtures/sigstore/empty-trusted-root.json', import.meta.url);
    expect(() =>
      verifySigstoreBundle(BUNDLE, undefined, loadTrustMaterial(empty.pathname)),
    ).toThrow();
  });

  it('is not a signature of a ledger entry: it signs an in-toto payload, not the entry', () => {
    const identity = { id: identityIdOf(IDENTITY), identity: IDENTITY, authority: 'human:brian' };
    const verdict = verifyBundle(
      BUNDLE,
      Buffer.from('DSSEv1 39 application/vnd.proofgate.entry.v1+json 2 {}'),
      { identity, time: '2023-07-12T15:50:43.000Z' },
      trust,
    );
    expect(verdict.problem?.message).toBe(
      'keyless signature: the bundle signs other bytes than this entry',
    );
  });
});
