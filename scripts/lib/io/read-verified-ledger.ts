// The ledger as its readers need it: whole in memory for the report (read, parsed and checked by
// verifyLedger, findings kept; objects checked for presence or re-hashed), or streamed for the gate.
import type { ParsedLedger } from '../core/ledger/parse-ledger.ts';
import { parseLedger } from '../core/ledger/parse-ledger.ts';
import {
  referencedObjects,
  verifyLedger,
  type ObjectState,
  type VerifyLedgerResult,
} from '../core/ledger/verify-ledger.ts';
import { ledgerIdOf, readLedger } from './ledger-store.ts';
import { checkAgainstUpstream, type UpstreamCheck } from './ledger-upstream.ts';
import { checkObjects, createObjectStore } from './objects.ts';
import type { Plane } from '../core/plane/plane.ts';
import type { LedgerFinding, StoredEntry } from '../core/ledger/types.ts';
import { verifyLedgerFiles } from './verify-ledger-files.ts';

export interface VerifiedLedger extends VerifyLedgerResult {
  parsed: ParsedLedger;
}

export async function readVerifiedLedger(
  plane: Plane,
  objectCheck: 'presence' | 'content',
  upstream?: UpstreamCheck,
): Promise<VerifiedLedger> {
  const manifestFile = plane.manifestPath.slice(plane.root.length + 1);
  const snapshot = await readLedger(plane);
  const parsed = parseLedger(snapshot);
  const store = createObjectStore(plane);
  const digests = referencedObjects(parsed);
  let objects: ReadonlyMap<string, ObjectState>;
  if (objectCheck === 'content') objects = await checkObjects(store, digests);
  else {
    const states = new Map<string, ObjectState>();
    for (const digest of digests) states.set(digest, (await store.has(digest)) ? 'ok' : 'missing');
    objects = states;
  }
  const result = verifyLedger({
    parsed,
    ledgerId: ledgerIdOf(plane.manifest, manifestFile),
    authorities: plane.manifest.authorities,
    manifestFile,
    objects,
  });
  if (upstream !== undefined)
    result.findings.unshift(...(await checkAgainstUpstream(plane, upstream)));
  return { parsed, ...result };
}

/**
 * Replaces every string inside `value` by an equal one seen before: ledger entries repeat the same
 * hashes (prev, heads), subjects, keys and names thousands of times, and one copy of each is kept.
 */
function shareStrings(value: object, seen: Map<string, string>): void {
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (typeof item === 'string') {
      const first = seen.get(item);
      if (first === undefined) seen.set(item, item);
      else record[key] = first;
    } else if (typeof item === 'object' && item !== null) shareStrings(item, seen);
  }
}

/**
 * The ledger as the gate needs it: every valid entry, with the verifier's findings. The segments
 * are streamed through the same verifier as `verify --full` (objects checked for presence), so
 * memory holds the entries but never the segment bytes, and signatures use every core.
 */
export async function streamVerifiedEntries(
  plane: Plane,
  upstream?: UpstreamCheck,
): Promise<{ entries: StoredEntry[]; findings: LedgerFinding[] }> {
  const entries: StoredEntry[] = [];
  const shared = new Map<string, string>();
  const result = await verifyLedgerFiles(plane, {
    objects: 'presence',
    onEntry: (stored) => {
      shareStrings(stored.entry, shared);
      entries.push({ ...stored, hash: shared.get(stored.hash) ?? stored.hash });
    },
  });
  if (upstream !== undefined)
    result.findings.unshift(...(await checkAgainstUpstream(plane, upstream)));
  return { entries, findings: result.findings };
}
