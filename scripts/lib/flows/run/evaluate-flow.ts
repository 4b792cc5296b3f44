// evaluate --run: executes the selected controls (in parallel up to --jobs), records one run entry
// per executable control, serialising only the appends. Subjects are computed before anything runs,
// so a result is bound to the code it judged.
import type { World } from '../../core/world/world.ts';
import { readFailureOutput } from './failure-output.ts';
import type { Context } from '../../core/context.ts';
import { InternalError } from '../../core/errors.ts';
import type { Actor, StoredEntry, SubjectBinding } from '../../core/ledger/types.ts';
import type { AuthorizationKind, Control, Maturity } from '../../core/plane/types.ts';
import type { RunBody } from '../../core/gate/entries/bodies.ts';
import type { Grantor } from '../../core/gate/authority/grant-authority.ts';
import { describeResult } from '../../core/gate/status/describe-result.ts';
import { isAttestOnly } from '../../core/gate/select/select-controls.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { computeStatuses, type ControlStatus } from '../../core/gate/status/compute-status.ts';
import { executeControl, prepareExecution } from './execute-control.ts';
import { describePlan, describeSkipped, type ControlRunResult } from './evaluate-describe.ts';
import { createSerialQueue, runPool } from './run-pool.ts';
import { prepareGrantSigning } from '../audit/grant-signing.ts';
import { createProgress, SILENT_PROGRESS, type ProgressSink } from './progress.ts';
import {
  assertActorMayAct,
  assertJobs,
  controlsFor,
} from '../../core/gate/select/select-for-flow.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import { selectShard, type ShardSpec } from '../../core/gate/run/shard.ts';
import { markFlaky } from './flaky-after-run.ts';
import {
  plantChangedMutants,
  type ChangedMutantsOptions,
  type ChangedMutantsResult,
  type RanControl,
} from './changed-mutants-step.ts';

export interface EvaluateRunOptions {
  root: string;
  /** Explicit control ids; empty means every control required at the target maturity. */
  controls: readonly string[];
  actor: Actor;
  authorize: readonly AuthorizationKind[];
  /** Who grants `authorize`; default: the acting authority (refused unless it may grant). */
  grantor?: Grantor;
  jobs: number;
  dryRun: boolean;
  /** Run only this runner's slice of the selected controls (`--shard i/n`). */
  shard?: ShardSpec;
  /** Where progress lines go (stderr); absent: no progress. */
  progress?: ProgressSink;
  /** Plant mutants in the lines changed since the base for the test controls that passed. */
  changedMutants?: ChangedMutantsOptions;
}

export interface EvaluateRunResult {
  /**
   * Every selected control is PASS or NOT_APPLICABLE, as status would say: a TODO (an empty slot,
   * a manual control without a current attestation) is not OK. Always true for a dry run.
   */
  ok: boolean;
  target: Maturity;
  dryRun: boolean;
  /** The slice this runner took, with the number of controls selected before slicing. */
  shard?: ShardSpec & { of: number };
  results: ControlRunResult[];
  /** The changed-line mutants planted after the runs (absent: no test control passed, or none asked). */
  mutants?: ChangedMutantsResult;
}

