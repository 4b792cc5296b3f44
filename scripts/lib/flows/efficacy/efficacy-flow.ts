// efficacy: plants seeded defects in a temporary worktree, runs each control there and expects it
// to FAIL. The control must first PASS on the unmutated copy, else nothing can be concluded. One
// `efficacy` entry per measured control is appended to the real ledger, bound to the real code.
import type { World } from '../../core/world/world.ts';
import { join } from 'node:path';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { Control } from '../../core/plane/types.ts';
import type { EfficacyBody, SurvivedMutant } from '../../core/efficacy/efficacy-status.ts';
import { patchMutant, planMutants, type Mutant, type MutateMethod } from './efficacy-mutants.ts';
import { executeControl } from '../run/execute-control.ts';
import { importMutationReport } from './efficacy-import.ts';
import { appendEfficacy, type ControlEfficacy, type EfficacyResult } from './efficacy-result.ts';
import {
  assertActorMayAct,
  pickControls,
  redactionRulesFor,
} from '../../core/gate/select/select-for-flow.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { EfficacyIO } from '../../core/ports.ts';
import type { ExecuteSettings } from '../run/execute-outcome.ts';
import { readTrustedRules } from '../claim/trusted-rules.ts';
import { CHANGED_METHOD } from '../../core/efficacy/efficacy-status.ts';
import type { ChangedLines } from '../../core/efficacy/changed-lines.ts';
import type { SubjectBinding } from '../../core/ledger/types.ts';
import { planChangedMutants, runMutants } from './changed-mutants.ts';

export type { EfficacyResult } from './efficacy-result.ts';

export type EfficacyMethod =
  MutateMethod | { kind: 'patch'; path: string } | { kind: 'report'; path: string };

export interface EfficacyOptions {
  root: string;
  controls: readonly string[];
  method: EfficacyMethod;
  actor: Actor;
}

// A command takes every operator; a file check one seeded defect (`--mutate all`: its file gone,
// or present when it must be absent); a trace control a hand-written patch only.
function assertMeasurable(control: Control, method: EfficacyMethod): void {
  const type = control.execution.type;
  if (method.kind === 'report') {
    if (type === 'command') return;
    throw new UsageError(
      'BAD_VALUE',
      `control ${control.id} (${type}) cannot take a mutation report`,
      {
        expected: 'a command control: a mutation report records what a test command caught',
      },
    );
  }
  const runnable = type === 'command' || type === 'file' || type === 'trace';
  if (runnable && (method.kind === 'patch' || type === 'command')) return;
  if (type === 'file' && method.kind === 'mutate' && method.operator === 'all') return;
  throw new UsageError('BAD_VALUE', `control ${control.id} (${type}) cannot be measured this way`, {
    expected:
      type === 'file'
        ? '--mutate all (the checked file removed, or seeded when it must be absent) or --patch <file>'
        : runnable
          ? '--patch <file> for trace controls (e.g. a patch that seeds a bad trace)'
          : 'a command, file or trace control: manual, slot, remote and privileged ones never run here',
  });
}

