// Bytes the evidence store holds now: every regular file under `<plane>/evidence/` (objects,
// ledger segments, knowledge), symlinks not followed. The evidence budget is judged against it.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plane } from '../../core/plane/plane.ts';

export async function evidenceBytes(plane: Plane): Promise<number> {
  return sizeOf(join(plane.dir, 'evidence'));
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
