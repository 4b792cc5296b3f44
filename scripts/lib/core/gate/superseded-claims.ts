// When a granted claim no longer stands on its own: a later granted claim of the same scope covers
// every one of its controls. The report and `query claim` mark such claims instead of showing
// them as a current PASS. Pure.
import type { StoredEntry } from '../ledger/types.ts';
import type { ClaimBody } from './bodies.ts';
import { parseClaimBody } from './parse-body.ts';

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

/** Claim hash → hash of the next later claim (by time, then ledger order) that supersedes it. */
export function supersededClaims(claims: readonly GrantedClaimRef[]): Map<string, string> {
  const order = claims
    .map((claim, index) => ({ claim, index }))
    .sort((a, b) =>
      a.claim.time === b.claim.time ? a.index - b.index : a.claim.time < b.claim.time ? -1 : 1,
    )
    .map((x) => x.claim);
  const superseded = new Map<string, string>();
  order.forEach((claim, i) => {
    for (let j = i + 1; j < order.length; j++) {
      const later = order[j]!;
      if (
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
