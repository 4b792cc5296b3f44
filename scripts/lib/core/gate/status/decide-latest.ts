// The status of a stage whose latest matching result is known: an expired attestation is STALE
// (its age measured against the verifier's clock and the commit history), PASS and FAIL on one
// binding are FLAKY until enough passes after the last FAIL clear them, a blocked run carries its
// blocker and re-run command. Pure.
import type { Control } from '../../plane/types.ts';
import { measureAttestation, type AttestationHistory } from './attestation-age.ts';
import type { ControlStatusValue, StageStatus } from './stage-status.ts';
import { describeResult } from './describe-result.ts';
import type { ResultRecord } from '../entries/index-results.ts';
import {
  formatAttestCommand,
  formatEvaluateCommand,
  type AuthorityRef,
} from '../../next/next-command.ts';
import { describeFlaky, isCleared, type FlakyState } from './flaky.ts';
import { requiredAuthorizations } from '../authority/check-authorization.ts';

/** What judging the latest result needs besides the result: the verifier's clock and history. */
interface LatestContext {
  now: Date;
  /** Commit times behind attestation ages; without it only the clocks count. */
  history?: AttestationHistory;
  /** Registered authorities: the next command names one that may act. */
  authorities?: readonly AuthorityRef[];
}

export function decideLatest(
  control: Control,
  latest: ResultRecord,
  flakiness: FlakyState,
  input: LatestContext,
): StageStatus {
  const { flaky } = flakiness;
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
  // PASS and FAIL on the same binding: the result is not reproducible, so it is FLAKY and does not
  // count as PASS (a claim needs PASS) until `passesToClear` passes recorded after the last FAIL on
  // this code clear it; new code decides again.
  const isFlaky = flaky && latest.status !== 'BLOCKED';
  const cleared = isFlaky && latest.status === 'PASS' && isCleared(flakiness);
  const reason = describeResult(latest) + (isFlaky ? describeFlaky(flakiness) : '');
  const status = fromRecord(
    latest,
    cleared ? 'PASS' : isFlaky ? 'FLAKY' : latest.status,
    reason,
    flaky,
  );
  if (isFlaky && !cleared && latest.stage === 'self' && latest.kind === 'run') {
    status.next = formatEvaluateCommand({
      control: control.id,
      authorize: requiredAuthorizations(control.execution),
      repeat: flakiness.passesToClear - flakiness.passesSinceFail,
    });
  }
  if (latest.run?.blocker !== undefined) {
    status.blocker = latest.run.blocker;
    status.next = latest.run.blocker.rerun;
  }
  return status;
}

export function fromRecord(
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
