// The forgery a repository cannot catch on its own: someone with push access rewrites the ledger
// (an edit to any line), replaces an authority's public key in the manifest with one of their own,
// re-signs every line that authority signed and re-chains everything after the first change (every
// later line that names a changed line's hash names the new one). The ledger then verifies against
// the manifest it came with.
import { generateKeyPairSync, createPublicKey, sign } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestJson, sha256Hex } from '../../scripts/lib/core/hash.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { canonicalize } from '../../scripts/lib/core/shared/canonical.ts';
import { keyidOf, signEntry } from '../../scripts/lib/core/ledger/sign-entry.ts';
import type { LedgerEntry, Signer } from '../../scripts/lib/core/ledger/types.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function newSigner(): { signer: Signer; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    signer: {
      keyid: keyidOf(raw),
      publicKey: new Uint8Array(raw),
      sign: (message) => new Uint8Array(sign(null, message, privateKey)),
    },
    publicKey: raw.toString('base64'),
  };
}

function replaceHashes(value: Json, renamed: ReadonlyMap<string, string>): Json {
  if (typeof value === 'string') return renamed.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceHashes(v, renamed));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, replaceHashes(v, renamed)]),
    );
  }
  return value;
}

/**
 * Rewrites the plane of the repository at `root`: `edit` may change any entry; `authority`'s key
 * in the manifest and in its key entries becomes a new one (the results' manifest digest follows),
 * its signed lines are re-signed with it, and every line is re-chained. Returns the new keyid.
 */
export function forgeWithNewKey(
  root: string,
  authority: string,
  edit: (entry: Record<string, unknown>) => void = () => undefined,
): string {
  const { signer, publicKey } = newSigner();
  const before = loadPlane(root);
  const old = before.manifest.authorities.find((a) => a.id === authority)?.keys?.[0];
  if (old === undefined) throw new Error(`${authority} has no key to swap`);
  const manifest = readFileSync(before.manifestPath, 'utf8')
    .split(old.keyid)
    .join(signer.keyid)
    .split(old.public_key)
    .join(publicKey);
  writeFileSync(before.manifestPath, manifest);
  const renamed = new Map([[digestJson(before.manifest), digestJson(loadPlane(root).manifest)]]);
  const ledger = join(before.dir, 'evidence', 'ledger');
  for (const name of readdirSync(ledger)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const file = join(ledger, name);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    let prev: string | null = null;
    const out = lines.map((line) => {
      let entry = replaceHashes(JSON.parse(line) as Json, renamed) as unknown as LedgerEntry;
      edit(entry as unknown as Record<string, unknown>);
      entry.prev = prev;
      if (prev !== null) entry.storage.heads[entry.segment] = prev;
      if (entry.kind === 'key' && entry.body['keyid'] === old.keyid) {
        entry.body = { ...entry.body, keyid: signer.keyid, public_key: publicKey };
      }
      if (entry.sigs !== undefined && entry.actor.authority === authority) {
        entry = signEntry(entry, signer);
      }
      const text = canonicalize(entry);
      if (text !== line) renamed.set(sha256Hex(line), sha256Hex(text));
      prev = sha256Hex(text);
      return text;
    });
    writeFileSync(file, `${out.join('\n')}\n`);
  }
  return signer.keyid;
}
