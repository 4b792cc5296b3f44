// The authority and authorization shapes every core folder shares: the audit stages, a registered
// authority with its keys and Sigstore identities, the capabilities a control may require and a
// recorded grant of one. The ledger verifies signatures by them, the plane declares them, the scan
// proposes them and the gate decides with them, so they live below all four.

/** Audit stages, in the order a claim policy names them. */
export const AUDIT_STAGES = ['self', 'cross', 'release_authority', 'third_party'] as const;
export type AuditStage = (typeof AUDIT_STAGES)[number];

export interface PublicKey {
  /** sha256 hex of the raw 32-byte Ed25519 public key: the key's identity. */
  keyid: string;
  /** Canonical base64 of the raw 32-byte public key. */
  public_key: string;
  added: string;
}

/** A CI or person identity a Fulcio certificate names: OIDC issuer and subject (SAN). */
export interface SigstoreIdentity {
  issuer: string;
  subject: string;
}

export interface Authority {
  /** e.g. `virtual:developer`, `human:alice`, `ci:github`. */
  id: string;
  kind: 'virtual' | 'human' | 'agent' | 'ci' | 'external';
  /** Audit stages this authority may act in. */
  stages: AuditStage[];
  keys?: PublicKey[];
  /**
   * Sigstore identities whose keyless signatures count as this authority's (exact match of the
   * certificate's OIDC issuer and subject; references/sigstore.md).
   */
  identities?: SigstoreIdentity[];
  /** When set (ISO-8601), the authority may no longer act; its past entries keep counting. */
  retired?: string;
}

/** Capabilities a control may require before it runs; declared once, the type derives from it. */
export const AUTHORIZATION_KINDS = [
  'install_dependencies',
  'secrets',
  'paid_service',
  'remote_mutation',
  'production_mutation',
  'privileged',
  'publish',
  'deploy',
  'rewrite_files',
] as const;
export type AuthorizationKind = (typeof AUTHORIZATION_KINDS)[number];

export interface Grantor {
  authority: string;
  keyid?: string;
}

/** One recorded grant: which capability, by whom. */
export interface Grant {
  kind: AuthorizationKind;
  by: string;
  keyid?: string;
  /** The grantor's own signature over the grant statement (grant-signature.ts), when keyed. */
  sig?: string;
}
