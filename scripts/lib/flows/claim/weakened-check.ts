// The verdict's check that verification was not weakened since the trusted base (the rule is
// core/gate/claim/weakened-verification.ts): reads the base commit's subject tree only when some
// counted PASS on other code ran more than a claimed control's current PASS (or skipped less),
// so the common case (tests kept or added) and a ledger without inventories cost no git read.
import type { World } from '../../core/world/world.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import { withBlockers, type ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import type { DefinitionReport } from '../../core/gate/claim/definition-approval.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { LedgerOrder } from '../../core/ledger/ledger-order.ts';
import {
  findWeakenings,
  treesToCompare,
  WEAKENED_WHAT,
} from '../../core/gate/claim/weakened-verification.ts';

export async function withWeakenings<
  T extends { decision: ClaimDecision & { warnings?: string[] }; definitions?: DefinitionReport },
>(
  gated: T,
  plane: Plane,
  rules: Plane,
  base: BaseRules | undefined,
  gathered: {
    statuses: readonly ControlStatus[];
    entries: readonly StoredEntry[];
    order: LedgerOrder;
  },
  io: Pick<World, 'subject'>,
): Promise<T> {
  const trees =
    base === undefined ? new Set() : treesToCompare(gathered.statuses, gathered.entries);
  const baseTree =
    base === undefined || trees.size === 0
      ? undefined
      : await io.subject.commitSubjectTree(plane, base.commit);
  const approved = new Set(
    (gated.definitions?.changes ?? []).filter((c) => c.approved).map((c) => c.control),
  );
  const found = findWeakenings({
    ...gathered,
    baseTree,
    target: rules.manifest.profile.target_maturity,
    controls: base?.plane?.registry.controls ?? rules.registry.controls,
    approved,
  });
  if (found.blockers.length === 0 && found.warnings.length === 0) return gated;
  const warnings = [...(gated.decision.warnings ?? []), ...found.warnings];
  const decision = withBlockers(gated.decision, found.blockers, WEAKENED_WHAT);
  return { ...gated, decision: warnings.length === 0 ? decision : { ...decision, warnings } };
}
