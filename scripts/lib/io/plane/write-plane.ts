// Writes plane files without ever leaving a partial plane: a new plane is staged in a sibling
// directory and renamed into place; derived files are replaced one by one with rename.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, EnvironmentError } from '../../core/errors.ts';

/** A fresh ledger id: `pg-` and 16 random hex digits. */
export function randomLedgerId(): string {
  return `pg-${randomBytes(8).toString('hex')}`;
}

function writeAll(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [rel, text] of files) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, { flag: 'wx' });
  }
}

/** Creates `dir` holding exactly `files`; refuses when `dir` exists and is not empty. */
export function createPlaneDir(dir: string, files: ReadonlyMap<string, string>): void {
  if (existsSync(dir) && !lstatSync(dir).isDirectory())
    throw new ConfigError('PLANE_EXISTS', `${dir} exists and is not a directory`, {
      where: dir,
      expected: 'no file there, or an empty directory, for the control plane',
      next: 'move or rename that file (proofgate never overwrites it), then run init again',
    });
  if (existsSync(dir)) {
    if (readdirSync(dir).length > 0)
      throw new ConfigError('PLANE_EXISTS', `${dir} exists but holds no proofgate manifest`, {
        where: dir,
        expected: 'no directory, or an empty one',
        next: 'move that directory aside (proofgate never overwrites it), then run init again',
      });
    rmdirSync(dir);
  }
  const staging = `${dir}.tmp-${randomBytes(4).toString('hex')}`;
  try {
    writeAll(staging, files);
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new EnvironmentError(
      'IO_FAILED',
      `could not create ${dir}: ${(error as Error).message}`,
      {
        where: dir,
        next: 'check permissions and free space, then run init again (nothing was written)',
        cause: error,
      },
    );
  }
}

/** Replaces each derived file whose content differs; returns the paths it changed. */
export function writeDerivedFiles(dir: string, files: ReadonlyMap<string, string>): string[] {
  const changed: string[] = [];
  for (const [rel, text] of files) {
    const path = join(dir, rel);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.tmp-${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, text);
    renameSync(temp, path);
    changed.push(rel);
  }
  return changed;
}

/** Derived files that are missing or differ from `files`. */
export function findOutdated(dir: string, files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([rel, text]) => {
      const path = join(dir, rel);
      return !existsSync(path) || readFileSync(path, 'utf8') !== text;
    })
    .map(([rel]) => rel);
}

/** Writes one human-owned file atomically (temp + rename). */
export function replaceFile(path: string, text: string): void {
  const temp = `${path}.tmp-${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

export function readTextFile(path: string): string {
  return readFileSync(path, 'utf8');
}
