// A CONFLICT: the last results on one binding come from writers that never saw each other's and
// disagree. Both sides are named, with what resolves it.
import type { Actor } from '../../ledger/types.ts';
import type { ResultRecord } from '../entries/index-results.ts';

export interface ConflictingResult {
  entry: string;
  status: ResultRecord['status'];
  since: string;
  actor: Actor;
}

export function describeConflict(
  latest: ResultRecord,
  rivals: readonly ResultRecord[],
): { reason: string; conflict: ConflictingResult[] } {
  const sides = [latest, ...rivals];
  const side = (r: ResultRecord): string =>
    `${r.status} ${r.hash.slice(0, 12)} by ${r.actor.authority} in ${r.actor.context}`;
  return {
    reason: `CONFLICT: results on this code from writers that never saw each other's disagree (${sides.map(side).join(' vs ')}); a re-run recorded after merging both decides`,
    conflict: sides.map((r) => ({
      entry: r.hash,
      status: r.status,
      since: r.time,
      actor: r.actor,
    })),
  };
}
