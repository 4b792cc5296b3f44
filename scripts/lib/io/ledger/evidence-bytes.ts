// Bytes the evidence budget counts: every regular file under `<plane>/evidence/` (objects, ledger
// segments, knowledge), symlinks not followed, less what `seal --archive` archived (the ledger
// lines up to where an archive seal closed each segment and the objects only those lines
// reference, core/ledger/archived-evidence.ts). The archived bytes stay in the store and are
// verified like the rest; the budget is judged against what was recorded since.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { archivedEvidence } from '../../core/ledger/archived-evidence.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { readLedger } from './ledger-store.ts';

export async function evidenceBytes(plane: Plane): Promise<number> {
  const store = join(plane.dir, 'evidence');
  const total = await sizeOf(store);
  const archived = archivedEvidence(await readLedger(plane));
  let objectBytes = 0;
  for (const digest of archived.objects) {
    const path = join(store, 'objects', 'sha256', digest.slice(0, 2), digest);
    const stat = await lstat(path).catch(() => undefined);
    if (stat?.isFile() === true) objectBytes += stat.size;
  }
  return Math.max(0, total - archived.lineBytes - objectBytes);
}

async function sizeOf(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let total = 0;
  for (const name of names) {
    const path = join(dir, name);
    const stat = await lstat(path);
    if (stat.isDirectory()) total += await sizeOf(path);
    else if (stat.isFile()) total += stat.size;
  }
  return total;
}
