// Keys as the verbs that sign read and make them: the signer of an authority from the key
// directory, a new key pair and its private file, the keyless (Sigstore) signer, and the Sigstore
// trusted root (io/keys/keys.ts; io/keys/sigstore-sign.ts and io/keys/sigstore-tuf.ts load only when asked).
import type { Context } from '../context.ts';
import type { KeylessSigner } from '../ledger/keyless.ts';
import type { Signer } from '../ledger/types.ts';
import type { Plane } from '../plane/plane.ts';
import type { Authority } from '../shared/authority.ts';

/** A new key pair. */
export interface GeneratedKey {
  signer: Signer;
  publicKeyBase64: string;
  pem: string;
}

export interface KeysPort {
  /** The signer of `authorityId` when its registered key is at hand; undefined when it has none. */
  loadSigner(plane: Plane, authorityId: string, env: Context['env']): Signer | undefined;
  generateKey(): GeneratedKey;
  writePrivateKey(dir: string, keyid: string, pem: string): string;
  /** The keyless signer of `authority` (its OIDC token and declared identity). */
  loadKeylessSigner(authority: Authority, env: Context['env']): Promise<KeylessSigner>;
  /** Refreshes the Sigstore trusted root over TUF; returns the file it is cached in. */
  refreshTrustedRoot(env: Context['env']): Promise<string>;
}
