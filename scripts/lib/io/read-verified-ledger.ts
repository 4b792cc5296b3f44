// The ledger as every reader but `verify` needs it: read, parsed and checked by verifyLedger, with
// the findings kept. Objects are checked for presence (`has`) or re-hashed (`content`).
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
