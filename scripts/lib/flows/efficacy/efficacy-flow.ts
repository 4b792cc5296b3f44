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
  const methodName = method.kind === 'patch' ? 'patch' : `mutate:${method.operator}`;
  const subjects = await io.computeSubjects(plane, controls);
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
      const baseline = (await executeControl(control, settings)).status;
      const counts = { mutants: 0, killed: 0, inconclusive: 0, survived: [] as SurvivedMutant[] };
      if (baseline === 'PASS') {
        const mutants: Mutant[] =
          patch === undefined
            ? await planMutants(control, method as MutateMethod, eio, worktree)
            : [patchMutant(patch, method.kind === 'patch' ? method.path : '', eio)];
        for (const mutant of mutants) {
          await mutant.plant(worktree);
          const status = (await executeControl(control, settings)).status;
          await mutant.undo(worktree);
          counts.mutants += 1;
          if (status === 'FAIL') counts.killed += 1;
          else if (status === 'BLOCKED') counts.inconclusive += 1;
          else
            counts.survived.push({
              file: mutant.file,
              line: mutant.line,
              operator: mutant.operator,
            });
        }
      }
      results.push({ control: control.id, baseline, ...counts });
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
  const ok = measured.every(
    (r) => r.baseline === 'PASS' && r.mutants > 0 && r.killed === r.mutants,
  );
  return { ok, method: methodName, results: measured };
}
