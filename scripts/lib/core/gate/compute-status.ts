// Per control and audit stage: the latest result matching the control's current binding decides
// (references/statuses.md). Pure: entries, bindings and the clock come in as values.
import type { FailureOutput } from './read-output.ts';
import type { RiskClass } from '../scan/risk-class.ts';
import type { Actor, AuditStage, StoredEntry, SubjectBinding } from '../ledger/types.ts';
import { AUDIT_STAGES } from '../ledger/types.ts';
import type { Control, Manifest, Maturity } from '../plane/types.ts';
import { InternalError } from '../errors.ts';
import type { Blocker } from './bodies.ts';
import { describeResult, describeStale } from './describe-result.ts';
import { indexResults, latestOf, matchesBinding, type ResultRecord } from './index-results.ts';
import { LedgerOrder } from '../ledger/ledger-order.ts';
import { measureAttestation, type AttestationHistory } from './attestation-age.ts';
import { describeConflict, type ConflictingResult } from './describe-conflict.ts';
import {
  ADOPT_COMMAND,
  formatAttestCommand,
  formatAuditCommand,
  formatEvaluateCommand,
  type AuthorityRef,
} from './next-command.ts';
import { isAttestOnly, isValidlyNotApplicable } from './select-controls.ts';
import { executionRisks, requiredAuthorizations } from './check-authorization.ts';
import { StrengthJudge, needsSignedStages, type Strength } from './stage-strength.ts';

export const CONTROL_STATUSES = [
  'PASS',
  'FAIL',
  'BLOCKED',
  'TODO',
  'DISPUTED',
  'STALE',
  'NOT_APPLICABLE',
  'FLAKY',
  'CONFLICT',
] as const;
export type ControlStatusValue = (typeof CONTROL_STATUSES)[number];

interface StageStatus {
  stage: AuditStage;
  status: ControlStatusValue;
  reason: string;
  /** Hash of the deciding entry (for STALE: the latest result on other code). */
  entry?: string;
  /** Time of that entry. */
  since?: string;
  actor?: Actor;
  /** PASS and FAIL both recorded for the current binding. */
  flaky: boolean;
  blocker?: Blocker;
  /** The exact command that moves this stage forward, when one exists. */
  next?: string;
  /** How the deciding result shows who acted: a verified key or only a label. */
  strength?: Strength;
  /** CONFLICT: the last results on this binding, unordered (no writer saw the others), that disagree. */
  conflict?: ConflictingResult[];
}

export interface ControlStatus {
  control: string;
  title: string;
  owner: string;
  execution: Control['execution']['type'];
  /** DISPUTED when any stage is disputed on the current binding, else the self stage's status. */
  status: ControlStatusValue;
  reason: string;
  flaky: boolean;
  stages: Record<AuditStage, StageStatus>;
  /** Risk classes of the control's command (e.g. `inline` for `sh -c`, `node -e`); absent when none. */
  risks?: RiskClass[];
  /** FAIL on a run: the end of its stored output (filled by the flows that read objects). */
  output?: FailureOutput;
  /** A decision a person recorded with adopt: a manual command or not applicable, by whom, when. */
  decision?: string;
}

/** Who gave a control its manual command or declared it not applicable, and when. */
function describeDecision(control: Control): string | undefined {
  const at = control.recorded === undefined ? '' : ` on ${control.recorded.at}`;
  if (!control.applies.value && control.recorded !== undefined)
    return `recorded by ${control.recorded.by}${at}`;
  if (control.source?.startsWith('manual:') === true)
    return `manual command given by ${control.recorded?.by ?? control.source.slice('manual:'.length)}${at}`;
  return undefined;
}

export interface StatusInput {
  /** The controls to report (already selected for the target maturity). */
  controls: readonly Control[];
  /** Current subject binding per control id (from computeSubjects). */
  subjects: ReadonlyMap<string, SubjectBinding>;
  entries: readonly StoredEntry[];
  now: Date;
  /** Registered keys (for the strength of each stage); without it every stage is a label. */
  manifest?: Manifest;
  /** From engineering_ready up, stages other than self count only when signed. */
  maturity?: Maturity;
  /** Registered authorities: the next commands name one that may act in the stage. */
  authorities?: readonly AuthorityRef[];
  /** Commit times behind attestation ages; without it only the clocks count. */
  history?: AttestationHistory;
  /** The ledger order of `entries`, when the caller has built it already. */
  order?: LedgerOrder;
}

