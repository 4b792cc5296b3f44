// campaign baseline: runs a ratchet control now and records its fingerprint set as the baseline,
// a `note` entry in the ledger (never an editable file). A later baseline may not absorb new
// violations unless the caller says so explicitly (--allow-growth).
import type { World } from '../../core/world/world.ts';
import type { Grantor } from '../../core/gate/authority/grant-authority.ts';
import type { Context } from '../../core/context.ts';
import { InternalError, UsageError } from '../../core/errors.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import { diffFingerprints } from '../../core/brownfield/parse-fingerprints.ts';
import {
  describeRatchet,
  latestBaselines,
  type BaselineBody,
} from '../../core/gate/entries/ratchet-details.ts';
import type { RunBody } from '../../core/gate/entries/bodies.ts';
import { executeControl, prepareExecution } from './execute-control.ts';
import { prepareGrantSigning } from '../audit/grant-signing.ts';
import { readFingerprints } from './read-fingerprints.ts';
import { assertActorMayAct, pickControls } from '../../core/gate/select/select-for-flow.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';

export interface RecordBaselineOptions {
  root: string;
  control: string;
  actor: Actor;
  authorize: readonly AuthorizationKind[];
  /** Who grants `authorize`; default: the acting authority (refused unless it may grant). */
  grantor?: Grantor;
  /** Accept fingerprints the previous baseline did not have (recorded as `grew`). */
  allowGrowth: boolean;
}

export interface RecordBaselineResult {
  recorded: boolean;
  control: string;
  /** One line: what was recorded, or why not. */
  reason: string;
  /** Hash of the run entry the baseline was taken from (always recorded). */
  run: string;
  /** Hash of the baseline note, when recorded. */
  baseline?: string;
  count?: number;
  /** Fingerprints absent from the previous baseline. */
  growth: string[];
}

export async function recordBaseline(
  options: RecordBaselineOptions,
  ctx: Context,
  io: World,
): Promise<RecordBaselineResult> {
  const plane = await io.loadPlane(options.root);
  const [control] = pickControls(plane.registry, [options.control]);
  if (control === undefined) throw new InternalError('pickControls returned nothing');
  const execution = control.execution;
  if (execution.type !== 'command' || execution.evaluation !== 'ratchet') {
    throw new UsageError('BAD_VALUE', `control ${control.id} is not a ratchet control`, {
      expected: 'a command control with "evaluation: ratchet" in controls/registry.yaml',
      next: 'add "evaluation: ratchet" to the control, or pick the debt control',
    });
  }
  assertActorMayAct(options.actor, plane.manifest, 'self');
  const settings = prepareExecution(plane, io, ctx.env, options);
  const signGrants = prepareGrantSigning(plane, settings.grants ?? [], ctx.env, io);
  const subject = (await io.computeSubjects(plane, [control])).get(control.id);
  if (subject === undefined) throw new InternalError(`no subject binding for ${control.id}`);
  const previous = latestBaselines(await io.readEntries(plane)).get(control.id);
  const outcome = await executeControl(control, settings);
  const body: RunBody = {
    control: control.id,
    stage: 'self',
    status: outcome.status,
    ...outcome.details,
  };
  const signed = signGrants(body.grants, {
    grantee: options.actor.authority,
    control: control.id,
    tree: subject.tree,
  });
  if (signed !== undefined) body.grants = signed;
  const time = ctx.clock.now().toISOString();
  const run = await io.append(plane, {
    kind: 'run',
    time,
    actor: options.actor,
    subject,
    body: toJsonObject(body),
    ...(outcome.objects.length > 0 ? { objects: outcome.objects } : {}),
  });
  const ratchet = outcome.details.ratchet;
  const base = { control: control.id, run: run.hash, growth: [] as string[] };
  if (
    outcome.status === 'BLOCKED' ||
    ratchet?.fingerprints === undefined ||
    ratchet.count === undefined
  ) {
    const why =
      outcome.details.blocker?.detail ??
      (ratchet === undefined ? 'no output' : describeRatchet(ratchet));
    return { ...base, recorded: false, reason: `no baseline recorded: ${why}` };
  }
  const current = await readFingerprints(
    plane,
    io,
    ratchet.fingerprints,
    `run ${run.hash.slice(0, 12)}`,
  );
  const growth =
    previous === undefined
      ? []
      : diffFingerprints(
          current,
          await readFingerprints(plane, io, previous.fingerprints_object, 'the previous baseline'),
        ).new;
  if (growth.length > 0 && !options.allowGrowth) {
    return {
      ...base,
      growth,
      recorded: false,
      reason: `no baseline recorded: ${growth.length} violations are not in the previous baseline (a ratchet only tightens; pass --allow-growth to record them on purpose)`,
    };
  }
  const note: BaselineBody = {
    type: 'baseline',
    control: control.id,
    fingerprints_object: ratchet.fingerprints,
    count: ratchet.count,
    run: run.hash,
  };
  const stored = await io.append(plane, {
    kind: 'note',
    time,
    actor: options.actor,
    subject,
    body: toJsonObject(note),
    objects: [ratchet.fingerprints],
  });
  const grew = growth.length > 0 ? `, including ${growth.length} accepted with --allow-growth` : '';
  return {
    ...base,
    growth,
    recorded: true,
    baseline: stored.hash,
    count: ratchet.count,
    reason: `baseline of ${control.id}: ${ratchet.count} violations${grew}`,
  };
}
