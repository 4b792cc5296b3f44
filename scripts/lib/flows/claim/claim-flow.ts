// claim: granted only on current PASS in every required stage, by independent identities. A granted
// claim is appended as a claim entry unless --no-record; a refusal appends nothing.
import type { ChangedMutantsReport } from '../../core/efficacy/changed-mutants.ts';
import type { World } from '../../core/world/world.ts';
import type { TrustSource } from '../../core/trust/apply-trust.ts';
import type { Context } from '../../core/context.ts';
import { InternalError, UsageError } from '../../core/errors.ts';
import type { Actor, SubjectBinding } from '../../core/ledger/types.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import type { ClaimBody } from '../../core/gate/entries/bodies.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { TestTeethReport } from '../../core/gate/claim/test-teeth.ts';
import type { DefinitionReport } from '../../core/gate/claim/definition-approval.ts';
import type { BaseRules, RulesReport } from '../../core/gate/claim/base-rules.ts';
import { buildSubject } from '../../core/binding/build-subject.ts';
import type { UnprovenStop } from '../../core/hook/hook-notes.ts';
import type { TaskScope } from '../../core/gate/select/task-scope.ts';
import type { ScopedTask } from './claim-scope.ts';
import { decideClaimNow } from './claim-now.ts';
import type { ClaimScope } from '../../core/plane/types.ts';
import { summarizeUncommitted, type Uncommitted } from '../../core/gate/claim/uncommitted.ts';

export interface ClaimFlowOptions {
  root: string;
  scope: ClaimScope;
  /**
   * task: the controls the task names (--control, PROOFGATE_TASK_CONTROLS or task.json), which
   * only add to what the change covers (claim-scope.ts), as for the Stop hook: none is a task too.
   * Project and release: must be empty.
   */
  controls: readonly string[];
  /** Append the granted claim as a ledger entry (false for CI's --no-record). */
  record: boolean;
  actor: Actor;
  /** The merge job of a sharded evaluation: how many runners each took a slice (`--shards n`). */
  shards?: number;
  /**
   * The plane at the base whose rules decide: --base, or locally the upstream branch's fork point
   * (references/claim.md).
   */
  rulesAtBase?: BaseRules;
  /** No base at all (no --base, no upstream): the working tree's own rules decide, said so. */
  ownRules?: boolean;
  /** Where a task's `controls` were named: --control, PROOFGATE_TASK_CONTROLS or task.json. */
  controlsFrom?: string;
}

export interface ClaimFlowResult extends ClaimDecision {
  /** Policy warnings that do not refuse (e.g. an unmapped agent instruction file under warn). */
  warnings?: string[];
  statuses: ControlStatus[];
  /** With --base: every control definition changed since the base, and whether it is approved. */
  definitions?: DefinitionReport;
  /** With a base: the test files changed since it, and each assertion lost or marker added. */
  teeth?: TestTeethReport;
  /** Where the deciding rules came from and what the change alters in them. */
  rules?: RulesReport;
  /** A task with a base: its test controls' changed-line mutants (references/evaluate.md). */
  mutants?: ChangedMutantsReport;
  /** Stops the Stop hook let through without proof, not yet covered by a later granted claim. */
  unprovenStops?: UnprovenStop[];
  /** A task claim: its controls and why each is in it (the change covers it, or it was named). */
  taskScope?: TaskScope;
  /** Hash of the claim entry, when granted and recorded. */
  entry?: string;
  /** Where the keys came from (a --trust file or the repository's manifest). */
  trust?: TrustSource;
  /** Files the judged tree holds that no commit has: the claim binds the working tree. */
  uncommitted?: Uncommitted;
}

export async function claimFlow(
  options: ClaimFlowOptions,
  ctx: Context,
  io: World,
): Promise<ClaimFlowResult> {
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
  const now = await decideClaimNow(
    plane,
    options.rulesAtBase ?? null,
    {
      scope: options.scope,
      ids: options.controls,
      source: options.controlsFrom ?? '--control',
      authority: options.actor.authority,
      ownRules: options.ownRules === true,
      ...(options.shards === undefined ? {} : { shards: options.shards }),
    },
    ctx,
    io,
  );
  if (now.gathered === undefined) return { ...now.decision, statuses: [] };
  const { decision: gated, scoped } = now;
  const gathered = now.gathered.gathered;
  // An unproven stop the Stop hook let through is shown by every later claim until one covers it.
  const stops = gathered.unprovenStops.map((stop) => stop.warning);
  const warnings = [...((gated as { warnings?: string[] }).warnings ?? []), ...stops];
  const result: ClaimFlowResult = {
    ...gated,
    ...(warnings.length === 0 ? {} : { warnings }),
    ...(stops.length === 0 ? {} : { unprovenStops: gathered.unprovenStops }),
    statuses: gathered.statuses,
    ...(now.definitions === undefined ? {} : { definitions: now.definitions }),
    ...(now.teeth === undefined ? {} : { teeth: now.teeth }),
    ...(now.mutants === undefined ? {} : { mutants: now.mutants }),
    ...(now.rules === undefined ? {} : { rules: now.rules }),
    ...(scoped === undefined ? {} : { taskScope: withoutRemoved(scoped) }),
    ...(gathered.uncommitted === undefined ? {} : { uncommitted: gathered.uncommitted }),
  };
  if (!gated.granted || gated.body === undefined || !options.record) return result;
  const claimed = gathered.statuses.find((s) => s.status !== 'NOT_APPLICABLE');
  const whole = claimed === undefined ? undefined : gathered.subjects.get(claimed.control);
  if (whole === undefined) throw new InternalError('a granted claim has no subject binding');
  // The entry binds the working plane's digests: the files as they are, not the rules applied.
  const bound = buildSubject({
    tree: whole.tree,
    manifest: plane.manifest,
    registry: plane.registry,
  });
  // The entry says when the tree it binds is not a commit (counts only: an entry stays small).
  const body =
    gathered.uncommitted === undefined
      ? gated.body
      : { ...gated.body, uncommitted: summarizeUncommitted(gathered.uncommitted) };
  return {
    ...result,
    entry: await recordClaim(plane, bound, body, options.actor, ctx, io),
  };
}

function withoutRemoved(scoped: ScopedTask): TaskScope {
  const { removed: _removed, ...scope } = scoped;
  return scope;
}

/** Appends a granted claim bound to the whole tree (no control or inputs digest); its hash. */
export async function recordClaim(
  plane: Plane,
  binding: SubjectBinding,
  body: ClaimBody,
  actor: Actor,
  ctx: Context,
  io: World,
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
