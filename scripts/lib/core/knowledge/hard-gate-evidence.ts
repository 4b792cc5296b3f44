// A memory fact at a verified maturity must cite evidence that names it: a PASS of a control whose
// declared inputs cover the fact's path (`verified_by_tests`, `enforced_by_ci`); at `hard_gate`, a
// fact that gates work, that PASS must also be current. A result about other code, a FAIL, or a
// control that never looks at that file does not support it.
import { minimatch } from 'minimatch';
import type { ControlStatus } from '../gate/status/compute-status.ts';
import type { StoredEntry, SubjectBinding } from '../ledger/types.ts';
import type { Control } from '../plane/types.ts';

export interface HardGateInput {
  path: string;
  evidence: string;
  /** The cited entry, when the ledger has it. */
  entry: StoredEntry | undefined;
  /** The control the entry is about, when the registry has it. */
  control: Control | undefined;
  /** That control's current status and binding. */
  status: ControlStatus | undefined;
  current: SubjectBinding | undefined;
  /** Whether the PASS must be on the current code and the control PASS now (`hard_gate`). */
  isCurrentRequired?: boolean;
}

/** Maturities whose evidence must be a PASS of a control covering the path. */
export const VERIFIED_MATURITIES: readonly string[] = [
  'verified_by_tests',
  'enforced_by_ci',
  'hard_gate',
];

const HAS_WILDCARD = /[*?[]/;

/** Whether an input glob (git pathspec glob semantics) covers a repository-relative path. */
export function globCovers(glob: string, path: string): boolean {
  const body = glob.endsWith('/') ? `${glob}**` : glob;
  if (minimatch(path, body, { dot: true })) return true;
  if (HAS_WILDCARD.test(glob)) return false;
  const dir = glob.replace(/\/+$/, '');
  return path === dir || path.startsWith(`${dir}/`);
}

/** The problems with citing `entry` for a hard-gate fact about `path`; empty when it holds. */
export function checkHardGateEvidence(input: HardGateInput): string[] {
  const { entry, control, path } = input;
  if (entry === undefined) return [];
  const short = input.evidence.slice(0, 12);
  const body = entry.entry.body;
  const controlId = typeof body['control'] === 'string' ? body['control'] : undefined;
  if ((entry.entry.kind !== 'run' && entry.entry.kind !== 'audit') || controlId === undefined) {
    return [`--evidence: entry ${short} is a ${entry.entry.kind} entry, not a control result`];
  }
  if (control === undefined) return [`--evidence: control ${controlId} is not in the registry`];
  const problems: string[] = [];
  const status = typeof body['status'] === 'string' ? body['status'] : 'result without status';
  if (status !== 'PASS') {
    problems.push(`--evidence: entry ${short} is a ${status} of ${controlId}, not a PASS`);
  }
  const inputs = control.inputs ?? [];
  if (!inputs.some((glob) => globCovers(glob, path))) {
    problems.push(
      inputs.length === 0
        ? `--evidence: control ${controlId} declares no inputs, so nothing ties it to ${path}`
        : `--evidence: the inputs of ${controlId} (${inputs.join(', ')}) do not cover ${path}`,
    );
  }
  if (input.isCurrentRequired === false) return problems;
  const sameCode =
    input.current !== undefined &&
    entry.entry.subject.control === input.current.control &&
    (input.current.inputs !== undefined
      ? entry.entry.subject.inputs === input.current.inputs
      : entry.entry.subject.tree === input.current.tree);
  if (!sameCode) {
    problems.push(`--evidence: entry ${short} was recorded on other code than the current one`);
  } else if (input.status !== undefined && input.status.status !== 'PASS') {
    problems.push(`--evidence: ${controlId} is ${input.status.status} now, not a current PASS`);
  }
  return problems;
}
