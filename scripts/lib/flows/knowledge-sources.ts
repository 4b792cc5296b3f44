// The real sources `next` and `sync` read: the claim decision of a scope now (the same
// decideClaimNow as `status`, `readiness` and `query blockers`, under claim's rules) and, per control, the entry that supports it.
import type { Context } from '../core/context.ts';
import type { TraceEvidence } from '../core/knowledge/build-trace-graph.ts';
import type { ClaimBlocker } from '../core/gate/decide-claim.ts';
import type { RulesReport } from '../core/gate/base-rules.ts';
import type { ClaimScope } from '../core/plane/types.ts';
import { decideClaimNow, statusFlow } from './status-flow.ts';
import { readViewRules } from './trusted-rules.ts';
import { createRealGateIO } from './world/real-gate-io.ts';
import type { LoadedTrust } from '../io/trust-io.ts';

/** What a claim of `scope` would answer now, for `next`: under the rules `claim` decides with. */
export async function readVerdict(
  root: string,
  scope: ClaimScope,
  ctx: Context,
  trust?: LoadedTrust,
): Promise<{ verdict: string; blockers: ClaimBlocker[]; rules?: RulesReport }> {
  const io = createRealGateIO(ctx, { trust, checkpoint: true });
  const plane = await io.loadPlane(root);
  const atBase = await readViewRules(plane, trust);
  const { decision, rules } = await decideClaimNow(plane, atBase, { scope, ids: [] }, ctx, io);
  return {
    verdict: decision.verdict,
    blockers: decision.blockers,
    ...(rules === undefined ? {} : { rules }),
  };
}

/** The entry behind each control's current status, for the traceability graph. */
export async function readControlEvidence(root: string, ctx: Context): Promise<TraceEvidence[]> {
  const result = await statusFlow({ root, controls: [] }, ctx, createRealGateIO(ctx));
  return result.statuses.flatMap((s) => {
    const self = s.stages.self;
    return self.entry === undefined
      ? []
      : [{ control: s.control, entry: self.entry, status: self.status }];
  });
}
