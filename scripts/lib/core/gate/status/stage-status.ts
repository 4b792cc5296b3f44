// The status vocabulary of a control and of one audit stage of it, shared by the status
// computation and its parts.
import type { Actor, AuditStage } from '../../ledger/types.ts';
import type { Blocker } from '../entries/bodies.ts';
import type { ConflictingResult } from './describe-conflict.ts';
import type { Signing, Strength } from '../authority/stage-strength.ts';

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

export interface StageStatus {
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
  /** A signed audit: who signed (key or keyless identity) and where it was written from. */
  signing?: Signing;
  /** CONFLICT: the last results on this binding, unordered (no writer saw the others), that disagree. */
  conflict?: ConflictingResult[];
}
