// The last word before a verdict is decided (claim, status, hook stop, readiness, query, the
// evaluate summary, campaign claims). The real World already refused any ledger the one integrity
// check (io/ledger/ledger-integrity.ts) finds a defect in when it read the entries; this re-checks, through
// the port (so in-memory worlds are held to it too), what the verdict stands on:
// - the working ledger extends the ledger committed at HEAD;
// - every evidence object of an entry that decides a current status still re-hashes to its name.
// Any finding is an IntegrityError (exit 3) naming file:line; no verdict is returned.
import type { World } from '../../core/world/world.ts';
import { integrityFailure } from '../../core/ledger/integrity-failure.ts';
import { sha256Hex } from '../../core/hash.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import { findEntries } from '../../core/gate/entries/find-entries.ts';
import type { LedgerFinding, StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';

/** The stored entries whose results the statuses stand on (the deciding entry of each stage). */
export function decidingEntries(
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
): StoredEntry[] {
  const named = statuses.flatMap((status) =>
    Object.values(status.stages).flatMap((stage) =>
      stage.entry === undefined ? [] : [stage.entry],
    ),
  );
  const found = findEntries(entries, named);
  const out = new Map<string, StoredEntry>();
  for (const hash of named) {
    const stored = found.get(hash);
    if (stored !== undefined && !out.has(hash)) out.set(hash, stored);
  }
  return [...out.values()];
}

/** Findings for the evidence objects of `deciding`: missing or not re-hashing to their names. */
export async function checkDecidingObjects(
  plane: Plane,
  deciding: readonly StoredEntry[],
  io: World,
): Promise<LedgerFinding[]> {
  const store = io.objects(plane);
  const states = new Map<string, 'ok' | 'missing' | 'corrupt'>();
  const findings: LedgerFinding[] = [];
  for (const stored of deciding) {
    for (const digest of stored.entry.storage.objects) {
      let state = states.get(digest);
      if (state === undefined) {
        const data = await store.get(digest);
        state = data === undefined ? 'missing' : sha256Hex(data) === digest ? 'ok' : 'corrupt';
        states.set(digest, state);
      }
      if (state === 'ok') continue;
      const where = `${plane.rel === '' ? '' : `${plane.rel}/`}evidence/objects/sha256/${digest.slice(0, 2)}/${digest}`;
      findings.push({
        file: stored.file,
        line: stored.line,
        code: state === 'missing' ? 'OBJECT_MISSING' : 'OBJECT_CORRUPT',
        message:
          state === 'missing'
            ? `evidence object ${where} referenced by this ${stored.entry.kind} entry is missing`
            : `evidence object ${where} referenced by this ${stored.entry.kind} entry no longer re-hashes to its name (altered)`,
      });
    }
  }
  return findings;
}

/** Throws IntegrityError (exit 3) when anything the statuses rely on is not intact. */
export async function precheckVerdict(
  plane: Plane,
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
  io: World,
): Promise<void> {
  const findings = [
    ...(await io.proveCommitted(plane)),
    ...(await checkDecidingObjects(plane, decidingEntries(statuses, entries), io)),
  ];
  if (findings.length === 0) return;
  throw integrityFailure(findings);
}
