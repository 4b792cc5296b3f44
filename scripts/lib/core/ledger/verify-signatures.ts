// Signature rules: a signed entry's key must be registered under its actor's authority in the
// manifest; `key` entries must be self-consistent; once an authority's key entry is in the ledger,
// its later entries must be signed. Identity is the raw public key, never a label. The Ed25519
// checks themselves are queued as jobs, so the caller can run them in batches off the main thread.
import { ConfigError } from '../errors.ts';
import type { Authority } from '../plane/types.ts';
import { verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Report } from './verify-chain.ts';
import { HEX64, isCanonicalBase64 } from './parse-entry.ts';
import { ENTRY_PAYLOAD_TYPE, keyidOf, publicKeyFromRaw, signedBytesOf } from './sign-entry.ts';
import type { LedgerEntry, LocatedEntry } from './types.ts';

export interface RegisteredKey {
  keyid: string;
  publicKey: string;
  authority: string;
}

/** keyid → registered key; refuses a key whose id is wrong or that two authorities share. */
export function buildKeyRegistry(
  authorities: readonly Authority[],
  manifestFile: string,
): Map<string, RegisteredKey> {
  const keys = new Map<string, RegisteredKey>();
  const problems: string[] = [];
  authorities.forEach((authority, a) => {
    (authority.keys ?? []).forEach((key, k) => {
      const where = `${manifestFile}:/authorities/${a}/keys/${k}`;
      if (typeof key.public_key !== 'string' || !isCanonicalBase64(key.public_key, 32)) {
        return void problems.push(`${where}/public_key: not canonical base64 of 32 bytes`);
      }
      const keyid = keyidOf(Buffer.from(key.public_key, 'base64'));
      if (key.keyid !== keyid) problems.push(`${where}/keyid: expected ${keyid}`);
      const other = keys.get(keyid);
      if (other !== undefined) {
        problems.push(`${where}: the same public key is already registered to ${other.authority}`);
      }
      keys.set(keyid, { keyid, publicKey: key.public_key, authority: authority.id });
    });
  });
  if (problems.length > 0) {
    throw new ConfigError('KEY_INVALID', `${manifestFile} has invalid public keys`, {
      where: manifestFile,
      problems,
      next: 'restore the keys written by "proofgate keys generate"; never register one key twice',
    });
  }
  return keys;
}

/** Why a `key` entry is not self-consistent, or undefined when it is. */
export function checkKeyEntry(located: LocatedEntry): string | undefined {
  const { entry } = located;
  const body = entry.body;
  const names = Object.keys(body).sort().join(',');
  if (names !== 'authority,keyid,public_key') return 'body must be {authority, keyid, public_key}';
  const { authority, keyid, public_key: publicKey } = body;
  if (authority !== entry.actor.authority) return 'body.authority is not the actor authority';
  if (typeof publicKey !== 'string' || !isCanonicalBase64(publicKey, 32)) {
    return 'body.public_key is not canonical base64 of 32 bytes';
  }
  if (typeof keyid !== 'string' || !HEX64.test(keyid)) return 'body.keyid is not a sha256 hex';
  if (keyid !== keyidOf(Buffer.from(publicKey, 'base64'))) return 'body.keyid is not the key id';
  if (entry.sigs?.[0]?.keyid !== keyid) return 'a key entry must be signed by the key it adds';
  return undefined;
}

const PAE_TYPE_HEAD = `DSSEv1 ${Buffer.byteLength(ENTRY_PAYLOAD_TYPE)} ${ENTRY_PAYLOAD_TYPE} `;

/**
 * The signed bytes of an entry read from canonical `line` bytes: the line without its top-level
 * `sigs` member is exactly canonicalize(entry without sigs), so no re-serialisation is needed.
 * Every member after `sigs` (storage, subject, time, v) holds only hex, segment names and fixed
 * keys, so the last occurrence of the member's exact text is the top-level one.
 */
export function signedBytesFromLine(line: Uint8Array, entry: LedgerEntry): Buffer {
  const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  const member = Buffer.from(`,"sigs":${JSON.stringify(entry.sigs)}`, 'utf8');
  const at = bytes.lastIndexOf(member);
  if (entry.sigs === undefined || at === -1) return signedBytesOf(entry);
  const length = bytes.length - member.length;
  return Buffer.concat([
    Buffer.from(`${PAE_TYPE_HEAD}${length} `, 'utf8'),
    bytes.subarray(0, at),
    bytes.subarray(at + member.length),
  ]);
}

/** One Ed25519 check to run; a false result becomes a SIGNATURE_INVALID finding at file:line. */
export interface SignatureJob {
  message: Buffer;
  signature: Buffer;
  key: KeyObject;
  file: string;
  line: number;
  detail: number;
  failure: string;
}

/**
 * The signature rules for one entry: unknown authority, key entry shape, key registration; the
 * cryptographic checks are returned as jobs. `line` is the entry's exact bytes, when known.
 */
export function checkEntrySignatures(
  located: LocatedEntry,
  line: Uint8Array | undefined,
  known: ReadonlySet<string>,
  registry: ReadonlyMap<string, RegisteredKey>,
  report: Report,
): SignatureJob[] {
  const { entry } = located;
  if (!known.has(entry.actor.authority)) {
    report(
      'AUTHORITY_UNKNOWN',
      `actor authority ${entry.actor.authority} is not in the manifest`,
      0,
    );
  }
  if (entry.kind === 'key') {
    const problem = checkKeyEntry(located);
    if (problem !== undefined) report('KEY_ENTRY_INVALID', problem, 1);
  }
  if (entry.sigs === undefined) return [];
  if (entry.actor.keyid !== entry.sigs[0]?.keyid) {
    report('SIGNATURE_INVALID', 'actor.keyid is not the key of the first signature', 2);
  }
  const jobs: SignatureJob[] = [];
  let message: Buffer | undefined;
  entry.sigs.forEach((signature, i) => {
    const key = registry.get(signature.keyid);
    if (key === undefined) {
      report(
        'KEY_UNREGISTERED',
        `key ${signature.keyid.slice(0, 12)}… is not in the manifest`,
        3 + i,
      );
    } else if (key.authority !== entry.actor.authority) {
      report(
        'KEY_UNREGISTERED',
        `key ${signature.keyid.slice(0, 12)}… belongs to ${key.authority}, not to actor authority ${entry.actor.authority}`,
        3 + i,
      );
    } else {
      message ??= line === undefined ? signedBytesOf(entry) : signedBytesFromLine(line, entry);
      jobs.push({
        message,
        signature: Buffer.from(signature.sig, 'base64'),
        key: publicKeyFromRaw(key.publicKey),
        file: located.file,
        line: located.index + 1,
        detail: 3 + i,
        failure: `signature by ${key.authority} key ${key.keyid.slice(0, 12)}… does not verify`,
      });
    }
  });
  return jobs;
}

/** Runs one Ed25519 check on this thread; a malformed key or signature is a failed check. */
export function runSignatureJob(job: SignatureJob): boolean {
  try {
    return verify(null, job.message, job.key, job.signature);
  } catch {
    return false;
  }
}
