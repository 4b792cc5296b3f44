// File access for the gate, confined to the repository root: `file` controls (exists/absent) and
// attest --evidence. A path that resolves outside the root, by `..` or a symlink, is never read,
// and only regular files are.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import type { PathState } from '../../core/ports.ts';

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

export function statPath(root: string, path: string): Promise<PathState> {
  const wanted = resolve(root, path);
  if (!isInside(root, wanted)) return Promise.resolve('outside');
  try {
    lstatSync(wanted);
  } catch {
    return Promise.resolve('absent');
  }
  let real: string;
  try {
    real = realpathSync(wanted);
  } catch {
    // A dangling symlink: the path exists as a link whose target is missing.
    return Promise.resolve('absent');
  }
  if (!isInside(realpathSync(root), real)) return Promise.resolve('outside');
  return Promise.resolve(statSync(real).isDirectory() ? 'directory' : 'file');
}

/** Evidence files larger than this are refused: attach a summary or a digest instead. */
const MAX_EVIDENCE_BYTES = 32 * 1024 * 1024;

function refuseEvidence(
  path: string,
  why: string,
  expected = 'a regular file inside the repository',
): never {
  throw new UsageError('BAD_VALUE', `evidence file ${path} ${why}`, {
    expected,
    next: 'pass a path relative to the repository root of a regular file',
  });
}

/**
 * Reads an evidence file confined to the root. It is opened without blocking and checked on the
 * open descriptor: only a regular file of at most MAX_EVIDENCE_BYTES is read, so a FIFO, a socket
 * or a device can neither hang nor flood the read.
 */
export async function readFileInRoot(root: string, path: string): Promise<Uint8Array> {
  const state = await statPath(root, path);
  if (state !== 'file') {
    refuseEvidence(
      path,
      state === 'outside'
        ? 'resolves outside the repository root'
        : state === 'directory'
          ? 'is a directory'
          : 'does not exist',
    );
  }
  const fd = openSync(realpathSync(resolve(root, path)), constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) refuseEvidence(path, 'is not a regular file (a FIFO, socket or device)');
    if (info.size > MAX_EVIDENCE_BYTES) {
      refuseEvidence(
        path,
        `has ${info.size} bytes, more than ${MAX_EVIDENCE_BYTES}`,
        `a regular file of at most ${MAX_EVIDENCE_BYTES} bytes`,
      );
    }
    const bytes = Buffer.alloc(info.size);
    let done = 0;
    while (done < bytes.length) {
      const n = readSync(fd, bytes, done, bytes.length - done, done);
      if (n === 0) break;
      done += n;
    }
    return new Uint8Array(bytes.subarray(0, done));
  } finally {
    closeSync(fd);
  }
}
