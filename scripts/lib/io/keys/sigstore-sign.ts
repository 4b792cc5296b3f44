// Keyless signing through Sigstore (the sigstore-js libraries, never a re-implementation): an OIDC
// token (GitHub Actions with `id-token: write`, or SIGSTORE_ID_TOKEN) buys a short-lived Fulcio
// certificate for an ephemeral key, the key signs the entry's PAE bytes (as a DSSE envelope of the
// entry's payload type and body), and Rekor logs it; the result is a v0.3 DSSE bundle. Needs network access to Fulcio and
// Rekor. Loaded lazily, only by `--sign sigstore`.
import { bundleToJSON } from '@sigstore/bundle';
import { CIContextProvider, DSSEBundleBuilder, FulcioSigner, RekorWitness } from '@sigstore/sign';
import type { Context } from '../../core/context.ts';
import { ConfigError, EnvironmentError } from '../../core/errors.ts';
import { identityIdOf } from '../../core/ledger/keyless.ts';
import { ENTRY_PAYLOAD_TYPE } from '../../core/ledger/sign-entry.ts';
import type { KeylessSigner } from '../../core/ledger/keyless.ts';
import type { Authority, SigstoreIdentity } from '../../core/plane/types.ts';

/** The claims of a JWT, decoded without checking it (Fulcio checks the token). */
function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

/** The identities a Fulcio certificate for this token may name (issuer + subject). */
function tokenIdentities(claims: Record<string, unknown>): SigstoreIdentity[] {
  const issuer = typeof claims['iss'] === 'string' ? claims['iss'] : '';
  const subjects: string[] = [];
  // GitHub Actions: Fulcio's subject is the workflow's URI, https://github.com/<job_workflow_ref>.
  if (typeof claims['job_workflow_ref'] === 'string') {
    subjects.push(`https://github.com/${claims['job_workflow_ref']}`);
  }
  for (const name of ['email', 'sub']) {
    if (typeof claims[name] === 'string') subjects.push(claims[name]);
  }
  return subjects.map((subject) => ({ issuer, subject }));
}

async function identityToken(env: Context['env']): Promise<string> {
  const given = env['SIGSTORE_ID_TOKEN'];
  if (given !== undefined && given !== '') return given;
  if (env['ACTIONS_ID_TOKEN_REQUEST_URL'] !== undefined) {
    try {
      return await new CIContextProvider('sigstore').getToken();
    } catch (error) {
      throw unavailable(`GitHub Actions did not issue an OIDC token (${String(error)})`);
    }
  }
  throw unavailable('no OIDC token: neither SIGSTORE_ID_TOKEN nor GitHub Actions is available');
}

function unavailable(message: string): EnvironmentError {
  return new EnvironmentError('SIGSTORE_UNAVAILABLE', message, {
    next: 'run in a GitHub Actions job with "permissions: id-token: write", or set SIGSTORE_ID_TOKEN to an OIDC token for sigstore; nothing was written',
  });
}

/**
 * A keyless signer for `authority`: the token's identity must be one the authority declares in
 * the manifest (else exit 2, nothing written: the entry would never count).
 */
export async function loadKeylessSigner(
  authority: Authority,
  env: Context['env'],
): Promise<KeylessSigner> {
  const declared = authority.identities ?? [];
  if (declared.length === 0) {
    throw new ConfigError(
      'KEY_INVALID',
      `authority ${authority.id} declares no Sigstore identity`,
      {
        expected: 'identities: [{issuer, subject}] under the authority in controls/manifest.yaml',
        next: 'declare the CI identity that signs (a human decision), or sign with a key',
      },
    );
  }
  const token = await identityToken(env);
  const offered = tokenIdentities(claimsOf(token));
  const identity = declared.find((d) =>
    offered.some((o) => o.issuer === d.issuer && o.subject === d.subject),
  );
  if (identity === undefined) {
    throw new ConfigError(
      'KEY_INVALID',
      `the OIDC token's identity is not one ${authority.id} declares`,
      {
        problems: offered.map((o) => `token: issuer ${o.issuer} subject ${o.subject}`),
        expected: declared.map((d) => `${d.issuer} ${d.subject}`).join('; '),
        next: 'run from the declared workflow, or declare this identity in controls/manifest.yaml; nothing was written',
      },
    );
  }
  // A DSSE envelope over (entry type, entry body) signs PAE(type, body): the very bytes an Ed25519
  // signature of the entry covers. Without the certificate chain the bundle is v0.3.
  const builder = new DSSEBundleBuilder({
    signer: new FulcioSigner({ identityProvider: { getToken: () => Promise.resolve(token) } }),
    witnesses: [new RekorWitness({ entryType: 'intoto' })],
    certificateChain: false,
  });
  return {
    keyid: identityIdOf(identity),
    identity,
    async sign(body) {
      try {
        const bundle = await builder.create({ data: Buffer.from(body), type: ENTRY_PAYLOAD_TYPE });
        return Buffer.from(JSON.stringify(bundleToJSON(bundle)), 'utf8');
      } catch (error) {
        throw unavailable(`Sigstore signing failed: ${(error as Error).message}`);
      }
    },
  };
}
