// The real sources `next` and `sync` read: the claim decisions of the project and the release now
// (decideClaimNow, the decision `claim` itself makes, under its rules) and, per control, the entry
// that supports it.
import type { Context } from '../../core/context.ts';
import type { RequirementEvidence } from '../../core/knowledge/build-requirement-graph.ts';
import type { ClaimBlocker } from '../../core/gate/claim/decide-claim.ts';
import type { RulesReport } from '../../core/gate/claim/base-rules.ts';
import type { ClaimScope } from '../../core/plane/types.ts';
import { decideClaimNow, type GatheredUnder } from '../claim/claim-now.ts';
import { readEntriesOnce } from '../ledger/read-entries-once.ts';
import { statusFlow } from '../views/status-flow.ts';
import { readViewRules } from '../claim/trusted-rules.ts';
import type { World } from '../../core/world/world.ts';

/** A claim decision of one scope now, as `next` ranks it: its verdict line and blockers. */
export interface ScopeVerdict {
  scope: ClaimScope;
  verdict: string;
  blockers: ClaimBlocker[];
  rules?: RulesReport;
}

/**
 * What a claim of each of `scopes` would answer now, for `next`: under the rules `claim` decides
 * with, over one verified read of the ledger (a later scope reuses the statuses of an earlier).
 * `gate` is the verdict world (a checkpoint read, under its --trust file).
 */
export async function readVerdicts(
  root: string,
  scopes: readonly ClaimScope[],
  ctx: Context,
  gate: World,
): Promise<ScopeVerdict[]> {
  const io = readEntriesOnce(gate);
  const plane = await io.loadPlane(root);
  const atBase = await readViewRules(gate, plane, gate.trust);
  const verdicts: ScopeVerdict[] = [];
  let reuse: GatheredUnder | undefined;
  for (const scope of scopes) {
    const request = { scope, ids: [], ...(reuse === undefined ? {} : { reuse }) };
    const now = await decideClaimNow(plane, atBase, request, ctx, io);
    reuse = now.gathered ?? reuse;
    const { verdict, blockers } = now.decision;
    verdicts.push({
      scope,
      verdict,
      blockers,
      ...(now.rules === undefined ? {} : { rules: now.rules }),
    });
  }
  return verdicts;
}

/** The entry behind each control's current status, for the traceability graph. */
export async function readControlEvidence(
  root: string,
  ctx: Context,
  gate: World,
): Promise<RequirementEvidence[]> {
  const result = await statusFlow({ root, controls: [] }, ctx, gate);
  return result.statuses.flatMap((s) => {
    const self = s.stages.self;
    return self.entry === undefined
      ? []
      : [{ control: s.control, entry: self.entry, status: self.status }];
  });
}