export function computeStatuses(input: StatusInput): ControlStatus[] {
  const order = input.order ?? new LedgerOrder(input.entries);
  const index = indexResults(input.entries, order);
  const judge = new StrengthJudge(input.manifest, input.entries);
  return input.controls.map((control) => {
    const byStage = index.get(control.id) ?? new Map<AuditStage, ResultRecord[]>();
    const stages = {} as Record<AuditStage, StageStatus>;
    let pending: StageStatus | undefined;
    for (const stage of AUDIT_STAGES) {
      const decided = judgeStage(control, stage, byStage.get(stage) ?? [], input, judge, order);
      // An audit reviews the stage before it: until that one passes, its command comes first.
      if (pending?.next !== undefined && decided.status !== 'PASS') decided.next = pending.next;
      if (pending === undefined && decided.status !== 'PASS') pending = decided;
      stages[stage] = decided;
    }
    const disputed = AUDIT_STAGES.map((s) => stages[s]).find((s) => s.status === 'DISPUTED');
    const headline = disputed ?? stages.self;
    const risks = executionRisks(control.execution);
    const decision = describeDecision(control);
    return {
      control: control.id,
      title: control.title,
      owner: control.owner,
      execution: control.execution.type,
      status: headline.status,
      reason: headline.reason,
      flaky: AUDIT_STAGES.some((s) => stages[s].flaky),
      stages,
      ...(risks.length === 0 ? {} : { risks }),
      ...(decision === undefined ? {} : { decision }),
    };
  });
}

/** decideStage over the results that count, with the strength of the deciding one. */
function judgeStage(
  control: Control,
  stage: AuditStage,
  records: readonly ResultRecord[],
  input: StatusInput,
  judge: StrengthJudge,
  order: LedgerOrder,
): StageStatus {
  const strict =
    stage !== 'self' && input.maturity !== undefined && needsSignedStages(input.maturity);
  // A dispute only ever refuses, so it counts from anyone; agreement needs the signature.
  const counted = strict
    ? records.filter((r) => judge.of(r) === 'signed' || r.audit?.agreement === 'disputed')
    : records;
  const decided = decideStage(control, stage, counted, input, order);
  const deciding = counted.find((r) => r.hash === decided.entry);
  if (deciding !== undefined) decided.strength = judge.of(deciding);
  const current = input.subjects.get(control.id);
  const refused = records.filter(
    (r) => !counted.includes(r) && current !== undefined && matchesBinding(r, current),
  );
  if (refused.length > 0 && decided.entry === undefined && input.maturity !== undefined) {
    decided.reason = StrengthJudge.refusal(stage, input.maturity, refused);
    // Recording the same unsigned result again cannot help: the key comes first.
    const unsigned = refused.map((r) => r.actor.authority).find((a) => !judge.hasKey(a));
    if (unsigned !== undefined) decided.next = `proofgate keys generate --authority-id ${unsigned}`;
  }
  return decided;
}

