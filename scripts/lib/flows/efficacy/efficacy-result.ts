// The result of an efficacy run or import: one entry per measured control, as the flow returns it
// and the renderer prints it; and the ledger entry both append for a measured control.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import type { ResultStatus } from '../../core/gate/entries/bodies.ts';
import type { EfficacyBody } from '../../core/efficacy/efficacy-status.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import type { Actor, SubjectBinding } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';

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
  /** Not measured, and why: no operator applies to its files (a run of several controls). */
  skipped?: string;
}

export interface EfficacyResult {
  /** Every measured control passed its baseline and caught every seeded defect (one at least). */
  ok: boolean;
  method: string;
  /** `--changed`: the base ref the changed lines were counted from. */
  base?: string;
  results: ControlEfficacy[];
}

/** Appends one `efficacy` entry with `body`, bound to `subject` at the context's clock; its hash. */
export async function appendEfficacy(
  ctx: Context,
  io: Pick<World, 'append'>,
  plane: Plane,
  entry: { actor: Actor; subject: SubjectBinding; body: EfficacyBody },
): Promise<string> {
  const stored = await io.append(plane, {
    kind: 'efficacy',
    time: ctx.clock.now().toISOString(),
    actor: entry.actor,
    subject: entry.subject,
    body: toJsonObject(entry.body),
  });
  return stored.hash;
}
