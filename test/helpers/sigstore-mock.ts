// Sigstore's own mock services (@sigstore/mock: Fulcio, Rekor, with nock) answering in this process
// at the public-good URLs, and the trusted root that vouches for them. Keyless signing in tests
// therefore runs the real sigstore-js signing and verification code against real certificates,
// SCTs, log entries and inclusion proofs, issued by a throw-away CA and log. Network connections
// are refused while the mock is installed, so nothing reaches the public instance.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  fulcioHandler,
  initializeCA,
  initializeCTLog,
  initializeTLog,
  rekorHandler,
} from '@sigstore/mock';
import type { HandlerFn } from '@sigstore/mock';
import nock from 'nock';
import { afterAll, beforeAll } from 'vitest';
import { makeTempDir } from './git-repo.ts';

const FULCIO = 'https://fulcio.sigstore.dev';
const REKOR = 'https://rekor.sigstore.dev';
const LONG_AGO = '2000-01-01T00:00:00Z';

export const GITHUB_ISSUER = 'https://token.actions.githubusercontent.com';

/** A workflow identity as Fulcio names it for GitHub Actions. */
export const workflowSubject = (repo: string, workflow = 'audit.yml'): string =>
  `https://github.com/${repo}/.github/workflows/${workflow}@refs/heads/main`;

/** An unsigned OIDC token (the mock Fulcio decodes it without checking, like its tests do). */
export function oidcToken(issuer: string, subject: string): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: issuer, sub: subject, aud: 'sigstore', iat: now, exp: now + 600 })}.`;
}

function reply(fn: HandlerFn) {
  return async (_uri: string, body: unknown) => {
    const request = typeof body === 'string' ? body : JSON.stringify(body);
    const { statusCode, response, contentType } = await fn(request);
    return [statusCode, response, { 'Content-Type': contentType ?? 'text/plain' }] as const;
  };
}

/**
 * Installs the mock Fulcio and Rekor and writes the trusted root that vouches for them to
 * `<dir>/mock-trusted-root.json`; returns that path and a function that removes the mock.
 */
export async function installSigstoreMock(dir: string): Promise<{
  trustedRoot: string;
  uninstall: () => void;
}> {
  const keyPair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ctlog = await initializeCTLog(keyPair);
  const ca = await initializeCA(keyPair, ctlog);
  const tlog = await initializeTLog(REKOR, keyPair);
  const fulcio = fulcioHandler(ca, { strict: true });
  const rekor = rekorHandler(tlog, { strict: true });
  nock.disableNetConnect();
  nock(FULCIO).persist().post(fulcio.path).reply(reply(fulcio.fn));
  nock(REKOR).persist().post(rekor.path).reply(reply(rekor.fn));
  const b64 = (bytes: ArrayBufferView): string =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const key = (raw: ArrayBufferView) => ({
    rawBytes: b64(raw),
    keyDetails: 'PKIX_ECDSA_P256_SHA_256',
    validFor: { start: LONG_AGO },
  });
  const root = {
    mediaType: 'application/vnd.dev.sigstore.trustedroot+json;version=0.1',
    tlogs: [
      {
        baseUrl: REKOR,
        hashAlgorithm: 'SHA2_256',
        publicKey: key(tlog.publicKey),
        logId: { keyId: b64(createHash('sha256').update(tlog.publicKey).digest()) },
      },
    ],
    certificateAuthorities: [
      {
        subject: { organization: 'sigstore.mock', commonName: 'sigstore' },
        uri: FULCIO,
        certChain: { certificates: [{ rawBytes: b64(ca.rootCertificate) }] },
        validFor: { start: LONG_AGO },
      },
    ],
    ctlogs: [
      {
        baseUrl: 'https://ctfe.sigstore.dev',
        hashAlgorithm: 'SHA2_256',
        publicKey: key(ctlog.publicKey),
        logId: { keyId: b64(ctlog.logID) },
      },
    ],
    timestampAuthorities: [],
  };
  const trustedRoot = join(dir, 'mock-trusted-root.json');
  writeFileSync(trustedRoot, JSON.stringify(root, null, 2));
  return {
    trustedRoot,
    uninstall: () => {
      nock.cleanAll();
      nock.enableNetConnect();
    },
  };
}

/**
 * The mock for a whole test file: installed before its tests in a temporary directory, removed
 * after them. `mock.trustedRoot` is the trusted root's path once the file's tests run.
 */
export function useSigstoreMock(): { trustedRoot: string } {
  const mock = { trustedRoot: '' };
  let dir = '';
  let uninstall = (): void => undefined;
  beforeAll(async () => {
    dir = makeTempDir('pg-sigstore-');
    ({ trustedRoot: mock.trustedRoot, uninstall } = await installSigstoreMock(dir));
  });
  afterAll(() => {
    uninstall();
    rmSync(dir, { recursive: true, force: true });
  });
  return mock;
}
