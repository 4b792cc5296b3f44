// Keyless (Sigstore) signatures of ledger entries, the pure part. An authority may declare the CI
// or person identities whose Fulcio certificates count as its own (`identities` in the manifest);
// an entry signed that way carries `sigs: [{keyid: <identity id>, bundle: <object digest>}]`,
// where the identity id is sha256 of the canonical `{issuer, subject}` and the bundle, an evidence
// object, signs the same PAE bytes an Ed25519 signature covers. The certificate, log and identity
// checks run in io/keys/sigstore-verify.ts (loaded only when a ledger holds such an entry); here the
// verifier only queues them.
import { ConfigError } from '../errors.ts';
import { sha256Hex } from '../hash.ts';
import type { Authority, SigstoreIdentity } from '../shared/authority.ts';
import { canonicalize } from '../shared/canonical.ts';
import type { LedgerEntry, SignedBody } from './types.ts';

/** How a verb signs what it appends: the authority's registered key, or Sigstore keyless. */
export const SIGN_MODES = ['key', 'sigstore'] as const;
export type SignMode = (typeof SIGN_MODES)[number];

export interface RegisteredIdentity {
  id: string;
  identity: SigstoreIdentity;
  authority: string;
}

/** An identity's id: sha256 hex of canonicalize({issuer, subject}); it stands in `actor.keyid`. */
export function identityIdOf(identity: SigstoreIdentity): string {
  return sha256Hex(canonicalize({ issuer: identity.issuer, subject: identity.subject }));
}

/** identity id → registered identity; one identity declared by two authorities is refused. */
export function buildIdentityRegistry(
  authorities: readonly Authority[],
  manifestFile: string,
): Map<string, RegisteredIdentity> {
  const identities = new Map<string, RegisteredIdentity>();
  const problems: string[] = [];
  authorities.forEach((authority, a) => {
    (authority.identities ?? []).forEach((identity, i) => {
      const id = identityIdOf(identity);
      const other = identities.get(id);
      if (other !== undefined) {
        problems.push(
          `${manifestFile}:/authorities/${a}/identities/${i}: the same identity is already declared by ${other.authority}`,
        );
      }
      identities.set(id, { id, identity, authority: authority.id });
    });
  });
  if (problems.length > 0) {
    throw new ConfigError('KEY_INVALID', `${manifestFile} declares one identity twice`, {
      where: manifestFile,
      problems,
      next: 'declare each Sigstore identity under one authority only',
    });
  }
  return identities;
}

/**
 * Signs an entry keyless (io/keys/sigstore-sign.ts): given the entry's canonical body (the entry
 * without `sigs`, `actor.keyid` set), signs PAE(entry type, body) and returns the bundle's JSON.
 */
export interface KeylessSigner {
  /** The identity id of the identity the certificate will name. */
  keyid: string;
  identity: SigstoreIdentity;
  sign(body: Uint8Array): Promise<Buffer>;
}

/** One keyless signature to check: its bundle must sign `signed` under `identity`. */
export interface KeylessJob {
  signed: SignedBody;
  /** sha256 hex of the bundle's JSON bytes in the object store. */
  bundle: string;
  identity: RegisteredIdentity;
  /** The entry's `time`, compared with the log's integrated time. */
  time: string;
  file: string;
  line: number;
  detail: number;
}

/** How far an entry's own `time` may lie from the log's integrated time. */
export const KEYLESS_TIME_SKEW_MS = 10 * 60 * 1000;

/** Why the log's integrated time (seconds) contradicts the entry's `time`, or undefined. */
export function keylessTimeProblem(time: string, integratedSeconds: number): string | undefined {
  const integrated = integratedSeconds * 1000;
  const claimed = Date.parse(time);
  if (Math.abs(claimed - integrated) <= KEYLESS_TIME_SKEW_MS) return undefined;
  return `entry time ${time} is not within ${KEYLESS_TIME_SKEW_MS / 60000} min of the log's integrated time ${new Date(integrated).toISOString()}`;
}

/** Whether `identity` (issuer, subject as a certificate names them) matches `declared` exactly. */
export function sameIdentity(identity: SigstoreIdentity, declared: SigstoreIdentity): boolean {
  return identity.issuer === declared.issuer && identity.subject === declared.subject;
}

/**
 * The evidence objects an entry keeps: those it signs (`storage.objects`) and the bundles of its
 * keyless signatures, so a seal's inventory covers the bundles an archive must keep too.
 */
export function keptObjects(entry: LedgerEntry): string[] {
  const bundles = (entry.sigs ?? []).flatMap((sig) =>
    sig.bundle === undefined ? [] : [sig.bundle],
  );
  return bundles.length === 0 ? entry.storage.objects : [...entry.storage.objects, ...bundles];
}

/** Ids that count as an authority's own signatures: its registered key ids and identity ids. */
export function signingIdsOf(authority: Authority): string[] {
  return [
    ...(authority.keys ?? []).map((k) => k.keyid),
    ...(authority.identities ?? []).map(identityIdOf),
  ];
}
