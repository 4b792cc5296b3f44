// When a granted claim no longer stands on its own: a claim of the same scope written after it in
// ledger order (its writer had seen it) covers every one of its controls. The report and `query
// claim` mark such claims instead of showing them as a current PASS. The writer's clock plays no
// part: two claims from writers that never saw each other supersede neither. Pure.
import { LedgerOrder } from '../../ledger/ledger-order.ts';
import type { StoredEntry } from '../../ledger/types.ts';
import type { ClaimBody } from '../entries/bodies.ts';
import { parseClaimBody } from '../entries/parse-body.ts';

export interface GrantedClaimRef {
  hash: string;
  time: string;
  body: ClaimBody;
}

/** The claim entries with a well-formed body, in ledger order. */
export function grantedClaims(entries: readonly StoredEntry[]): GrantedClaimRef[] {
  return entries.flatMap(({ entry, hash }) => {
    if (entry.kind !== 'claim') return [];
    const body = parseClaimBody(entry.body);
    return body === undefined ? [] : [{ hash, time: entry.time, body }];
  });
}

/**
 * `claims` sorted along ledger order (every claim after all the claims its writer had seen);
 * unordered ones keep the order they came in.
 */
export function inLedgerOrder<T extends { hash: string }>(
  claims: readonly T[],
  order: LedgerOrder,
): T[] {
  return order.sort(claims);
}

/** Claim hash → hash of the nearest claim after it in ledger order that supersedes it. */
export function supersededClaims(
  claims: readonly GrantedClaimRef[],
  order: LedgerOrder,
): Map<string, string> {
  const sorted = inLedgerOrder(claims, order);
  const superseded = new Map<string, string>();
  sorted.forEach((claim, i) => {
    for (let j = i + 1; j < sorted.length; j++) {
      const later = sorted[j]!;
      if (
        order.isBefore(claim.hash, later.hash) &&
        later.body.scope === claim.body.scope &&
        claim.body.controls.every((id) => later.body.controls.includes(id))
      ) {
        superseded.set(claim.hash, later.hash);
        return;
      }
    }
  });
  return superseded;
}

/** The superseded map of every claim in `entries`, ordered by the ledger they form. */
export function supersededIn(
  entries: readonly StoredEntry[],
  order: LedgerOrder = new LedgerOrder(entries),
): Map<string, string> {
  return supersededClaims(grantedClaims(entries), order);
}
