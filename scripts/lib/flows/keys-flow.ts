// `keys generate` and `keys list` behind the verb: create a key pair, keep the private half outside
// the repository, register the public half under its authority and announce it in the ledger.
import type { World } from '../core/world/world.ts';
import { defaultExecutionContext } from '../io/default-context.ts';
import { join } from 'node:path';
import { UsageError } from '../core/errors.ts';
import { readGitState } from '../io/git-state.ts';
import { pathExists } from '../io/path-exists.ts';
import { generateKey, writePrivateKey } from '../io/keys.ts';
import { appendEntry } from '../io/ledger-store.ts';
import { addKeyToManifest } from '../io/manifest-keys.ts';
import { readMetaSubject } from '../io/meta-subject.ts';
import { loadPlane } from '../io/plane.ts';
import type { Plane } from '../core/plane/plane.ts';
import type { Context } from '../core/context.ts';
import type { CommonOptions } from '../core/options.ts';

export interface KeyListing {
  authority: string;
  keys: { keyid: string; added: string; hasPrivateKey: boolean }[];
}

export interface GeneratedKeyReport {
  authority: string;
  keyid: string;
  publicKey: string;
  privateKeyPath: string;
  /** `file:line` of the key entry. */
  entry: string;
}

export interface KeysReport {
  action: 'generate' | 'list';
  keyDir: string;
  /** generate: the new key. */
  generated?: GeneratedKeyReport;
  /** generate --if-missing: the authority that already had a key (nothing was generated). */
  kept?: string;
  /** list: every authority and its registered keys. */
  authorities: KeyListing[];
}

export function listRegisteredKeys(plane: Plane, dir: string): KeyListing[] {
  return plane.manifest.authorities.map((a) => ({
    authority: a.id,
    keys: (a.keys ?? []).map((k) => ({
      keyid: k.keyid,
      added: k.added,
      hasPrivateKey: pathExists(join(dir, `${k.keyid}.pem`)),
    })),
  }));
}

/**
 * Generates and registers a key for `authorityId`; the key entry is signed by the new key. `gate`
 * reads the ledger first, through the one integrity check: one that does not verify is refused
 * (exit 3) before a key is made or the manifest is written.
 */
async function registerNewKey(
  plane: Plane,
  authorityId: string,
  dir: string,
  time: string,
  gate: Pick<World, 'readEntries'>,
): Promise<GeneratedKeyReport> {
  const known = plane.manifest.authorities.map((a) => a.id);
  if (!known.includes(authorityId)) {
    throw new UsageError('UNKNOWN_ID', `authority ${authorityId} is not in the manifest`, {
      where: '--authority-id',
      expected: `one of: ${known.join(', ')}`,
      next: 'add the authority to controls/manifest.yaml first (a human decision), then retry',
    });
  }
  await readGitState(plane.root);
  await gate.readEntries(plane);
  const key = generateKey();
  const { keyid } = key.signer;
  const privateKeyPath = writePrivateKey(dir, keyid, key.pem);
  const publicKey = key.publicKeyBase64;
  addKeyToManifest(plane.manifestPath, authorityId, { keyid, public_key: publicKey, added: time });
  const updated = loadPlane(plane.root);
  const actor = {
    label: 'proofgate authority keys generate',
    authority: authorityId,
    context: defaultExecutionContext(),
  };
  const body = { authority: authorityId, keyid, public_key: publicKey };
  const subject = await readMetaSubject(updated);
  const stored = await appendEntry(
    updated,
    { kind: 'key', time, actor, subject, body },
    { signer: key.signer, manifest: updated.manifest },
  );
  return {
    authority: authorityId,
    keyid,
    publicKey,
    privateKeyPath,
    entry: `${stored.file}:${stored.line}`,
  };
}

export interface KeysOptions extends CommonOptions {
  action: 'generate' | 'list';
  authorityId: string | undefined;
  /** generate: do nothing when the authority already has a registered key. */
  ifMissing: boolean;
}

/**
 * `authority keys list|generate` on the plane at `root`, with private keys in `dir`: the registered
 * keys, or a new key registered (kept when `ifMissing` and the authority already has one).
 */
export async function keysFlow(
  options: Pick<KeysOptions, 'action' | 'authorityId' | 'ifMissing'>,
  root: string,
  dir: string,
  ctx: Context,
  gate: Pick<World, 'readEntries'>,
): Promise<KeysReport> {
  const plane = loadPlane(root);
  if (options.action === 'list') {
    return { action: 'list', keyDir: dir, authorities: listRegisteredKeys(plane, dir) };
  }
  if (options.authorityId === undefined) {
    throw new UsageError('MISSING_ARG', 'keys generate needs --authority-id', {
      expected: `one of: ${plane.manifest.authorities.map((a) => a.id).join(', ')}`,
    });
  }
  const registered = plane.manifest.authorities.find((a) => a.id === options.authorityId)?.keys;
  if (options.ifMissing && registered !== undefined && registered.length > 0) {
    const authorities = listRegisteredKeys(plane, dir);
    return { action: 'generate', keyDir: dir, kept: options.authorityId, authorities };
  }
  const time = ctx.clock.now().toISOString();
  const generated = await registerNewKey(plane, options.authorityId, dir, time, gate);
  const authorities = listRegisteredKeys(loadPlane(root), dir);
  return { action: 'generate', keyDir: dir, generated, authorities };
}