function decideStage(
  control: Control,
  stage: AuditStage,
  records: readonly ResultRecord[],
  input: StatusInput,
  order: LedgerOrder,
): StageStatus {
  if (!control.applies.value) {
    return isValidlyNotApplicable(control)
      ? {
          stage,
          status: 'NOT_APPLICABLE',
          reason: `not applicable (${control.applies.owner}): ${control.applies.rationale}`,
          flaky: false,
        }
      : {
          stage,
          status: 'FAIL',
          reason: 'marked not applicable without an owner and a rationale',
          flaky: false,
        };
  }
  if (control.execution.type === 'slot') {
    return {
      stage,
      status: 'TODO',
      reason: `no real command adopted (${control.execution.hint})`,
      flaky: false,
      next: ADOPT_COMMAND,
    };
  }
  const current = input.subjects.get(control.id);
  if (current === undefined)
    throw new InternalError(`no subject binding was computed for control ${control.id}`);
  const matching = records.filter((r) => matchesBinding(r, current));
  const flaky =
    matching.some((r) => r.status === 'PASS') && matching.some((r) => r.status === 'FAIL');
  const disputed = matching.find((r) => r.audit?.agreement === 'disputed');
  if (disputed !== undefined) {
    const why = disputed.audit?.differences.join('; ') ?? '';
    return fromRecord(
      disputed,
      'DISPUTED',
      `${stage} audit disputes the reviewed result: ${why}`,
      flaky,
    );
  }
  const picked = latestOf(matching, order);
  if (picked !== undefined && picked.rivals.length > 0) {
    const { reason, conflict } = describeConflict(picked.latest, picked.rivals);
    return {
      ...fromRecord(picked.latest, 'CONFLICT', reason, flaky),
      conflict,
      next: nextFor(control, stage, input.authorities),
    };
  }
  const latest = picked?.latest;
  if (latest !== undefined) {
    const decided = decideLatest(control, latest, flaky, input);
    if (decided.status !== 'PASS' && decided.next === undefined)
      decided.next = nextFor(control, stage, input.authorities);
    return decided;
  }
  const last = records.at(-1);
  if (last !== undefined) {
    return {
      ...fromRecord(last, 'STALE', describeStale(last, current), false),
      next: nextFor(control, stage, input.authorities),
    };
  }
  const none = stage === 'self' ? 'no result yet' : `no ${stage} audit yet`;
  return {
    stage,
    status: 'TODO',
    reason: none,
    flaky: false,
    next: nextFor(control, stage, input.authorities),
  };
}

function decideLatest(
  control: Control,
  latest: ResultRecord,
  flaky: boolean,
  input: StatusInput,
): StageStatus {
  const authorities = input.authorities ?? [];
  if (latest.attest !== undefined) {
    const maxAge =
      control.execution.type === 'manual' ? control.execution.attestation_max_age_days : undefined;
    const age = measureAttestation(
      { hash: latest.hash, time: latest.time, expires: latest.attest.expires },
      maxAge,
      input.now,
      input.history,
    );
    if (age.expires !== undefined && age.expires.getTime() <= age.now.getTime()) {
      const counted =
        maxAge === undefined ? '' : ` (at most ${maxAge} days from ${age.since.toISOString()})`;
      const stale = fromRecord(
        latest,
        'STALE',
        `attestation by ${latest.actor.authority} expired at ${age.expires.toISOString()}${counted}`,
        flaky,
      );
      return { ...stale, next: formatAttestCommand(latest.control, authorities) };
    }
  }
  // PASS and FAIL on the same binding: the result is not reproducible, so it is FLAKY and never
  // counts as PASS (a claim needs PASS); a new run on changed code decides again.
  const isFlaky = flaky && latest.status !== 'BLOCKED';
  const reason =
    describeResult(latest) +
    (isFlaky ? ' (FLAKY: PASS and FAIL on this code; neither counts until the code changes)' : '');
  const status = fromRecord(latest, isFlaky ? 'FLAKY' : latest.status, reason, flaky);
  if (latest.run?.blocker !== undefined) {
    status.blocker = latest.run.blocker;
    status.next = latest.run.blocker.rerun;
  }
  return status;
}

function fromRecord(
  record: ResultRecord,
  status: ControlStatusValue,
  reason: string,
  flaky: boolean,
): StageStatus {
  return {
    stage: record.stage,
    status,
    reason,
    entry: record.hash,
    since: record.time,
    actor: record.actor,
    flaky,
  };
}

function nextFor(
  control: Control,
  stage: AuditStage,
  authorities: readonly AuthorityRef[] = [],
): string {
  if (stage !== 'self') return formatAuditCommand(control.id, stage, undefined, authorities);
  if (isAttestOnly(control.execution)) return formatAttestCommand(control.id, authorities);
  return formatEvaluateCommand({
    control: control.id,
    authorize: requiredAuthorizations(control.execution),
  });
}
