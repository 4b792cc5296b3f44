// Ed25519 entry signatures over a DSSE pre-authentication encoding (DSSE v1 protocol,
// https://github.com/secure-systems-lab/dsse/blob/master/protocol.md). node:crypto is pure
// computation, so it is allowed in core.
import { createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { sha256Hex } from '../hash.ts';
import { canonicalize } from '../shared/canonical.ts';
import type { LedgerEntry, Signature, Signer } from './types.ts';

/** DSSE payloadType of a ledger entry; a signature over another type never verifies here. */
export const ENTRY_PAYLOAD_TYPE = 'application/vnd.proofgate.entry.v1+json';

/** RFC 8410 SubjectPublicKeyInfo prefix for a raw 32-byte Ed25519 key (references/ledger-format.md). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** DSSE PAE: `DSSEv1 <len(type)> <type> <len(body)> <body>`, lengths in UTF-8 bytes. */
export function preAuthEncoding(type: string, body: string): Buffer {
  const bodyBytes = Buffer.from(body, 'utf8');
  const head = `DSSEv1 ${Buffer.byteLength(type, 'utf8')} ${type} ${bodyBytes.length} `;
  return Buffer.concat([Buffer.from(head, 'utf8'), bodyBytes]);
}

/** The bytes an entry's signatures cover: PAE over the canonical entry without `sigs`. */
export function signedBytesOf(entry: LedgerEntry): Buffer {
  const { sigs: _sigs, ...unsigned } = entry;
  return preAuthEncoding(ENTRY_PAYLOAD_TYPE, canonicalize(unsigned));
}

/** A key's identity: sha256 hex of its raw 32-byte public key. */
export function keyidOf(rawPublicKey: Uint8Array): string {
  return sha256Hex(rawPublicKey);
}

/** Returns `entry` with `actor.keyid` set and one signature by `signer`. */
export function signEntry(entry: LedgerEntry, signer: Signer): LedgerEntry {
  const { sigs: _sigs, ...rest } = entry;
  const withKey: LedgerEntry = { ...rest, actor: { ...entry.actor, keyid: signer.keyid } };
  const sig = Buffer.from(signer.sign(signedBytesOf(withKey))).toString('base64');
  const signature: Signature = { keyid: signer.keyid, sig };
  return { ...withKey, sigs: [signature] };
}

const keyCache = new Map<string, KeyObject>();

/** node:crypto key object for a raw 32-byte Ed25519 key, cached by its base64 text. */
export function publicKeyFromRaw(rawBase64: string): KeyObject {
  let key = keyCache.get(rawBase64);
  if (key === undefined) {
    const raw = Buffer.from(rawBase64, 'base64');
    key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, raw]),
      format: 'der',
      type: 'spki',
    });
    keyCache.set(rawBase64, key);
  }
  return key;
}
