// Replaces a plane's regenerated files for `init --from-archive`: every new file is written to a
// temp sibling first, then all are renamed into place and the obsolete ones removed. The returned
// function puts the previous bytes back (read before anything changed), for a caller whose next
// step failed.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { EnvironmentError } from '../../core/errors.ts';

export function replacePlaneFiles(
  dir: string,
  files: ReadonlyMap<string, string>,
  removed: readonly string[],
): () => void {
  const previous = new Map<string, Buffer>();
  for (const rel of [...files.keys(), ...removed]) {
    const path = join(dir, rel);
    if (existsSync(path)) previous.set(rel, readFileSync(path));
  }
  const restore = (): void => {
    for (const rel of [...files.keys(), ...removed]) {
      const old = previous.get(rel);
      const path = join(dir, rel);
      if (old === undefined) rmSync(path, { force: true });
      else {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, old);
      }
    }
  };
  const temps: [string, string][] = [];
  const suffix = `.tmp-${randomBytes(4).toString('hex')}`;
  try {
    for (const [rel, text] of files) {
      const path = join(dir, rel);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(`${path}${suffix}`, text, { flag: 'wx' });
      temps.push([`${path}${suffix}`, path]);
    }
  } catch (error) {
    for (const [temp] of temps) rmSync(temp, { force: true });
    throw failed(dir, error);
  }
  try {
    for (const [temp, path] of temps) renameSync(temp, path);
    for (const rel of removed) rmSync(join(dir, rel), { force: true });
  } catch (error) {
    for (const [temp] of temps) rmSync(temp, { force: true });
    restore();
    throw failed(dir, error);
  }
  return restore;
}

function failed(dir: string, error: unknown): EnvironmentError {
  return new EnvironmentError(
    'IO_FAILED',
    `could not replace the plane files in ${dir}: ${(error as Error).message}`,
    {
      where: dir,
      next: 'check permissions and free space, then run init again (the plane was left as it was)',
      cause: error,
    },
  );
}
