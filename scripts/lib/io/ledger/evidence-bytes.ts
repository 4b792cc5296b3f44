// Bytes the evidence budget counts: every regular file under `<plane>/evidence/` (objects, ledger
// segments, knowledge), symlinks not followed, less what `seal --archive` archived (the ledger
// lines up to where an archive seal closed each segment and the objects only those lines
// reference, core/ledger/archived-evidence.ts). The archived bytes stay in the store and are
// verified like the rest; the budget is judged against what was recorded since.
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  archivedAfter,
  archivedEvidence,
  type ArchivedEvidence,
} from '../../core/ledger/archived-evidence.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';
import type { EvidenceMeter } from '../../core/ports.ts';
import { ledgerDir, readLedger } from './ledger-store.ts';
import { listSegmentFiles } from './ledger-tails.ts';

const NEWLINE = 0x0a;

/** What the meter has read of the ledger: the archive it implies, and how far into each segment. */
interface Read {
  archived: ArchivedEvidence;
  /** Segment file → bytes read, up to the end of its last complete line. */
  offsets: Map<string, number>;
}

/**
 * The budget's count over one run of several controls: the first count reads the whole ledger,
 * each later one only the lines appended since (an object they reference again is live again),
 * and the whole ledger again when a segment shrank or went away or an archive seal was appended.
 * Reads take turns, so controls checking at once (--jobs) still read the whole ledger once.
 * `readWhole` is the whole read (a test counts its calls).
 */
export function openEvidenceMeter(
  plane: PlaneLocation,
  readWhole: typeof readLedger = readLedger,
): EvidenceMeter {
  let last: Promise<Read | undefined> = Promise.resolve(undefined);
  return {
    async bytes() {
      const previous = last;
      const next = (async () => {
        const read = await previous;
        return (
          (read === undefined ? undefined : await readAppended(plane, read)) ??
          readAll(plane, readWhole)
        );
      })();
      // a failed read is this count's error; the next count starts over from the whole ledger
      last = next.catch(() => undefined);
      return countBytes(plane, (await next).archived);
    },
  };
}

async function readAll(plane: PlaneLocation, readWhole: typeof readLedger): Promise<Read> {
  const snapshot = await readWhole(plane);
  const offsets = new Map(
    snapshot.segments.map((s) => [`${s.name}.jsonl`, s.bytes.length - s.tornTail.length]),
  );
  return { archived: archivedEvidence(snapshot), offsets };
}

/** `read` moved past the lines appended since; undefined when only a whole read can tell. */
async function readAppended(plane: PlaneLocation, read: Read): Promise<Read | undefined> {
  const dir = ledgerDir(plane);
  const files = listSegmentFiles(dir);
  if ([...read.offsets.keys()].some((file) => !files.includes(file))) return undefined;
  const offsets = new Map(read.offsets);
  const lines: Uint8Array[] = [];
  for (const file of files) {
    const from = offsets.get(file) ?? 0;
    const handle = await open(join(dir, file), 'r');
    try {
      const { size } = await handle.stat();
      if (size < from) return undefined;
      if (size === from) continue;
      const buffer = Buffer.alloc(size - from);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
      const appended = buffer.subarray(0, bytesRead);
      let start = 0;
      for (let at = appended.indexOf(NEWLINE); at !== -1; at = appended.indexOf(NEWLINE, start)) {
        lines.push(appended.subarray(start, at));
        start = at + 1;
      }
      offsets.set(file, from + start);
    } finally {
      await handle.close();
    }
  }
  const archived = archivedAfter(read.archived, lines);
  return archived === undefined ? undefined : { archived, offsets };
}

async function countBytes(plane: PlaneLocation, archived: ArchivedEvidence): Promise<number> {
  const store = join(plane.dir, 'evidence');
  const total = await sizeOf(store);
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