export async function runEfficacyFlow(
  options: EfficacyOptions,
  ctx: Context,
  io: World,
  eio: EfficacyIO,
): Promise<EfficacyResult> {
  const plane = await io.loadPlane(options.root);
  assertActorMayAct(options.actor, plane.manifest, 'self');
  // A ledger that fails verification is never appended to: refuse before anything runs.
  await io.readEntries(plane);
  const controls = pickControls(plane.registry, options.controls);
  for (const control of controls) assertMeasurable(control, options.method);
  const { method } = options;
  if (method.kind === 'report') {
    return importMutationReport(
      { plane, controls, path: method.path, actor: options.actor },
      ctx,
      io,
      eio,
    );
  }
  const patch = method.kind === 'patch' ? await eio.readUserFile(ctx.cwd, method.path) : undefined;
  const subjects = await io.computeSubjects(plane, controls);
  const changed =
    method.kind === 'mutate' && method.changed !== undefined
      ? await readChanged(plane, controls, method, subjects, io)
      : undefined;
  const methodName =
    method.kind === 'patch'
      ? 'patch'
      : changed === undefined
        ? `mutate:${method.operator}`
        : CHANGED_METHOD;
  // Several controls: one where no operator applies is skipped, said why, and the others measured.
  const skipsNoSite = controls.length > 1;
  const measured = await eio.withWorktree(plane.root, async (worktree) => {
    const copy: Plane = { ...plane, root: worktree.dir, dir: join(worktree.dir, plane.rel) };
    const settings: ExecuteSettings = {
      plane: copy,
      io: { ...io, runCommand: (r) => io.runCommand({ ...r, signal: worktree.signal }) },
      env: ctx.env,
      actor: options.actor,
      authorize: [],
      rules: redactionRulesFor(plane, ctx.env),
      objects: io.objects(copy),
    };
    const results: ControlEfficacy[] = [];
    for (const control of controls) {
      const counts = { mutants: 0, killed: 0, inconclusive: 0, survived: [] as SurvivedMutant[] };
      // Planned before the baseline, so a control with no site costs no run.
      let mutants: Mutant[];
      let sites: number | undefined;
      try {
        if (patch !== undefined)
          mutants = [patchMutant(patch, method.kind === 'patch' ? method.path : '', eio)];
        else if (changed !== undefined) {
          const mutate = method as MutateMethod;
          const plan = await planChangedMutants(
            control,
            changed.lines,
            { seed: mutate.seed, max: mutate.maxMutants },
            eio,
            worktree,
          );
          ({ mutants, sites } = plan);
          if (control.execution.type === 'file' || plan.mutants.length === 0) {
            results.push({
              control: control.id,
              ...counts,
              skipped: `no mutation site in the lines changed since ${changed.base}${control.execution.type === 'file' ? ' (a file check has no code to mutate)' : ''}`,
            });
            continue;
          }
        } else mutants = await planMutants(control, method as MutateMethod, eio, worktree);
      } catch (error) {
        if (!skipsNoSite || !(error instanceof UsageError)) throw error;
        results.push({ control: control.id, ...counts, skipped: error.message });
        continue;
      }
      const baseline = (await executeControl(control, settings)).status;
      if (baseline === 'PASS')
        Object.assign(counts, await runMutants(control, mutants, settings, worktree));
      results.push({
        control: control.id,
        baseline,
        ...counts,
        ...(sites === undefined ? {} : { sites }),
      });
    }
    return results;
  });
  for (const result of measured) {
    if (result.baseline !== 'PASS') continue;
    const body: EfficacyBody = {
      control: result.control,
      method: methodName,
      ...(patch === undefined ? {} : { patch: sha256Hex(patch) }),
      ...(method.kind === 'mutate' ? { seed: method.seed } : {}),
      ...(changed === undefined || method.kind !== 'mutate'
        ? {}
        : { base: changed.commit, sites: result.sites ?? 0, max: method.maxMutants }),
      mutants: result.mutants,
      killed: result.killed,
      survived: result.survived,
      inconclusive: result.inconclusive,
    };
    const subject = subjects.get(result.control);
    if (subject === undefined) continue;
    result.entry = await appendEfficacy(ctx, io, plane, { actor: options.actor, subject, body });
    if (body.patch !== undefined) result.patch = body.patch;
    if (body.seed !== undefined) result.seed = body.seed;
  }
  const counted = measured.filter((r) => r.skipped === undefined);
  // With --changed, a change with no site is said, not failed.
  const ok =
    (counted.length > 0 || changed !== undefined) &&
    counted.every((r) => r.baseline === 'PASS' && r.mutants > 0 && r.killed === r.mutants);
  return {
    ok,
    method: methodName,
    ...(changed === undefined ? {} : { base: changed.base }),
    results: measured,
  };
}

/**
 * The lines changed since the base `efficacy --changed` names ('' = the trusted base claim uses),
 * up to the tree the controls' subjects bind (uncommitted and untracked files included).
 */
async function readChanged(
  plane: Plane,
  controls: readonly Control[],
  method: MutateMethod,
  subjects: ReadonlyMap<string, SubjectBinding>,
  io: World,
): Promise<{ base: string; commit: string; lines: ChangedLines }> {
  const ids = controls.map((c) => `--control ${c.id}`).join(' ');
  if (method.operator !== 'all')
    throw new UsageError('BAD_FLAG', '--changed plants every operator: it takes --mutate all', {
      where: `--mutate ${method.operator}`,
      next: `proofgate efficacy ${ids} --mutate all --changed`,
    });
  const ref = method.changed === '' ? undefined : method.changed;
  const base = await readTrustedRules(io, plane, ref);
  if (base === undefined)
    throw new UsageError('MISSING_ARG', '--changed found no base to count changed lines from', {
      expected: 'a branch upstream, or a ref: --changed origin/main',
      next: `proofgate efficacy ${ids} --mutate all --changed origin/main`,
    });
  const tree = subjects.get(controls[0]?.id ?? '')?.tree;
  if (tree === undefined) throw new UsageError('BAD_VALUE', 'no control to measure');
  const lines = await io.git.listChangedLines(plane.root, base.commit, tree);
  return { base: base.base, commit: base.commit, lines };
}
