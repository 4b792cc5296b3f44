// Online refresh of the Sigstore trusted root through TUF (@sigstore/tuf, seeded with the signed
// TUF root it ships): the public-good instance's current keys, when the snapshot shipped with
// proofgate is older than a key rotation. Loaded only by `verify --sigstore-refresh`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TrustedRoot } from '@sigstore/protobuf-specs';
import { getTrustedRoot } from '@sigstore/tuf';
import type { Context } from '../../core/context.ts';
import { EnvironmentError } from '../../core/errors.ts';

/** Fetches the current trusted root through TUF; returns the path of the trusted_root.json written. */
export async function refreshTrustedRoot(env: Context['env']): Promise<string> {
  const base = env['XDG_CACHE_HOME'] ?? join(env['HOME'] ?? '.', '.cache');
  const cachePath = join(base, 'proofgate', 'sigstore-tuf');
  mkdirSync(cachePath, { recursive: true, mode: 0o700 });
  try {
    const root = await getTrustedRoot({ cachePath, timeout: 10_000, retry: 1, force: true });
    const file = join(cachePath, 'trusted_root.json');
    writeFileSync(file, JSON.stringify(TrustedRoot.toJSON(root), null, 2));
    return file;
  } catch (error) {
    throw new EnvironmentError(
      'SIGSTORE_UNAVAILABLE',
      `the Sigstore trusted root could not be refreshed through TUF (${(error as Error).message})`,
      {
        where: cachePath,
        next: 'retry with network access to tuf-repo-cdn.sigstore.dev, or verify offline without --sigstore-refresh (the shipped root) or with --sigstore-root <file>',
      },
    );
  }
}
