// claim: granted only on current PASS in every required stage, by independent identities. A granted
// claim is appended as a claim entry unless --no-record; a refusal appends nothing.
import type { Context } from '../core/context.ts';
import { InternalError, UsageError } from '../core/errors.ts';
import type { Actor, StoredEntry, SubjectBinding } from '../core/ledger/types.ts';
import type { ClaimScope, Control, Manifest } from '../core/plane/types.ts';
import { findEfficacyGaps } from '../core/efficacy/efficacy-status.ts';
import type { ControlStatus } from '../core/gate/compute-status.ts';
import { decideClaim, type ClaimDecision } from '../core/gate/decide-claim.ts';
import { refuseTaskOutsideCampaign } from '../core/brownfield/refuse-outside-campaign.ts';
import type { ClaimBody } from '../core/gate/bodies.ts';
import type { GateIO } from '../core/ports.ts';
import { gatherStatuses } from './status-flow.ts';
import { toJsonObject } from '../core/ledger/to-json.ts';
import type { Plane } from '../core/plane/plane.ts';

export interface ClaimFlowOptions {
  root: string;
  scope: ClaimScope;
  /** task: the affected controls (required); project and release: must be empty. */
  controls: readonly string[];
  /** Append the granted claim as a ledger entry (false for CI's --no-record). */
  record: boolean;
  actor: Actor;
}

export interface ClaimFlowResult extends ClaimDecision {
  statuses: ControlStatus[];
  /** Hash of the claim entry, when granted and recorded. */
  entry?: string;
}

export async function claimFlow(
  options: ClaimFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<ClaimFlowResult> {
  if (options.scope === 'task' && options.controls.length === 0) {
    throw new UsageError('MISSING_ARG', 'a task claim needs the affected controls', {
      expected:
        '--control <id> once per affected control, or the task\'s controls in PROOFGATE_TASK_CONTROLS or .git/proofgate/task.json (as the Stop hook reads them)',
      next: 'proofgate claim --scope project',
    });
  }
  if (options.scope !== 'task' && options.controls.length > 0) {
    throw new UsageError(
      'BAD_FLAG',
      `a ${options.scope} claim covers every applicable control; --control is not allowed`,
      {
        next: 'drop --control, or use --scope task for a task claim',
      },
    );
  }
  const plane = await io.loadPlane(options.root);
  const outside = refuseTaskOutsideCampaign(plane.manifest, options.scope);
  if (outside !== undefined) return { ...outside, statuses: [] };
  if (!plane.manifest.authorities.some((a) => a.id === options.actor.authority)) {
    throw new UsageError(
      'BAD_VALUE',
      `authority ${options.actor.authority} is not registered in the manifest`,
      {
        next: 'claim as an authority listed in controls/manifest.yaml',
      },
    );
  }
  const gathered = await gatherStatuses(plane, options.controls, ctx, io);
  const decision = withEfficacyGaps(
    decideClaim({
      scope: options.scope,
      target: gathered.target,
      manifest: plane.manifest,
      statuses: gathered.statuses,
    }),
    plane.manifest,
    plane.registry.controls,
    gathered,
  );
  const result: ClaimFlowResult = { ...decision, statuses: gathered.statuses };
  if (!decision.granted || decision.body === undefined || !options.record) return result;
  const claimed = gathered.statuses.find((s) => s.status !== 'NOT_APPLICABLE');
  const whole = claimed === undefined ? undefined : gathered.subjects.get(claimed.control);
  if (whole === undefined) throw new InternalError('a granted claim has no subject binding');
  return {
    ...result,
    entry: await recordClaim(plane, whole, decision.body, options.actor, ctx, io),
  };
}

/** Appends a granted claim bound to the whole tree (no control or inputs digest); its hash. */
export async function recordClaim(
  plane: Plane,
  binding: SubjectBinding,
  body: ClaimBody,
  actor: Actor,
  ctx: Context,
  io: GateIO,
): Promise<string> {
  const subject = { tree: binding.tree, manifest: binding.manifest, registry: binding.registry };
  const stored = await io.append(plane, {
    kind: 'claim',
    time: ctx.clock.now().toISOString(),
    actor,
    subject,
    body: toJsonObject(body),
  });
  return stored.hash;
}

/**
 * Release claims under `policies.efficacy_required_for_release`: a hard gate nobody has shown to
 * fail on planted defects blocks the release like a missing result.
 */
function withEfficacyGaps(
  decision: ClaimDecision,
  manifest: Manifest,
  controls: readonly Control[],
  gathered: { entries: StoredEntry[]; subjects: Map<string, SubjectBinding> },
): ClaimDecision {
  if (decision.scope !== 'release') return decision;
  const digests = new Map(
    [...gathered.subjects].flatMap(([id, s]) => (s.control === undefined ? [] : [[id, s.control]])),
  );
  const gaps = findEfficacyGaps(manifest, controls, gathered.entries, digests);
  if (gaps.length === 0) return decision;
  const { body: _body, ...refused } = decision;
  return {
    ...refused,
    granted: false,
    verdict: `REFUSED [release] ${gaps.length} hard gate(s) have no efficacy evidence${decision.granted ? '' : `; ${decision.verdict}`}`,
    blockers: [
      ...decision.blockers,
      ...gaps.map((g) => ({
        control: g.control,
        stage: 'self' as const,
        status: 'TODO' as const,
        reason: `efficacy ${g.status}: ${g.reason}`,
        next: g.next,
      })),
    ],
  };
}