export async function evaluateRun(
  options: EvaluateRunOptions,
  ctx: Context,
  io: World,
): Promise<EvaluateRunResult> {
  assertJobs(options.jobs);
  const plane = await io.loadPlane(options.root);
  const target = plane.manifest.profile.target_maturity;
  assertActorMayAct(options.actor, plane.manifest, 'self');
  const settings = prepareExecution(plane, io, ctx.env, options);
  const signGrants = prepareGrantSigning(plane, settings.grants ?? [], ctx.env, io);
  const chosen = controlsFor(plane, options.controls);
  const selected = options.shard === undefined ? chosen : selectShard(chosen, options.shard);
  const runnable = selected.filter(
    (c) => c.applies.value && c.execution.type !== 'slot' && !isAttestOnly(c.execution),
  );
  const subjects = options.dryRun
    ? new Map<string, SubjectBinding>()
    : await io.computeSubjects(plane, runnable);
  const attested = options.dryRun
    ? new Map<string, ControlStatus>()
    : await verifiedAttestations(plane, selected, ctx, io);
  const serial = createSerialQueue();
  const ran: RanControl[] = [];
  const progress =
    options.progress === undefined || options.dryRun
      ? SILENT_PROGRESS
      : createProgress({ ...options.progress, total: runnable.length });
  const done = await runPool(
    selected,
    options.jobs,
    async (control): Promise<ControlRunResult> => {
      const skipped = describeSkipped(
        control,
        plane.manifest.authorities,
        attested.get(control.id),
      );
      if (skipped !== undefined) return skipped;
      if (options.dryRun) return describePlan(control, options.authorize);
      progress.started(control.id);
      const outcome = await executeControl(control, settings);
      progress.finished(control.id, outcome.status);
      ran.push({ control, status: outcome.status, details: outcome.details });
      const body: RunBody = {
        control: control.id,
        stage: 'self',
        status: outcome.status,
        ...outcome.details,
      };
      const subject = subjects.get(control.id);
      if (subject === undefined) throw new InternalError(`no subject binding for ${control.id}`);
      const signed = signGrants(body.grants, {
        grantee: options.actor.authority,
        control: control.id,
        tree: subject.tree,
      });
      if (signed !== undefined) body.grants = signed;
      const stored: StoredEntry = await serial(() =>
        io.append(plane, {
          kind: 'run',
          time: ctx.clock.now().toISOString(),
          actor: options.actor,
          subject,
          body: toJsonObject(body),
          ...(outcome.objects.length > 0 ? { objects: outcome.objects } : {}),
        }),
      );
      const reason = describeResult({
        kind: 'run',
        control: control.id,
        stage: 'self',
        status: outcome.status,
        hash: stored.hash,
        time: stored.entry.time,
        actor: options.actor,
        subject,
        run: outcome.details,
      });
      const next = outcome.details.blocker?.rerun;
      const output =
        outcome.status === 'FAIL'
          ? await readFailureOutput(plane, io, outcome.objects[0], settings.rules)
          : undefined;
      return {
        control: control.id,
        status: outcome.status,
        reason,
        entry: stored.hash,
        ...(next === undefined ? {} : { next }),
        ...(output === undefined ? {} : { output }),
        ...(outcome.withheldEnv === undefined ? {} : { withheld_env: outcome.withheldEnv }),
        ...(outcome.withheldOthers === undefined
          ? {}
          : { withheld_others: outcome.withheldOthers }),
      };
    },
    (control) => control.exclusive === true,
  );
  const results = options.dryRun ? done : await markFlaky(plane, done, subjects, ctx, io);
  const mutants =
    options.changedMutants === undefined || options.dryRun
      ? undefined
      : await plantChangedMutants(
          plane,
          ran,
          subjects,
          { options: options.changedMutants, actor: options.actor, env: ctx.env },
          ctx,
          io,
        );
  const ok =
    options.dryRun || results.every((r) => r.status === 'PASS' || r.status === 'NOT_APPLICABLE');
  const shard =
    options.shard === undefined ? {} : { shard: { ...options.shard, of: chosen.length } };
  return {
    ok,
    target,
    dryRun: options.dryRun,
    ...shard,
    results,
    ...(mutants === undefined ? {} : { mutants }),
  };
}

/**
 * Current statuses of the attest-only controls among `selected`, as status computes them, from a
 * read of the ledger made before anything runs (from the newest trusted checkpoint when the world
 * reads from one): a finding is exit 3 with nothing run and nothing recorded. The entries are not
 * kept past this function, so the flaky marks' read after the runs never holds two copies.
 */
async function verifiedAttestations(
  plane: Plane,
  selected: readonly Control[],
  ctx: Context,
  io: World,
): Promise<Map<string, ControlStatus>> {
  const entries = await io.readEntries(plane);
  const manual = selected.filter((c) => c.applies.value && isAttestOnly(c.execution));
  if (manual.length === 0) return new Map();
  const subjects = await io.computeSubjects(plane, manual);
  const history = await io.readAttestationHistory?.(plane, entries);
  const statuses = computeStatuses({
    controls: manual,
    subjects,
    entries,
    now: ctx.clock.now(),
    ...(history === undefined ? {} : { history }),
    authorities: plane.manifest.authorities,
  });
  return new Map(statuses.map((s) => [s.control, s]));
}
