// The result of an efficacy run or import: one entry per measured control, as the flow returns it
// and the renderer prints it.
import type { ResultStatus } from '../core/gate/entries/bodies.ts';
import type { EfficacyBody } from '../core/efficacy/efficacy-status.ts';

export interface ControlEfficacy extends Omit<EfficacyBody, 'method'> {
  /**
   * The control's result on the unmutated copy; anything but PASS means nothing was measured.
   * Absent for an imported report: its tool ran its own baseline.
   */
  baseline?: ResultStatus;
  /** How the tool of an imported report ran its tests (`test_command` other or unknown). */
  tool_command?: string;
  /** Hash of the efficacy entry (absent when the baseline did not PASS). */
  entry?: string;
}

export interface EfficacyResult {
  /** Every control passed its baseline and caught every seeded defect. */
  ok: boolean;
  method: string;
  results: ControlEfficacy[];
}
