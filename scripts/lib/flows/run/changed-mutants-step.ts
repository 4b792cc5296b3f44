// The changed-line mutants of `evaluate --run` (references/evaluate.md "Changed-line mutants"):
// after the runs, each test control that passed has a few mutants planted in the lines changed
// since the trusted base (the base claim decides with), in a temporary worktree, and one
// `efficacy` entry of method `mutate:changed` records which its tests killed, bound to the same
// subject as its run. The verdict only reads these entries (core/efficacy/changed-mutants.ts).
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import type { Actor, SubjectBinding } from '../../core/ledger/types.ts';
import type { Control } from '../../core/plane/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { EfficacyIO } from '../../core/ports.ts';
import type { ResultStatus, RunDetails } from '../../core/gate/entries/bodies.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import {
  changedMutantPolicy,
  isTestRun,
  mutantsApply,
} from '../../core/efficacy/changed-mutants.ts';
import {
  CHANGED_METHOD,
  type EfficacyBody,
  type SurvivedMutant,
} from '../../core/efficacy/efficacy-status.ts';
import { countChangedLines } from '../../core/efficacy/changed-lines.ts';
import { planChangedMutants, runMutants } from '../efficacy/changed-mutants.ts';
import { appendEfficacy } from '../efficacy/efficacy-result.ts';
import { readTrustedRules } from '../claim/trusted-rules.ts';
import { executeControl } from './execute-control.ts';
import type { ExecuteSettings } from './execute-outcome.ts';
import { join } from 'node:path';

export interface ChangedMutantsOptions {
  /** `--max-mutants N`: mutants per test control (default: the policy's; 0: none planted). */
  max?: number;
  /** `--base <ref>`: the base the changed lines are counted from (default: the trusted base). */
  base?: string;
  eio: EfficacyIO;
}

export interface ChangedMutantsControl {
  control: string;
  applied: boolean;
  why: string;
  /** The control on the unmutated worktree copy; anything but PASS measured nothing. */
  baseline?: ResultStatus;
  sites?: number;
  mutants?: number;
  killed?: number;
  inconclusive?: number;
  survived?: SurvivedMutant[];
  /** Hash of the efficacy entry recorded. */
  entry?: string;
}

export interface ChangedMutantsResult {
  /** The base ref the changed lines are counted from. */
  base: string;
  /** Lines changed since the base (every file). */
  lines?: number;
  controls: ChangedMutantsControl[];
  /** Wall time of the step, planting and runs included, in milliseconds. */
  ms: number;
}

export interface RanControl {
  control: Control;
  status: ResultStatus;
  details: RunDetails;
}

export async function plantChangedMutants(
  plane: Plane,
  ran: readonly RanControl[],
  subjects: ReadonlyMap<string, SubjectBinding>,
  request: { options: ChangedMutantsOptions; actor: Actor; env: Context['env'] },
  ctx: Context,
  io: World,
): Promise<ChangedMutantsResult | undefined> {
  const tests = ran.filter((r) => r.status === 'PASS' && isTestRun(r.details));
  if (tests.length === 0) return undefined;
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const { options } = request;
  const base = await readTrustedRules(io, plane, options.base);
  // No base (no upstream, no --base): no changed lines, and the verdict asks for none.
  if (base === undefined) return undefined;
  // The base's policy decides, as in the verdict; --max-mutants only narrows this run.
  const policy = changedMutantPolicy((base.plane ?? plane).manifest);
  const max = options.max ?? policy.max;
  const controls: ChangedMutantsControl[] = [];
  const measured: RanControl[] = [];
  for (const test of tests) {
    const { on, why } = mutantsApply(test.details.duration_ms, policy);
    if (on && max === 0)
      controls.push({
        control: test.control.id,
        applied: false,
        why: 'off for this run (--max-mutants 0)',
      });
    else if (!on) controls.push({ control: test.control.id, applied: false, why });
    else measured.push(test);
  }
  const tree = subjects.get(measured[0]?.control.id ?? '')?.tree;
  if (measured.length === 0 || tree === undefined)
    return { base: base.base, controls, ms: elapsed() };
  const changed = await io.git.listChangedLines(plane.root, base.commit, tree);
  const recorded = await options.eio.withWorktree(plane.root, async (worktree) => {
    const copy: Plane = { ...plane, root: worktree.dir, dir: join(worktree.dir, plane.rel) };
    const settings: ExecuteSettings = {
      plane: copy,
      io: { ...io, runCommand: (r) => io.runCommand({ ...r, signal: worktree.signal }) },
      env: request.env,
      actor: request.actor,
      authorize: [],
      rules: redactionRulesFor(plane, request.env),
      objects: io.objects(copy),
    };
    const out: { test: RanControl; line: ChangedMutantsControl; body?: EfficacyBody }[] = [];
    for (const test of measured) {
      const { why } = mutantsApply(test.details.duration_ms, policy);
      const plan = await planChangedMutants(
        test.control,
        changed,
        { seed: 1, max },
        options.eio,
        worktree,
      );
      const line: ChangedMutantsControl = {
        control: test.control.id,
        applied: true,
        why,
        sites: plan.sites,
      };
      if (plan.mutants.length > 0) {
        line.baseline = (await executeControl(test.control, settings)).status;
        if (line.baseline !== 'PASS') {
          out.push({ test, line });
          continue;
        }
      }
      const counts = await runMutants(test.control, plan.mutants, settings, worktree);
      Object.assign(line, counts);
      const body: EfficacyBody = {
        control: test.control.id,
        method: CHANGED_METHOD,
        seed: 1,
        base: base.commit,
        sites: plan.sites,
        max,
        ...counts,
      };
      out.push({ test, line, body });
    }
    return out;
  });
  for (const { test, line, body } of recorded) {
    const subject = subjects.get(test.control.id);
    if (body !== undefined && subject !== undefined)
      line.entry = await appendEfficacy(ctx, io, plane, { actor: request.actor, subject, body });
    controls.push(line);
  }
  return { base: base.base, lines: countChangedLines(changed), controls, ms: elapsed() };
}
