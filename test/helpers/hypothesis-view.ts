// One hypothesis as the knowledge views see it, for the core tests that rank, pick and stop on a
// board of them.
import type { HypothesisView } from '../../scripts/lib/core/knowledge/decide-hypotheses.ts';

/**
 * An open functional hypothesis H-0001 (risk 500, info gain 500, cost 1000, score 0, no probe)
 * with `over` on top.
 */
export const hypothesisView = (over: Partial<HypothesisView> = {}): HypothesisView => ({
  id: 'H-0001',
  claim: 'c',
  attr: 'functional',
  risk: 500,
  infoGain: 500,
  cost: 1000,
  status: 'open',
  oracle: 'o',
  evidence: [],
  provenance: 'recon',
  time: 't',
  score: 0,
  ...over,
});
