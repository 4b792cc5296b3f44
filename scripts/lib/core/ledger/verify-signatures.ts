// Signature rules: a signed entry's key must be registered under its actor's authority in the
// manifest; `key` entries must be self-consistent; once an authority's key entry is in the ledger,
// its later entries must be signed. Identity is the raw public key, never a label.
import { ConfigError } from '../errors.ts';
import type { Authority } from '../plane/types.ts';
import type { LedgerIndex } from './ledger-index.ts';
import { HEX64, isCanonicalBase64 } from './parse-entry.ts';
import { keyidOf, publicKeyFromRaw, verifyEntrySignature } from './sign-entry.ts';
import type { LedgerFinding, LocatedEntry } from './types.ts';

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

function checkKeyEntry(located: LocatedEntry): string | undefined {
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

export function verifySignatures(
  entries: readonly LocatedEntry[],
  context: readonly LocatedEntry[],
  authorities: readonly Authority[],
  registry: ReadonlyMap<string, RegisteredKey>,
  index: LedgerIndex,
): LedgerFinding[] {
  const findings: LedgerFinding[] = [];
  const known = new Set(authorities.map((a) => a.id));
  const keyEntries: LocatedEntry[] = [];
  for (const located of entries) {
    const { entry, file } = located;
    const line = located.index + 1;
    const push = (code: LedgerFinding['code'], message: string): void =>
      void findings.push({ file, line, code, message });
    if (!known.has(entry.actor.authority)) {
      push('AUTHORITY_UNKNOWN', `actor authority ${entry.actor.authority} is not in the manifest`);
    }
    if (entry.kind === 'key') {
      const problem = checkKeyEntry(located);
      if (problem === undefined) keyEntries.push(located);
      else push('KEY_ENTRY_INVALID', problem);
    }
    if (entry.sigs === undefined) continue;
    if (entry.actor.keyid !== entry.sigs[0]?.keyid) {
      push('SIGNATURE_INVALID', 'actor.keyid is not the key of the first signature');
    }
    for (const signature of entry.sigs) {
      const key = registry.get(signature.keyid);
      if (key === undefined) {
        push('KEY_UNREGISTERED', `key ${signature.keyid.slice(0, 12)}… is not in the manifest`);
      } else if (key.authority !== entry.actor.authority) {
        push(
          'KEY_UNREGISTERED',
          `key ${signature.keyid.slice(0, 12)}… belongs to ${key.authority}, not to actor authority ${entry.actor.authority}`,
        );
      } else if (!verifyEntrySignature(entry, signature, publicKeyFromRaw(key.publicKey))) {
        push(
          'SIGNATURE_INVALID',
          `signature by ${key.authority} key ${key.keyid.slice(0, 12)}… does not verify`,
        );
      }
    }
  }
  keyEntries.push(
    ...context.filter((c) => c.entry.kind === 'key' && checkKeyEntry(c) === undefined),
  );
  for (const located of entries) {
    if (located.entry.sigs !== undefined) continue;
    const authority = located.entry.actor.authority;
    const key = keyEntries.find(
      (k) => k.entry.actor.authority === authority && index.hasSeen(located, k),
    );
    if (key !== undefined) {
      findings.push({
        file: located.file,
        line: located.index + 1,
        code: 'UNSIGNED_AFTER_KEY',
        message: `unsigned entry by ${authority}, which registered a key at ${key.file}:${key.index + 1}`,
      });
    }
  }
  return findings;
}
