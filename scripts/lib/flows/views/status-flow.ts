// status: every control required at the target maturity with its current status, why, since
// when and who. Reads only; never appends.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import type { ClaimScope } from '../../core/plane/types.ts';
import type { UpstreamCheck } from '../../core/ports.ts';
import type { TrustSource } from '../../core/trust/apply-trust.ts';
import type { BaseRules, RulesReport } from '../../core/gate/claim/base-rules.ts';
import { decideClaimNow } from '../claim/claim-now.ts';
import { isWeakening } from '../../core/gate/claim/weakened-verification.ts';
import { gatherStatuses, type GatheredStatuses } from '../claim/gather-statuses.ts';
import type { LedgerRead } from '../../core/world/ledger-port.ts';

export interface StatusFlowOptions {
  root: string;
  /** Restrict to these control ids (any maturity); empty means every control required at target. */
  controls: readonly string[];
  /**
   * The rules `claim` would decide with (the upstream branch's): the claim view uses them, so it
   * never says a claim holds that `claim` refuses. `null`: there is no base (own rules, said so).
   */
  rulesAtBase?: BaseRules | null;
}

export interface StatusFlowResult extends Omit<GatheredStatuses, 'subjects' | 'entries'> {
  /**
   * What `claim` would answer now over the same controls (a project claim, or a task claim of
   * the `--control` list): statuses alone are not what is open.
   */
  claimNow?: {
    scope: ClaimScope;
    granted: boolean;
    verdict: string;
    blockers: number;
    /** The gate itself refuses the claim (modified, or unknown under `policies.tool.unknown: block`). */
    toolBlocked?: boolean;
    /** Where the claim view's rules came from, when the caller read them. */
    rules?: RulesReport;
    /** Blockers that say the controls verify less than on the base (shown in full). */
    weakened?: string[];
  };
  /** Where the keys came from (a --trust file or the repository's manifest). */
  trust?: TrustSource;
}

export async function statusFlow(
  options: StatusFlowOptions,
  ctx: Context,
  io: World,
): Promise<StatusFlowResult> {
  const plane = await io.loadPlane(options.root);
  const gathered = await gatherStatuses(plane, options.controls, ctx, io);
  const { subjects: _subjects, entries: _entries, uncommitted: _uncommitted, ...result } = gathered;
  const scope: ClaimScope = options.controls.length === 0 ? 'project' : 'task';
  // The claim view is the claim's own decision; without rules read (a library caller) the tree's
  // own decide, unreported.
  const claimNow = await decideClaimNow(
    plane,
    options.rulesAtBase ?? null,
    {
      scope,
      ids: options.controls,
      reuse: { rules: plane, ids: options.controls, gathered },
      ...(options.rulesAtBase === undefined ? { ownRules: false } : {}),
    },
    ctx,
    io,
  );
  const { decision } = claimNow;
  const weakened = decision.blockers.filter((b) => isWeakening(b.reason)).map((b) => b.reason);
  return {
    ...result,
    claimNow: {
      scope,
      granted: decision.granted,
      verdict: decision.verdict,
      blockers: decision.blockers.length,
      ...(decision.blockers.some((b) => b.control === 'tool:proofgate')
        ? { toolBlocked: true }
        : {}),
      ...(claimNow.rules === undefined ? {} : { rules: claimNow.rules }),
      ...(weakened.length === 0 ? {} : { weakened }),
    },
  };
}

/** What `proofgate status` prints: the flow's result, the output form and the upstream checked. */
export type StatusResult = StatusFlowResult & {
  markdown: boolean;
  upstream?: UpstreamCheck;
  /** How the ledger was read: from a trusted checkpoint, or whole and why. */
  ledger?: LedgerRead;
};
