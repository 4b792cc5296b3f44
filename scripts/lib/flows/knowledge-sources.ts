// The real sources `next` and `sync` read: the claim decision of a scope now (the same
// decideVerdict as `claim` and `query blockers`) and, per control, the entry that supports it.
import type { Context } from '../core/context.ts';
import type { TraceEvidence } from '../core/knowledge/build-trace-graph.ts';
import type { ClaimBlocker } from '../core/gate/decide-claim.ts';
import { decideVerdict } from '../core/gate/decide-verdict.ts';
import type { ClaimScope } from '../core/plane/types.ts';
import { gatherStatuses, statusFlow } from './status-flow.ts';
import { createRealGateIO } from './world/real-gate-io.ts';
import type { LoadedTrust } from '../io/trust-io.ts';

/** What a claim of `scope` would answer now, for `next`. */
export async function readVerdict(
  root: string,
  scope: ClaimScope,
  ctx: Context,
  trust?: LoadedTrust,
): Promise<{ verdict: string; blockers: ClaimBlocker[] }> {
  const io = createRealGateIO(ctx, { trust });
  const plane = await io.loadPlane(root);
  const { verdict, blockers } = decideVerdict(
    scope,
    plane,
    await gatherStatuses(plane, [], ctx, io),
  );
  return { verdict, blockers };
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
