// Signature rules: a signed entry's key must be registered under its actor's authority in the
// manifest; `key` entries must be self-consistent; once an authority's key entry is in the ledger,
// its later entries must be signed. Identity is the raw public key, never a label. The Ed25519
// checks themselves are queued as jobs, so the caller can run them in batches off the main thread.
import { ConfigError } from '../errors.ts';
import type { Authority } from '../shared/authority.ts';
import { verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Report } from './verify-chain.ts';
import { HEX64, isCanonicalBase64 } from './parse-entry.ts';
import { canonicalize } from '../shared/canonical.ts';
import { ENTRY_PAYLOAD_TYPE, keyidOf, publicKeyFromRaw } from './sign-entry.ts';
import type { KeylessJob, RegisteredIdentity } from './keyless.ts';
import type { LedgerEntry, LocatedEntry, SignedBody } from './types.ts';

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
      next: 'restore the keys written by "proofgate authority keys generate"; never register one key twice',
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
const SIGS_MEMBER = Buffer.from(',"sigs":[', 'utf8');
const CLOSE_BRACKET = 0x5d;

/** Bytes of the canonical `,"sigs":[...]` member of a parsed (shape-checked) entry. */
function sigsMemberLength(sigs: NonNullable<LedgerEntry['sigs']>): number {
  // `{"keyid":"` + keyid + `","sig":"` + sig + `"}`, commas between, `,"sigs":[` and `]`: ASCII only.
  let length = SIGS_MEMBER.length + 1 + (sigs.length - 1);
  // A keyless item is `{"bundle":"` + bundle + `","keyid":"` + keyid + `"}` (hex only).
  for (const sig of sigs) {
    length +=
      sig.keyid.length + (sig.bundle === undefined ? 21 + sig.sig.length : 24 + sig.bundle.length);
  }
  return length;
}

/**
 * What an entry's signatures cover, without copying: the PAE head, then `body` minus the bytes
 * [cutAt, cutEnd). Read from a canonical line, the body is the line and the cut is its top-level
 * `sigs` member (the line without it is exactly canonicalize(entry without sigs)). Every member
 * after `sigs` (storage, subject, time, v) holds only hex, segment names and fixed keys, so the
 * last `,"sigs":[` is the top-level one; its array holds only hex and base64, so the first `]`
 * after it closes it (a keyless item holds hex only). The member's length is checked against the parsed signatures; without a
 * line, or when the check fails, the entry is re-serialised.
 */
export function signedBodyOf(entry: LedgerEntry, line?: Uint8Array): SignedBody {
  const bytes =
    line === undefined ? undefined : Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  const at = bytes === undefined || entry.sigs === undefined ? -1 : bytes.lastIndexOf(SIGS_MEMBER);
  const end = at === -1 ? -1 : bytes!.indexOf(CLOSE_BRACKET, at + SIGS_MEMBER.length) + 1;
  if (bytes === undefined || end <= 0 || end - at !== sigsMemberLength(entry.sigs!)) {
    const { sigs: _sigs, ...unsigned } = entry;
    const body = Buffer.from(canonicalize(unsigned), 'utf8');
    return {
      head: `${PAE_TYPE_HEAD}${body.length} `,
      body,
      cutAt: body.length,
      cutEnd: body.length,
    };
  }
  return {
    head: `${PAE_TYPE_HEAD}${bytes.length - (end - at)} `,
    body: bytes,
    cutAt: at,
    cutEnd: end,
  };
}

/** The signed message as one buffer (PAE head + body without the cut). */
export function signedMessage(signed: SignedBody): Buffer {
  const { head, body, cutAt, cutEnd } = signed;
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    body.subarray(0, cutAt),
    body.subarray(cutEnd),
  ]);
}

/** One Ed25519 check to run; a false result becomes a SIGNATURE_INVALID finding at file:line. */
export interface SignatureJob {
  signed: SignedBody;
  /** The signature as standard base64 (64 bytes in a shape-checked entry). */
  sig: string;
  key: KeyObject;
  /** The registered key the signature claims, named in the finding. */
  by: RegisteredKey;
  file: string;
  line: number;
  detail: number;
}

/** The finding's message when `job` does not verify. */
export function signatureFailure(job: SignatureJob): string {
  return `signature by ${job.by.authority} key ${job.by.keyid.slice(0, 12)}… does not verify`;
}

/**
 * The signature rules for one entry: unknown authority, key entry shape, key registration; the
 * cryptographic checks are appended to `jobs`. `line` is the entry's exact bytes, when known.
 */
export function checkEntrySignatures(
  located: LocatedEntry,
  line: Uint8Array | undefined,
  known: ReadonlySet<string>,
  registry: ReadonlyMap<string, RegisteredKey>,
  report: Report,
  jobs: SignatureJob[],
  keyless?: { identities: ReadonlyMap<string, RegisteredIdentity>; jobs: KeylessJob[] },
): void {
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
  if (entry.sigs === undefined) return;
  if (entry.actor.keyid !== entry.sigs[0]?.keyid) {
    report('SIGNATURE_INVALID', 'actor.keyid is not the key of the first signature', 2);
  }
  let signed: SignedBody | undefined;
  entry.sigs.forEach((signature, i) => {
    if (signature.bundle !== undefined) {
      const identity = keyless?.identities.get(signature.keyid);
      if (identity === undefined || identity.authority !== entry.actor.authority) {
        return report(
          'KEY_UNREGISTERED',
          `keyless signature by identity ${signature.keyid.slice(0, 12)}…, which the manifest does not declare for ${entry.actor.authority}`,
          3 + i,
        );
      }
      signed ??= signedBodyOf(entry, line);
      return void keyless?.jobs.push({
        signed,
        bundle: signature.bundle,
        identity,
        time: entry.time,
        file: located.file,
        line: located.index + 1,
        detail: 3 + i,
      });
    }
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
      signed ??= signedBodyOf(entry, line);
      jobs.push({
        signed,
        sig: signature.sig,
        key: publicKeyFromRaw(key.publicKey),
        by: key,
        file: located.file,
        line: located.index + 1,
        detail: 3 + i,
      });
    }
  });
}

/** Runs one Ed25519 check on this thread; a malformed key or signature is a failed check. */
export function runSignatureJob(job: SignatureJob): boolean {
  try {
    return verify(null, signedMessage(job.signed), job.key, Buffer.from(job.sig, 'base64'));
  } catch {
    return false;
  }
}
