// Reads a fingerprint-set evidence object back, re-hashing it: a missing or altered object is an
// integrity error, never an empty set (which would look like paid debt).
import type { World } from '../../core/world/world.ts';
import { IntegrityError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { decodeFingerprints } from '../../core/brownfield/parse-fingerprints.ts';
import type { Plane } from '../../core/plane/plane.ts';

export async function readFingerprints(
  plane: Plane,
  io: World,
  digest: string,
  what: string,
): Promise<string[]> {
  const bytes = await io.objects(plane).get(digest);
  const list =
    bytes !== undefined && sha256Hex(bytes) === digest ? decodeFingerprints(bytes) : undefined;
  if (list === undefined) {
    throw new IntegrityError(
      bytes === undefined ? 'OBJECT_MISSING' : 'HASH_MISMATCH',
      `the fingerprint set of ${what} (evidence ${digest.slice(0, 12)}) is ${bytes === undefined ? 'missing' : 'altered or malformed'}`,
      { next: 'run "proofgate verify --full" and have a human inspect the evidence object' },
    );
  }
  return list;
}
