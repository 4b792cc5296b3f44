// The clone's identity, the first half of its segment names (references/ledger-format.md
// "Segments"). It lives in `<git common dir>/proofgate/clone-id`, which is never committed but
// is copied along with `.git` by `cp -a`, a CI cache or a backup restore. Two copies appending
// under one id would write one segment in two places, and merging them would conflict. So the
// file also records where it was created: the common dir's absolute real path and inode. When
// either differs, this is a copy: it gets a fresh id, hence its own segments, at its first append.
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../core/errors.ts';
import type { EntryOrigin } from '../../core/ledger/types.ts';

const CLONE_ID = /^[0-9a-f]{8}$/;

interface CloneBinding {
  id: string;
  /** `ino:<n>` of the common dir and its absolute real path; absent in files of older versions. */
  location?: string;
}

function locationOf(commonDir: string): string {
  const real = realpathSync(commonDir);
  return `ino:${statSync(real).ino} ${real}`;
}

function readBinding(path: string): CloneBinding | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const [id = '', location] = text.split('\n');
  if (!CLONE_ID.test(id.trim())) {
    throw new ConfigError('SCHEMA_INVALID', `${path} does not hold an 8-hex clone id`, {
      where: path,
      next: `delete ${path}; the next append creates a new one`,
    });
  }
  return { id: id.trim(), ...(location === undefined || location === '' ? {} : { location }) };
}

function writeBinding(path: string, binding: Required<CloneBinding>): void {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${binding.id}\n${binding.location}\n`, { flag: 'wx' });
  renameSync(temp, path);
}

/**
 * The clone's 8-hex id, created on first use and renewed when the checkout was copied. Call it
 * under the ledger lock: the lock lives in the same common dir, so one clone renews only once.
 */
export function readCloneId(commonDir: string): string {
  const dir = join(commonDir, 'proofgate');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'clone-id');
  const here = locationOf(commonDir);
  const recorded = readBinding(path);
  if (recorded?.location === here) return recorded.id;
  // A file of an older version records no location: keep its id and bind it here from now on.
  const id =
    recorded !== undefined && recorded.location === undefined
      ? recorded.id
      : randomBytes(4).toString('hex');
  writeBinding(path, { id, location: here });
  return id;
}

/** Where an entry is written: this clone's id and the host's name (call it under the lock). */
export function writerOrigin(commonDir: string): EntryOrigin {
  return { clone: readCloneId(commonDir), host: hostname().slice(0, 255) || 'unknown' };
}
