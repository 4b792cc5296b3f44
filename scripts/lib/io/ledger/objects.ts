// Content-addressed evidence objects at `<plane>/evidence/objects/sha256/<ab>/<hex>`: written to a
// temp file in the same directory, fsynced, then hard-linked create-only, so a reader never sees a
// partial object and an existing object is never replaced.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { IntegrityError, UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { HEX64 } from '../../core/ledger/parse-entry.ts';
import type { ObjectStore } from '../../core/ledger/types.ts';
import type { ObjectState } from '../../core/ledger/verify-ledger.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';

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

/**
 * Creates `dir` and its missing parents as 0755 whatever the process umask, so a CI user or an
 * auditor account can always read the evidence.
 */
export function makeEvidenceDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true });
  if (first === undefined) return;
  for (let d = dir; ; d = dirname(d)) {
    chmodSync(d, 0o755);
    if (d === first || dirname(d) === d) break;
  }
}

export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The store lives inside the repository as real directories and regular files: every existing
 * component from the plane directory down to `path` must be a directory that is not a symlink, and
 * the object, when present, a regular file. Anything else (a symlink that could lead outside the
 * repository, a directory where an object belongs, a file where a directory belongs) is an
 * integrity finding naming the path. Returns whether the object exists.
 */
export function assertStoreShape(
  plane: PlaneLocation,
  path: string,
  /** Directories already found real in this pass (one lstat each, not one per object). */
  checked?: Set<string>,
): boolean {
  const parts = relative(plane.dir, path).split(sep);
  let current = plane.dir;
  for (let i = -1; i < parts.length; i++) {
    if (i >= 0) current = join(current, parts[i]!);
    if (checked?.has(current) === true) continue;
    let stat;
    try {
      stat = lstatSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    const isObject = i === parts.length - 1;
    const what = stat.isSymbolicLink()
      ? 'a symlink'
      : isObject
        ? stat.isFile()
          ? undefined
          : stat.isDirectory()
            ? 'a directory'
            : 'not a regular file'
        : stat.isDirectory()
          ? undefined
          : 'not a directory';
    if (what === undefined) {
      if (!isObject) checked?.add(current);
      continue;
    }
    throw new IntegrityError(
      'OBJECT_UNSAFE',
      `the evidence store path ${relative(plane.root, current).split(sep).join('/')} is ${what}; evidence must be regular files in real directories inside the repository`,
      {
        where: relative(plane.root, current).split(sep).join('/'),
        expected: isObject ? 'a regular file' : 'a real directory (no symlink)',
        next: 'a human must inspect and restore .proofgate/evidence from git; proofgate never reads or writes through it',
      },
    );
  }
  return true;
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

/** Creates `path` (never replacing a file) with `mode`, writes all of `text` and syncs it to disk. */
export function writeNewFile(path: string, text: string, mode: number): void {
  const fd = openSync(path, 'wx', mode);
  try {
    writeAll(fd, Buffer.from(text, 'utf8'));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function createObjectStore(plane: PlaneLocation): ObjectStore {
  return {
    put(data) {
      const digest = sha256Hex(data);
      const path = pathOf(plane, digest);
      if (assertStoreShape(plane, path)) {
        assertIntact(path, digest);
        return Promise.resolve(digest);
      }
      const dir = dirname(path);
      makeEvidenceDir(dir);
      const temp = join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
      const fd = openSync(temp, 'wx', 0o444);
      try {
        // Read-only for everyone, whatever the umask (an object is never rewritten).
        fchmodSync(fd, 0o444);
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
      return Promise.resolve(
        assertStoreShape(plane, path) ? new Uint8Array(readFileSync(path)) : undefined,
      );
    },
    has(digest) {
      return Promise.resolve(assertStoreShape(plane, pathOf(plane, digest)));
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
