// Short, human status reasons ("exit 1 in 2.3 s, see evidence 3f9a1c2b7d10").
import { policyChanged } from '../entries/index-results.ts';
import type { SubjectBinding } from '../../ledger/types.ts';
import type { ResultRecord } from '../entries/index-results.ts';
import { describeRatchet } from '../entries/ratchet-details.ts';

function shortHash(hex: string): string {
  return hex.slice(0, 12);
}

/** Whole milliseconds as seconds with one decimal, using integers only. */
export function formatDuration(ms: number): string {
  const tenths = Math.floor(ms / 100);
  return `${Math.floor(tenths / 10)}.${tenths % 10} s`;
}

export function describeResult(record: ResultRecord): string {
  if (record.attest !== undefined) {
    const until = record.attest.expires === undefined ? '' : ` until ${record.attest.expires}`;
    return `attested ${record.status} by ${record.actor.authority}${until}: ${record.attest.note}`;
  }
  const prefix =
    record.audit === undefined
      ? ''
      : `${record.audit.stage} audit by ${record.actor.authority} (${record.audit.agreement}): `;
  return prefix + describeRun(record);
}

/** sha256 of zero bytes: the review copy of a command that printed nothing. */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

function describeRun(record: ResultRecord): string {
  const run = record.run;
  if (run === undefined)
    return `${record.status} on review of ${shortHash(record.audit?.reviewed ?? '')}`;
  if (run.blocker !== undefined) {
    return `blocked (${run.blocker.kind}): ${run.blocker.detail}; rerun: ${run.blocker.rerun}`;
  }
  const evidence =
    run.review === undefined
      ? ''
      : run.review === EMPTY_SHA256
        ? `, empty output (evidence ${shortHash(run.review)} is 0 bytes)`
        : `, see evidence ${shortHash(run.review)}`;
  if (run.ratchet !== undefined) return describeRatchet(run.ratchet) + evidence;
  if (run.timed_out) return `timed out after ${formatDuration(run.duration_ms)}${evidence}`;
  if (run.exit_code !== undefined) {
    return `exit ${run.exit_code} in ${formatDuration(run.duration_ms)}${evidence}`;
  }
  return `${run.detail ?? record.status}${evidence}`;
}

/** Why results exist only for other code: which part of the binding moved. */
export function describeStale(last: ResultRecord, current: SubjectBinding): string {
  const what = `last ${last.status}`;
  if (last.subject.control !== current.control) {
    return `no result for the current control definition (${what} on an earlier definition)`;
  }
  // An attestation is matched on its definition and inputs only (index-results.ts).
  if (current.inputs !== undefined && last.kind === 'attest') {
    return `no result for the current inputs: the attestation by ${last.actor.authority} judged inputs ${shortHash(last.subject.inputs ?? '?')}… and a file among the control's inputs changed since; it needs a new attestation whatever its age`;
  }
  if (last.kind === 'attest') {
    return `no attestation for the current code: the attestation by ${last.actor.authority} judged tree ${shortHash(last.subject.tree)}… and the code changed since; it binds what it judged (not the next task), so it needs a new attestation whatever its age`;
  }
  if (policyChanged(last, current)) {
    return `no result under the current manifest scope or evidence policy (${what} before it changed)`;
  }
  if (current.inputs !== undefined) {
    return `no result for the current inputs (${what} on inputs ${shortHash(last.subject.inputs ?? '?')}…)`;
  }
  return `no result for the current code (${what} on tree ${shortHash(last.subject.tree)}…)`;
}
