// audit: an independent authority re-reads the reviewed evidence, re-executes the control and
// records agreement or dispute. Independence problems are usage errors (exit 2) found before
// anything runs; a tampered or missing evidence object is an integrity error (exit 3).
import type { World } from '../../core/world/world.ts';
import type { Grantor } from '../../core/gate/authority/grant-authority.ts';
import type { Context } from '../../core/context.ts';
import { IntegrityError, UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import type { Actor, StoredEntry } from '../../core/ledger/types.ts';
import { comparePlaces, describePlace } from '../../core/gate/authority/stage-origin.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import type {
  Agreement,
  AuditBody,
  ResultStatus,
  ReviewStage,
} from '../../core/gate/entries/bodies.ts';
import { checkIndependence } from '../../core/gate/authority/check-independence.ts';
import { compareResults } from '../../core/gate/run/compare-results.ts';
import { isAttestOnly } from '../../core/gate/select/select-controls.ts';
import { executeControl, prepareExecution } from '../run/execute-control.ts';
import { prepareGrantSigning } from './grant-signing.ts';
import { pickReviewed, type Reviewable } from '../../core/gate/run/pick-reviewed.ts';
import { createSerialQueue, runPool } from '../run/run-pool.ts';
import { assertJobs, controlsFor } from '../../core/gate/select/select-for-flow.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { ExecuteSettings } from '../run/execute-outcome.ts';
import {
  createProgress,
  SILENT_PROGRESS,
  type ProgressReporter,
  type ProgressSink,
} from '../run/progress.ts';

export interface AuditFlowOptions {
  root: string;
  stage: ReviewStage;
  /** `latest`, or a hash (prefix of at least 8 hex digits) of the entry under review. */
  review: string;
  /** Restrict `latest` to these controls; empty means every control required at the target. */
  controls: readonly string[];
  actor: Actor;
  authorize: readonly AuthorizationKind[];
  /** Who grants `authorize`; default: the acting authority (refused unless it may grant). */
  grantor?: Grantor;
  jobs: number;
  /**
   * `--no-record`: re-run and compare, append nothing (the pull-request check of the shipped
   * workflow). Nothing is signed, so an authority with keys or identities may check unsigned.
   */
  noRecord?: boolean;
  /** Where progress lines of the re-runs go (stderr); absent: no progress. */
  progress?: ProgressSink;
}

interface AuditControlResult {
  control: string;
  reviewed: string;
  reviewedStatus: ResultStatus;
  status: ResultStatus;
  agreement: Agreement;
  differences: string[];
  /** The audit entry's hash; empty with `--no-record` (nothing appended). */
  entry: string;
  /** A re-run that did not pass: environment variable names withheld from it (never values). */
  withheld_env?: string[];
  /** How many other variables it did not get, named neither by its argv nor by its output. */
  withheld_others?: number;
  /** Key-signed from the clone of the run it reviews: the finding (it will not count from engineering_ready up). */
  same_clone?: string;
}

export interface AuditFlowResult {
  /** Every audit agrees and every re-execution is PASS. */
  ok: boolean;
  stage: ReviewStage;
  /** `--no-record`: nothing was appended; the result is a check, never evidence. */
  recorded?: false;
  results: AuditControlResult[];
}

export async function auditFlow(
  options: AuditFlowOptions,
  ctx: Context,
  io: World,
): Promise<AuditFlowResult> {
  assertJobs(options.jobs);
  const plane = await io.loadPlane(options.root);
  const candidates = controlsFor(plane, options.controls).filter(
    (c) => c.applies.value && c.execution.type !== 'slot',
  );
  const [subjects, entries] = await Promise.all([
    io.computeSubjects(plane, candidates),
    io.readEntries(plane),
  ]);
  const reviewed = pickReviewed(
    options.review,
    options.stage,
    candidates,
    subjects,
    entries,
    options.controls.length > 0,
  );
  const recording = options.noRecord !== true;
  const problems = reviewed.flatMap((r) =>
    checkIndependence(r.record.actor, options.actor, plane.manifest, options.stage, recording).map(
      (p) => `${r.control.id}: ${p}`,
    ),
  );
  if (problems.length > 0) {
    throw new UsageError(
      'BAD_VALUE',
      `the ${options.stage} audit is not independent of what it reviews`,
      {
        problems: [...new Set(problems)],
        next: 'audit as a different registered authority, in a different execution context, with a different key',
      },
    );
  }
  const settings = prepareExecution(plane, io, ctx.env, options);
  for (const r of reviewed) await assertEvidenceIntact(r, plane, io);
  const signGrants = recording
    ? prepareGrantSigning(plane, settings.grants ?? [], ctx.env, io)
    : undefined;
  const serial = createSerialQueue();
  const rerun = reviewed.filter((r) => !isAttestOnly(r.control.execution)).length;
  const progress =
    options.progress === undefined
      ? SILENT_PROGRESS
      : createProgress({ ...options.progress, total: rerun, verb: 'audit' });
  const results = await runPool(
    reviewed,
    options.jobs,
    async (item) => {
      const { body, objects, withheldEnv, withheldOthers } = await auditOne(
        item,
        options.stage,
        settings,
        progress,
      );
      if (signGrants === undefined)
        return { ...summary(body), entry: '', ...withheld(withheldEnv, withheldOthers) };
      const signed = signGrants(body.run?.grants, {
        grantee: options.actor.authority,
        control: body.control,
        tree: item.subject.tree,
      });
      if (signed !== undefined && body.run !== undefined)
        body.run = { ...body.run, grants: signed };
      const stored = await serial(() =>
        io.append(plane, {
          kind: 'audit',
          time: ctx.clock.now().toISOString(),
          actor: options.actor,
          subject: item.subject,
          body: toJsonObject(body),
          ...(objects.length > 0 ? { objects } : {}),
        }),
      );
      const sameClone = sameCloneFinding(stored, entries, item.record.hash);
      return {
        ...summary(body),
        entry: stored.hash,
        ...withheld(withheldEnv, withheldOthers),
        ...(sameClone === undefined ? {} : { same_clone: sameClone }),
      };
    },
    (item) => item.control.exclusive === true,
  );
  const ok = results.every((r) => r.agreement === 'agree' && r.status === 'PASS');
  return { ok, stage: options.stage, ...(recording ? {} : { recorded: false as const }), results };
}

