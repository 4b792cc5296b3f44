// What evaluate says of a control it does not run: skipped (not applicable, an empty slot, an
// attest-only control) or, in a dry run, what it would do.
import type { FailureOutput } from '../../core/gate/output/failure-lines.ts';
import type { AuthorityRef } from '../../core/next/next-command.ts';
import type { AuthorizationKind, Control } from '../../core/plane/types.ts';
import type { ResultStatus } from '../../core/gate/entries/bodies.ts';
import { splitAuthorizations } from '../../core/gate/authority/check-authorization.ts';
import { ADOPT_COMMAND, formatAttestCommand } from '../../core/next/next-command.ts';
import { isAttestOnly, isValidlyNotApplicable } from '../../core/gate/select/select-controls.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import { DEFAULT_TIMEOUT_SECONDS } from './execute-control.ts';

type EvaluateStatus = ResultStatus | 'TODO' | 'NOT_APPLICABLE' | 'PLANNED' | 'FLAKY';

export interface ControlRunResult {
  control: string;
  status: EvaluateStatus;
  reason: string;
  /** Hash of the run entry recorded for this control. */
  entry?: string;
  next?: string;
  /** FAIL: the end of the stored output. */
  output?: FailureOutput;
  /**
   * A command that did not PASS: names of the variables it did not get that its argv or output
   * names (names only).
   */
  withheld_env?: string[];
  /** How many other variables it did not get, named neither by its argv nor by its output. */
  withheld_others?: number;
}

export function describeSkipped(
  control: Control,
  authorities: readonly AuthorityRef[],
  attested: ControlStatus | undefined,
): ControlRunResult | undefined {
  if (!control.applies.value) {
    return isValidlyNotApplicable(control)
      ? {
          control: control.id,
          status: 'NOT_APPLICABLE',
          reason: `not applicable (${control.applies.owner}): ${control.applies.rationale}`,
        }
      : {
          control: control.id,
          status: 'FAIL',
          reason: 'marked not applicable without an owner and a rationale',
        };
  }
  if (control.execution.type === 'slot') {
    return {
      control: control.id,
      status: 'TODO',
      reason: `no real command adopted (${control.execution.hint})`,
      next: ADOPT_COMMAND,
    };
  }
  if (
    isAttestOnly(control.execution) &&
    attested !== undefined &&
    attested.stages.self.status !== 'TODO'
  ) {
    const self = attested.stages.self;
    const status = self.status === 'PASS' || self.status === 'FAIL' ? self.status : 'TODO';
    return {
      control: control.id,
      status,
      reason: self.reason,
      ...(self.entry === undefined ? {} : { entry: self.entry }),
      ...(self.next === undefined ? {} : { next: self.next }),
    };
  }
  if (isAttestOnly(control.execution)) {
    return {
      control: control.id,
      status: 'TODO',
      reason: `${control.execution.type} control: needs an attestation`,
      next: formatAttestCommand(control.id, authorities),
    };
  }
  return undefined;
}

export function describePlan(
  control: Control,
  authorize: readonly AuthorizationKind[],
): ControlRunResult {
  const { missing } = splitAuthorizations(control.execution, authorize);
  if (missing.length > 0) {
    return {
      control: control.id,
      status: 'PLANNED',
      reason: `would be BLOCKED (authorization): needs --authorize ${missing.join(', ')}`,
    };
  }
  const e = control.execution;
  if (e.type === 'file')
    return {
      control: control.id,
      status: 'PLANNED',
      reason: `would check ${e.path} ${e.condition}`,
    };
  if (e.type === 'trace')
    return {
      control: control.id,
      status: 'PLANNED',
      reason: `would check traces ${e.traces.join(' ')} against ${e.pack}`,
    };
  const argv = 'argv' in e && e.argv !== undefined ? e.argv : [];
  const set = e.type === 'command' ? Object.keys(e.env_values ?? {}) : [];
  const where =
    e.type === 'command'
      ? ` in ${e.cwd ?? '.'}, timeout ${e.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS} s${set.length === 0 ? '' : `, setting ${set.join(', ')}`}`
      : '';
  return {
    control: control.id,
    status: 'PLANNED',
    reason: `would run ${JSON.stringify(argv)}${where}${control.exclusive === true ? ', alone (exclusive)' : ''}`,
  };
}
