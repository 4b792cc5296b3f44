// Signing keys (references/keys.md): Ed25519 private keys as PKCS#8 PEM files `<keyid>.pem`
// (mode 0600) outside the repository; public keys under their authority in controls/manifest.yaml.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../../core/errors.ts';
import { keyidOf } from '../../core/ledger/sign-entry.ts';
import type { Signer } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { writeNewFile } from '../ledger/objects.ts';
import type { GeneratedKey } from '../../core/world/keys-port.ts';

type Env = Readonly<Record<string, string | undefined>>;

function realOrSelf(path: string): string {
  let current = resolve(path);
  const rest: string[] = [];
  while (!existsSync(current) && dirname(current) !== current) {
    rest.unshift(current.slice(dirname(current).length + 1));
    current = dirname(current);
  }
  return join(realpathSync(current), ...rest);
}

function isWithin(outer: string, path: string): boolean {
  const rel = relative(outer, path);
  // `..keys` is a directory *inside* outer whose name starts with two dots, not a way out.
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/** The top of the git work tree holding `dir` (the nearest ancestor with a `.git` entry). */
function workTreeTop(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(join(current, '.git'))) return current;
    if (dirname(current) === current) return undefined;
  }
}

/**
 * `$PROOFGATE_KEY_DIR` or `~/.config/proofgate/keys`; refused (exit 2) anywhere inside the
 * repository: under the root, and under the git work tree that contains it (a plane may live in
 * a subdirectory of a larger repository, and a key there would be just as committable).
 */
export function keyDir(env: Env, root: string): string {
  const configured = env['PROOFGATE_KEY_DIR'];
  const home = env['HOME'] ?? homedir();
  const dir =
    configured !== undefined && configured !== ''
      ? resolve(configured)
      : join(home, '.config', 'proofgate', 'keys');
  const real = realOrSelf(dir);
  const realRoot = realOrSelf(root);
  const top = workTreeTop(realRoot);
  const inside = [realRoot, ...(top === undefined ? [] : [top])].find((outer) =>
    isWithin(outer, real),
  );
  if (inside !== undefined) {
    throw new ConfigError(
      'KEY_INVALID',
      `key directory ${dir} is inside the repository ${inside}`,
      {
        where: 'PROOFGATE_KEY_DIR',
        expected: 'a directory outside the repository, e.g. ~/.config/proofgate/keys',
        next: 'unset PROOFGATE_KEY_DIR or point it outside the repository: private keys must never be committed',
      },
    );
  }
  return dir;
}

function rawPublicKey(key: KeyObject): Buffer {
  // An Ed25519 SPKI DER is a fixed 12-byte prefix followed by the raw 32-byte key.
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32);
}

function signerFrom(privateKey: KeyObject): Signer {
  const publicKey = rawPublicKey(privateKey);
  return {
    keyid: keyidOf(publicKey),
    publicKey: new Uint8Array(publicKey),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

export function generateKey(): GeneratedKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer = signerFrom(privateKey);
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return { signer, publicKeyBase64: Buffer.from(signer.publicKey).toString('base64'), pem };
}

/** Writes the private PEM create-only with mode 0600; returns its path. */
export function writePrivateKey(dir: string, keyid: string, pem: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${keyid}.pem`);
  writeNewFile(path, pem, 0o600);
  return path;
}

/**
 * The signer other verbs use for entries by `authorityId`: undefined when the authority has no
 * registered key (entries stay unsigned); the newest registered key whose private PEM is in the
 * key directory otherwise. A keyed authority without its private key is a config error (exit 2),
 * never a silent unsigned entry.
 */
export function loadSigner(plane: Plane, authorityId: string, env: Env): Signer | undefined {
  const authority = plane.manifest.authorities.find((a) => a.id === authorityId);
  const keys = authority?.keys ?? [];
  if (keys.length === 0 && (authority?.identities ?? []).length > 0) {
    throw new ConfigError('KEY_INVALID', `authority ${authorityId} signs keyless only`, {
      expected: 'an entry signed through Sigstore by an identity the manifest declares',
      next: 'append with --sign sigstore from the declared CI workflow (references/sigstore.md); nothing was written',
    });
  }
  if (keys.length === 0) return undefined;
  const dir = keyDir(env, plane.root);
  for (const key of [...keys].reverse()) {
    const path = join(dir, `${key.keyid}.pem`);
    if (!existsSync(path)) continue;
    const signer = signerFrom(createPrivateKey(readFileSync(path, 'utf8')));
    if (signer.keyid === key.keyid) return signer;
  }
  throw new ConfigError(
    'KEY_INVALID',
    `authority ${authorityId} has registered keys but none of their private keys is in ${dir}`,
    {
      where: dir,
      expected: keys.map((k) => `${k.keyid}.pem`).join(' or '),
      next: 'set PROOFGATE_KEY_DIR to the directory holding the key, or run "proofgate authority keys generate" for this authority',
    },
  );
}
