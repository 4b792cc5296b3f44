// Negative results filter the board: when a case of the same quality attribute records that exactly
// this claim was tried and failed, the hypothesis is set aside (shown with the case id, never
// ranked or probed). The match is on the attribute and the whole normalized claim, not on shared
// words, so a case about "negative page size" does not silence "negative stock count".
import type { HypothesisView } from './decide-hypotheses.ts';
import type { CaseEntry } from './types.ts';

export interface Filtered {
  id: string;
  caseId: string;
  tried: string;
  reason: string;
}

const normalize = (text: string): string => text.trim().toLowerCase().replace(/\s+/gu, ' ');

export function filterByNegatives(
  board: readonly HypothesisView[],
  cases: readonly CaseEntry[],
): Filtered[] {
  const filtered: Filtered[] = [];
  for (const h of board) {
    if (h.status !== 'open' && h.status !== 'probing') continue;
    const claim = normalize(h.claim);
    const hit = cases
      .filter((c) => c.features.attr === h.attr)
      .flatMap((c) => c.negative.map((n) => ({ c, n })))
      .find(({ n }) => normalize(n.tried) === claim);
    if (hit !== undefined) {
      filtered.push({ id: h.id, caseId: hit.c.id, tried: hit.n.tried, reason: hit.n.reason });
    }
  }
  return filtered;
}
