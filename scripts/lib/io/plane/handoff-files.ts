// The handoff pair on disk: <plane>/knowledge/task-handoff.{json,md}, outside the subject (so
// writing it stales nothing) and never read as evidence. Both halves are written through
// temporary siblings and renamed; when the second rename fails the first file gets its previous
// bytes back (or goes, when it had none), so a failed write leaves the old pair or none.
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EnvironmentError, UsageError } from '../../core/errors.ts';
import type { HandoffPaths, HandoffTexts } from '../../core/world/repo-port.ts';

export function handoffPaths(planeDir: string): HandoffPaths {
  const dir = join(planeDir, 'knowledge');
  return { json: join(dir, 'task-handoff.json'), md: join(dir, 'task-handoff.md') };
}

/** The current bytes of one half; a symlink (it could point anywhere) is refused, never followed. */
function readHalf(path: string): string | undefined {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return undefined;
  }
  if (stat.isSymbolicLink())
    throw new UsageError('BAD_INPUT', `${path} is a symbolic link`, {
      where: path,
      expected: 'a regular file proofgate wrote, or nothing',
      next: `remove ${path}, then write the handoff again: proofgate status --handoff --write ...`,
    });
  if (!stat.isFile()) return undefined;
  return readFileSync(path, 'utf8');
}

export function readHandoffPair(paths: HandoffPaths): HandoffTexts {
  return { json: readHalf(paths.json), md: readHalf(paths.md) };
}

export function writeHandoffPair(paths: HandoffPaths, texts: { json: string; md: string }): void {
  const before = readHandoffPair(paths);
  const tmp = { json: `${paths.json}.tmp-${process.pid}`, md: `${paths.md}.tmp-${process.pid}` };
  mkdirSync(dirname(paths.json), { recursive: true });
  let renamed = false;
  try {
    writeFileSync(tmp.json, texts.json, { flag: 'wx' });
    writeFileSync(tmp.md, texts.md, { flag: 'wx' });
    renameSync(tmp.json, paths.json);
    renamed = true;
    renameSync(tmp.md, paths.md);
  } catch (error) {
    rmSync(tmp.json, { force: true });
    rmSync(tmp.md, { force: true, recursive: false });
    if (renamed) {
      if (before.json === undefined) rmSync(paths.json, { force: true });
      else writeFileSync(paths.json, before.json);
    }
    throw new EnvironmentError(
      'IO_FAILED',
      `cannot write the handoff pair: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      {
        where: paths.md,
        expected: 'two writable regular files under <plane>/knowledge/',
        next: 'fix the path (a directory or a read-only file in the way?), then run it again; neither half was changed',
      },
    );
  }
}
