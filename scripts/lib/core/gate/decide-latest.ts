// The status of a stage whose latest matching result is known: an expired attestation is STALE
// (its age measured against the verifier's clock and the commit history), PASS and FAIL on one
// binding are FLAKY, a blocked run carries its blocker and re-run command. Pure.
import type { Control } from '../plane/types.ts';
import { measureAttestation, type AttestationHistory } from './attestation-age.ts';
import type { ControlStatusValue, StageStatus } from './stage-status.ts';
import { describeResult } from './describe-result.ts';
import type { ResultRecord } from './index-results.ts';
import { formatAttestCommand, type AuthorityRef } from './next-command.ts';

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
  flaky: boolean,
  input: LatestContext,
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
