// The working ledger must extend the ledger committed at HEAD: every committed segment still
// exists and its committed bytes are a byte prefix of the working file. This is the same proof
// as `verify --base` (io/ledger/ledger-base.ts), with HEAD as the base, so deleting a committed FAIL
// line locally is caught without any base ref. A repository without commits, or a ledger not yet
// committed, has nothing to prove.
import { join } from 'node:path';
import { ContextCollector } from '../../core/ledger/verify-context.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';
import { listLedgerBlobs, proveBase } from './ledger-base.ts';
import { ledgerDir } from './ledger-store.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { listSegmentFiles } from './ledger-tails.ts';
import type { SegmentFile } from '../../core/world/ledger-port.ts';

/** Findings (file:line) where the working ledger does not extend `ref` (default HEAD). */
export async function proveCommittedLedger(
  plane: PlaneLocation,
  ref = 'HEAD',
): Promise<LedgerFinding[]> {
  const dir = ledgerDir(plane);
  const rel = ledgerRel(plane);
  const segments: SegmentFile[] = listSegmentFiles(dir).map((name) => ({
    name: name.slice(0, -'.jsonl'.length),
    file: `${rel}/${name}`,
    path: join(dir, name),
  }));
  // One `git ls-tree`: a repository without commits, or a ledger never committed, lists nothing.
  const blobs = await listLedgerBlobs(plane.root, rel, ref);
  if (blobs === undefined || blobs.size === 0) return [];
  const objectFormat = [...blobs.values()][0]!.oid.length === 64 ? 'sha256' : 'sha1';
  const proof = await proveBase(plane.root, rel, ref, segments, new ContextCollector(), {
    objectFormat,
    segments: blobs,
  });
  return proof.findings.map((f) => ({
    ...f,
    message: f.message.replace(`on ${ref}`, `committed at ${ref}`),
  }));
}
