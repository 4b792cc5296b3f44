// `keys generate` and `keys list` behind the verb: create a key pair, keep the private half outside
// the repository, register the public half under its authority and announce it in the ledger.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { join } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';

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

export function listRegisteredKeys(
  plane: Plane,
  dir: string,
  { repo }: Pick<WorldExtras, 'repo'>,
): KeyListing[] {
  return plane.manifest.authorities.map((a) => ({
    authority: a.id,
    keys: (a.keys ?? []).map((k) => ({
      keyid: k.keyid,
      added: k.added,
      hasPrivateKey: repo.pathExists(join(dir, `${k.keyid}.pem`)),
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
  gate: KeysWorld,
): Promise<GeneratedKeyReport> {
  const { keys, ledger, planeFiles, planeEdits } = gate;
  const known = plane.manifest.authorities.map((a) => a.id);
  if (!known.includes(authorityId)) {
    throw new UsageError('UNKNOWN_ID', `authority ${authorityId} is not in the manifest`, {
      where: '--authority-id',
      expected: `one of: ${known.join(', ')}`,
      next: 'add the authority to controls/manifest.yaml first (a human decision), then retry',
    });
  }
  await gate.git.readGitState(plane.root);
  await gate.readEntries(plane);
  const key = keys.generateKey();
  const { keyid } = key.signer;
  const privateKeyPath = keys.writePrivateKey(dir, keyid, key.pem);
  const publicKey = key.publicKeyBase64;
  planeEdits.addKeyToManifest(plane.manifestPath, authorityId, {
    keyid,
    public_key: publicKey,
    added: time,
  });
  const updated = planeFiles.loadPlane(plane.root);
  const actor = {
    label: 'proofgate authority keys generate',
    authority: authorityId,
    context: gate.host.defaultExecutionContext(),
  };
  const body = { authority: authorityId, keyid, public_key: publicKey };
  const subject = await ledger.readMetaSubject(updated);
  const stored = await ledger.appendEntry(
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

/** The world `authority keys` works in: the ledger read first, the key files, the manifest. */
type KeysWorld = World & Pick<WorldExtras, 'repo' | 'planeEdits'>;

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
  gate: KeysWorld,
): Promise<KeysReport> {
  const plane = gate.planeFiles.loadPlane(root);
  if (options.action === 'list') {
    return { action: 'list', keyDir: dir, authorities: listRegisteredKeys(plane, dir, gate) };
  }
  if (options.authorityId === undefined) {
    throw new UsageError('MISSING_ARG', 'keys generate needs --authority-id', {
      expected: `one of: ${plane.manifest.authorities.map((a) => a.id).join(', ')}`,
    });
  }
  const registered = plane.manifest.authorities.find((a) => a.id === options.authorityId)?.keys;
  if (options.ifMissing && registered !== undefined && registered.length > 0) {
    const authorities = listRegisteredKeys(plane, dir, gate);
    return { action: 'generate', keyDir: dir, kept: options.authorityId, authorities };
  }
  const time = ctx.clock.now().toISOString();
  const generated = await registerNewKey(plane, options.authorityId, dir, time, gate);
  const authorities = listRegisteredKeys(gate.planeFiles.loadPlane(root), dir, gate);
  return { action: 'generate', keyDir: dir, generated, authorities };
}
