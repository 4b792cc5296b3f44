// Content-addressed evidence objects at `<plane>/evidence/objects/sha256/<ab>/<hex>`: written to a
// temp file in the same directory, fsynced, then hard-linked create-only, so a reader never sees a
// partial object and an existing object is never replaced.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { IntegrityError, UsageError } from '../core/errors.ts';
import { sha256Hex } from '../core/hash.ts';
import { HEX64 } from '../core/ledger/parse-entry.ts';
import type { ObjectStore } from '../core/ledger/types.ts';
import type { ObjectState } from '../core/ledger/verify-ledger.ts';
import type { PlaneLocation } from '../core/plane/plane.ts';

export function objectsDir(plane: PlaneLocation): string {
  return join(plane.dir, 'evidence', 'objects', 'sha256');
}

function pathOf(plane: PlaneLocation, digest: string): string {
  if (!HEX64.test(digest)) {
    throw new UsageError('BAD_VALUE', `"${digest}" is not a sha256 hex digest`, {
      expected: '64 lowercase hex characters',
    });
  }
  return join(objectsDir(plane), digest.slice(0, 2), digest);
}

export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function assertIntact(path: string, digest: string): void {
  if (sha256Hex(readFileSync(path)) !== digest) {
    throw new IntegrityError(
      'HASH_MISMATCH',
      `evidence object ${digest} does not re-hash to its name`,
      {
        where: path,
        next: 'run "proofgate verify --full" to list every affected entry; never overwrite evidence',
      },
    );
  }
}

function writeAll(fd: number, data: Uint8Array): void {
  for (let done = 0; done < data.length;) done += writeSync(fd, data, done, data.length - done);
}

export function createObjectStore(plane: PlaneLocation): ObjectStore {
  return {
    put(data) {
      const digest = sha256Hex(data);
      const path = pathOf(plane, digest);
      if (existsSync(path)) {
        assertIntact(path, digest);
        return Promise.resolve(digest);
      }
      const dir = dirname(path);
      mkdirSync(dir, { recursive: true });
      const temp = join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
      const fd = openSync(temp, 'wx', 0o444);
      try {
        writeAll(fd, data);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      try {
        linkSync(temp, path);
        fsyncDir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        assertIntact(path, digest);
      } finally {
        unlinkSync(temp);
      }
      return Promise.resolve(digest);
    },
    get(digest) {
      const path = pathOf(plane, digest);
      return Promise.resolve(existsSync(path) ? new Uint8Array(readFileSync(path)) : undefined);
    },
    has(digest) {
      return Promise.resolve(existsSync(pathOf(plane, digest)));
    },
  };
}

/** Re-hashes each referenced object: ok, missing, or corrupt (content does not match its name). */
export async function checkObjects(
  store: ObjectStore,
  digests: Iterable<string>,
): Promise<Map<string, ObjectState>> {
  const states = new Map<string, ObjectState>();
  for (const digest of digests) {
    const data = await store.get(digest);
    states.set(
      digest,
      data === undefined ? 'missing' : sha256Hex(data) === digest ? 'ok' : 'corrupt',
    );
  }
  return states;
}
