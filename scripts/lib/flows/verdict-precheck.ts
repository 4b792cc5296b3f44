// The last word before a verdict is decided (claim, status, hook stop, readiness, query, the
// evaluate summary, campaign claims). The real GateIO already refused any ledger the one integrity
// check (io/ledger-integrity.ts) finds a defect in when it read the entries; this re-checks, through
// the port (so in-memory worlds are held to it too), what the verdict stands on:
// - the working ledger extends the ledger committed at HEAD;
// - every evidence object of an entry that decides a current status still re-hashes to its name.
// Any finding is an IntegrityError (exit 3) naming file:line; no verdict is returned.
import { INTEGRITY_CODES, IntegrityError, type IntegrityCode } from '../core/errors.ts';
import { sha256Hex } from '../core/hash.ts';
import type { ControlStatus } from '../core/gate/status/compute-status.ts';
import { findEntries } from '../core/gate/entries/find-entries.ts';
import type { LedgerFinding, StoredEntry } from '../core/ledger/types.ts';
import type { Plane } from '../core/plane/plane.ts';
import type { GateIO } from '../core/ports.ts';

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
  io: GateIO,
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
  io: GateIO,
): Promise<void> {
  const findings = [
    ...(await io.proveCommitted(plane)),
    ...(await checkDecidingObjects(plane, decidingEntries(statuses, entries), io)),
  ];
  if (findings.length === 0) return;
  throw integrityFailure(findings);
}

/** The refusal of a verdict over `findings` (`count` of them, listed or not). */
export function integrityFailure(
  findings: readonly LedgerFinding[],
  count = findings.length,
  next = 'run "proofgate verify --full" (and "git diff -- .proofgate/evidence"); restore the ledger and evidence from git, never edit them',
): IntegrityError {
  const first = findings[0]!;
  const code: IntegrityCode =
    first.code === 'SEGMENT_DELETED' || first.code === 'HISTORY_REWRITTEN'
      ? 'NOT_APPEND_ONLY'
      : first.code === 'OBJECT_CORRUPT'
        ? 'HASH_MISMATCH'
        : first.code === 'GRANT_UNSIGNED' || first.code === 'GRANT_SIGNATURE_INVALID'
          ? 'SIGNATURE_INVALID'
          : (INTEGRITY_CODES as readonly string[]).includes(first.code)
            ? (first.code as IntegrityCode)
            : 'CHAIN_BROKEN';
  const counted = `${count} finding${count === 1 ? '' : 's'}`;
  return new IntegrityError(
    code,
    `integrity check failed before any verdict (${counted}): ${first.file}:${first.line} ${first.code}: ${first.message}`,
    {
      where: `${first.file}:${first.line}`,
      problems: findings.map((f) => `${f.file}:${f.line} ${f.code}: ${f.message}`),
      next,
      findingCount: count,
    },
  );
}
