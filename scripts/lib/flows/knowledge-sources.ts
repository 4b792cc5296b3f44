// The real sources `next` and `sync` read: current control statuses (the same statusFlow as
// `proofgate status`) and, per control, the ledger entry that currently supports it.
import type { Context } from '../core/context.ts';
import type { TraceEvidence } from '../core/knowledge/build-trace-graph.ts';
import type { OpenControlStatus } from '../core/knowledge/rank-next.ts';
import { statusFlow } from './status-flow.ts';
import { createRealGateIO } from './world/real-gate-io.ts';

const OPEN: ReadonlySet<string> = new Set(['FAIL', 'DISPUTED', 'BLOCKED', 'STALE', 'TODO']);

/** Every required control that is not PASS or NOT_APPLICABLE, for `next`. */
export async function readOpenControls(
  root: string,
  ctx: Context,
): Promise<{ id: string; status: OpenControlStatus; next?: string }[]> {
  const result = await statusFlow({ root, controls: [] }, ctx, createRealGateIO(ctx));
  return result.statuses
    .filter((s) => OPEN.has(s.status))
    .map((s) => {
      // The same command status prints under the control: the first stage that has one.
      const next = s.stages.self.next ?? Object.values(s.stages).find((st) => st.next)?.next;
      return {
        id: s.control,
        status: s.status as OpenControlStatus,
        ...(next === undefined ? {} : { next }),
      };
    });
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
