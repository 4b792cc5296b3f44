// Per control and audit stage: the latest result matching the control's current binding decides
// (references/statuses.md). Pure: entries, bindings and the clock come in as values.
import type { FailureOutput } from '../output/failure-lines.ts';
import type { RiskClass } from '../../scan/risk-class.ts';
import type { AuditStage, StoredEntry, SubjectBinding } from '../../ledger/types.ts';
import { AUDIT_STAGES } from '../../ledger/types.ts';
import type { Control, Manifest, Maturity } from '../../plane/types.ts';
import { InternalError } from '../../errors.ts';
import { describeStale } from './describe-result.ts';
import {
  indexResults,
  latestOf,
  matchesBinding,
  type ResultRecord,
} from '../entries/index-results.ts';
import { LedgerOrder } from '../../ledger/ledger-order.ts';
import type { AttestationHistory } from './attestation-age.ts';
import { decideLatest, fromRecord } from './decide-latest.ts';
import type { ControlStatusValue, StageStatus } from './stage-status.ts';
import { describeDecision } from './describe-decision.ts';
import { describeConflict } from './describe-conflict.ts';
import { judgeFlaky, passesToClear } from './flaky.ts';
import {
  ADOPT_COMMAND,
  formatAttestCommand,
  formatAuditCommand,
  formatEvaluateCommand,
  type AuthorityRef,
} from '../../next/next-command.ts';
import { isAttestOnly, isValidlyNotApplicable } from '../select/select-controls.ts';
import { executionRisks, requiredAuthorizations } from '../authority/check-authorization.ts';
import { StrengthJudge, needsSignedStages } from '../authority/stage-strength.ts';
import { nextCommand } from '../../next/next-table.ts';

export { CONTROL_STATUSES, type ControlStatusValue } from './stage-status.ts';

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
  const index = indexResults(input.entries, order, new Set(input.controls.map((c) => c.id)));
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
    ? records.filter((r) => judge.countsStrictly(r) || r.audit?.agreement === 'disputed')
    : records;
  const decided = decideStage(control, stage, counted, input, order);
  const deciding = counted.find((r) => r.hash === decided.entry);
  if (deciding !== undefined) {
    decided.strength = judge.of(deciding);
    const signing = judge.signing(deciding);
    if (signing !== undefined) decided.signing = signing;
  }
  const current = input.subjects.get(control.id);
  // Without the strict rule every result counts and none is refused; with it, a set keeps the
  // lookup linear over a control with thousands of results.
  const isCounted = counted === records ? undefined : new Set(counted);
  const refused =
    isCounted === undefined
      ? []
      : records.filter(
          (r) => !isCounted.has(r) && current !== undefined && matchesBinding(r, current),
        );
  // Results on the current code that do not count explain the stage when none that counts is
  // current: no counted result at all (TODO), or only one for older code (STALE).
  const uncounted = decided.entry === undefined || decided.status === 'STALE';
  if (refused.length > 0 && uncounted && input.maturity !== undefined) {
    const refusal = judge.refusal(stage, input.maturity, refused);
    decided.reason =
      decided.entry === undefined ? refusal : `${refusal}; the last that counts: ${decided.reason}`;
    // Recording the same unsigned result again cannot help: the key comes first.
    const unsigned = refused.map((r) => r.actor.authority).find((a) => !judge.hasKey(a));
    if (unsigned !== undefined) decided.next = nextCommand('keysGenerate', { id: unsigned });
    // Auditing again from the same clone cannot help either: the place comes first.
    const clone = sameCloneOf(refused, judge);
    if (unsigned === undefined && clone !== undefined && decided.next !== undefined)
      decided.next = `from a clone other than ${clone} (or in CI with --sign sigstore): ${decided.next}`;
  }
  return decided;
}

/** The clone id every refused result shares with the run it reviews, when all were refused so. */
function sameCloneOf(refused: readonly ResultRecord[], judge: StrengthJudge): string | undefined {
  const clones = refused.map((r) => judge.signing(r)?.clone);
  const first = clones[0];
  return first !== undefined && clones.every((c) => c === first) ? first : undefined;
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
  const flakiness = judgeFlaky(matching, passesToClear(input.manifest));
  const { flaky } = flakiness;
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
      next: nextFor(control, stage, input),
    };
  }
  const latest = picked?.latest;
  if (latest !== undefined) {
    const decided = decideLatest(control, latest, flakiness, input);
    if (decided.status !== 'PASS' && decided.next === undefined)
      decided.next = nextFor(control, stage, input);
    return decided;
  }
  const last = records.at(-1);
  if (last !== undefined) {
    return {
      ...fromRecord(last, 'STALE', describeStale(last, current), false),
      next: nextFor(control, stage, input),
    };
  }
  const none = stage === 'self' ? 'no result yet' : `no ${stage} audit yet`;
  return {
    stage,
    status: 'TODO',
    reason: none,
    flaky: false,
    next: nextFor(control, stage, input),
  };
}

function nextFor(control: Control, stage: AuditStage, input: StatusInput): string {
  const authorities = input.authorities ?? [];
  if (stage !== 'self') {
    const signed = input.maturity !== undefined && needsSignedStages(input.maturity);
    return formatAuditCommand(control.id, stage, undefined, authorities, signed);
  }
  if (isAttestOnly(control.execution)) return formatAttestCommand(control.id, authorities);
  return formatEvaluateCommand({
    control: control.id,
    authorize: requiredAuthorizations(control.execution),
  });
}
