// File access for the gate, confined to the repository root: `file` controls (exists/absent) and
// attest --evidence. A path that resolves outside the root, by `..` or a symlink, is never read.
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../core/errors.ts';
import type { PathState } from '../core/ports.ts';

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

export async function readFileInRoot(root: string, path: string): Promise<Uint8Array> {
  const state = await statPath(root, path);
  if (state !== 'file') {
    const why =
      state === 'outside'
        ? 'resolves outside the repository root'
        : state === 'directory'
          ? 'is a directory'
          : 'does not exist';
    throw new UsageError('BAD_VALUE', `evidence file ${path} ${why}`, {
      expected: 'a file inside the repository',
      next: 'pass a path relative to the repository root',
    });
  }
  return new Uint8Array(readFileSync(realpathSync(resolve(root, path))));
}