function summary(body: AuditBody): Omit<AuditControlResult, 'entry'> {
  const { control, reviewed, reviewed_status, status, agreement, differences } = body;
  return { control, reviewed, reviewedStatus: reviewed_status, status, agreement, differences };
}

function withheld(
  env: string[] | undefined,
  others: number | undefined,
): Pick<AuditControlResult, 'withheld_env' | 'withheld_others'> {
  return {
    ...(env === undefined ? {} : { withheld_env: env }),
    ...(others === undefined ? {} : { withheld_others: others }),
  };
}

/** The same-clone finding of a key-signed audit (keyless and unsigned ones are judged apart). */
function sameCloneFinding(
  audit: StoredEntry,
  entries: readonly StoredEntry[],
  reviewed: string,
): string | undefined {
  if (!audit.entry.sigs?.some((sig) => sig.sig !== undefined)) return undefined;
  const run = entries.find((e) => e.hash === reviewed);
  if (run === undefined) return undefined;
  const match = comparePlaces(audit.entry, run.entry);
  return match.kind === 'clone' ? describePlace(match, audit.entry, run.entry) : undefined;
}

async function auditOne(
  item: Reviewable,
  stage: ReviewStage,
  settings: ExecuteSettings,
  progress: ProgressReporter,
): Promise<{
  body: AuditBody;
  objects: string[];
  withheldEnv?: string[];
  withheldOthers?: number;
}> {
  const { control, record } = item;
  const base = {
    control: control.id,
    stage,
    reviewed: record.hash,
    reviewed_status: record.status,
  };
  if (isAttestOnly(control.execution)) {
    // An attestation cannot be re-executed; the auditor confirms it against its intact evidence.
    return {
      body: { ...base, status: record.status, agreement: 'agree', differences: [] },
      objects: [],
    };
  }
  progress.started(control.id);
  const outcome = await executeControl(control, settings);
  progress.finished(control.id, outcome.status);
  const verdict = compareResults(
    { status: record.status, ...(record.run ? { run: record.run } : {}) },
    { status: outcome.status, run: outcome.details },
  );
  return {
    body: { ...base, status: outcome.status, ...verdict, run: outcome.details },
    objects: outcome.objects,
    ...(outcome.withheldEnv === undefined ? {} : { withheldEnv: outcome.withheldEnv }),
    ...(outcome.withheldOthers === undefined ? {} : { withheldOthers: outcome.withheldOthers }),
  };
}

async function assertEvidenceIntact(item: Reviewable, plane: Plane, io: World): Promise<void> {
  const digests = [item.record.run?.review, item.record.attest?.evidence].filter(
    (d): d is string => d !== undefined,
  );
  for (const digest of digests) {
    const bytes = await io.objects(plane).get(digest);
    const where = `entry ${item.record.hash.slice(0, 12)} (${item.control.id})`;
    if (bytes === undefined) {
      throw new IntegrityError(
        'OBJECT_MISSING',
        `evidence object ${digest.slice(0, 12)} of ${where} is missing`,
        { where, next: 'run "proofgate verify --full"' },
      );
    }
    if (sha256Hex(bytes) !== digest) {
      throw new IntegrityError(
        'HASH_MISMATCH',
        `evidence object ${digest.slice(0, 12)} of ${where} does not match its digest`,
        { where, next: 'run "proofgate verify --full"' },
      );
    }
  }
}
