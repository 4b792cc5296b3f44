// efficacy: plants seeded defects in a temporary worktree, runs each control there and expects it
// to FAIL. The control must first PASS on the unmutated copy, else nothing can be concluded. One
// `efficacy` entry per measured control is appended to the real ledger, bound to the real code.
import { join } from 'node:path';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { sha256Hex } from '../core/hash.ts';
import type { Actor } from '../core/ledger/types.ts';
import type { Control } from '../core/plane/types.ts';
import type { ResultStatus } from '../core/gate/entries/bodies.ts';
import type { EfficacyBody, SurvivedMutant } from '../core/efficacy/efficacy-status.ts';
import {
  applyMutation,
  findMutationSites,
  MUTATION_OPERATORS,
  type MutationOperator,
  type MutationSite,
} from '../core/efficacy/operators.ts';
import { listPatchSites } from '../core/efficacy/patch-sites.ts';
import { isMutableSource, pickMutants } from '../core/efficacy/pick-mutants.ts';
import { executeControl } from './execute-control.ts';
import type { GateIO } from '../core/ports.ts';
import {
  assertActorMayAct,
  pickControls,
  redactionRulesFor,
} from '../core/gate/select/select-for-flow.ts';
import { toJsonObject } from '../core/ledger/to-json.ts';
import type { Plane } from '../core/plane/plane.ts';
import type { EfficacyIO, TempWorktree } from '../core/ports.ts';
import type { ExecuteSettings } from './execute-outcome.ts';

/** Where sites are looked for when a control declares no `inputs`. */
const DEFAULT_SOURCE_GLOBS = ['src/**', 'scripts/**'] as const;

export type EfficacyMethod =
  | { kind: 'mutate'; operator: MutationOperator | 'all'; maxMutants: number; seed: number }
  | { kind: 'patch'; path: string };

export interface EfficacyOptions {
  root: string;
  controls: readonly string[];
  method: EfficacyMethod;
  actor: Actor;
}

interface ControlEfficacy extends Omit<EfficacyBody, 'method'> {
  /** The control's result on the unmutated copy; anything but PASS means nothing was measured. */
  baseline: ResultStatus;
  /** Hash of the efficacy entry (absent when the baseline did not PASS). */
  entry?: string;
}

export interface EfficacyResult {
  /** Every control passed its baseline and caught every seeded defect. */
  ok: boolean;
  method: string;
  results: ControlEfficacy[];
}

type Mutant = SurvivedMutant & {
  plant(worktree: TempWorktree): Promise<void>;
  undo(worktree: TempWorktree): Promise<void>;
};

// A command takes every operator; a file check one seeded defect (`--mutate all`: its file gone,
// or present when it must be absent); a trace control a hand-written patch only.
function assertMeasurable(control: Control, method: EfficacyMethod): void {
  const type = control.execution.type;
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

/** The one seeded defect of a file check: the file it requires removed, or the one it forbids. */
function fileMutant(
  execution: Extract<Control['execution'], { type: 'file' }>,
  eio: EfficacyIO,
): Mutant {
  const present = execution.condition === 'absent';
  return {
    file: execution.path,
    line: 0,
    operator: present ? 'file-added' : 'file-removed',
    plant: (w) => eio.setPresence(w, execution.path, present),
    undo: (w) => eio.reset(w),
  };
}

async function planMutants(
  control: Control,
  method: Extract<EfficacyMethod, { kind: 'mutate' }>,
  eio: EfficacyIO,
  worktree: TempWorktree,
): Promise<Mutant[]> {
  if (control.execution.type === 'file') return [fileMutant(control.execution, eio)];
  const globs = control.inputs ?? [...DEFAULT_SOURCE_GLOBS];
  const operators = method.operator === 'all' ? MUTATION_OPERATORS : [method.operator];
  const texts = new Map<string, string>();
  const sites: MutationSite[] = [];
  for (const file of (await eio.listFiles(worktree, globs)).filter(isMutableSource)) {
    const text = await eio.readText(worktree, file);
    texts.set(file, text);
    sites.push(...findMutationSites(file, text, operators));
  }
  const chosen = pickMutants(sites, { seed: method.seed, max: method.maxMutants });
  if (chosen.length === 0) {
    throw new UsageError(
      'BAD_VALUE',
      `no ${method.operator} mutation site in ${control.id}'s files`,
      {
        where: `inputs ${globs.join(' ')}`,
        expected: 'JS/TS source (not tests, not .d.ts) with a site for the operator',
        next:
          method.operator === 'all'
            ? `no operator finds a site here (mutation covers JS/TS sources only): plant a defect by hand, save it with "git diff > defect.patch", restore the code, then run "proofgate efficacy --control ${control.id} --patch defect.patch"`
            : `try "proofgate efficacy --control ${control.id} --mutate all", or --patch with a hand-written defect`,
      },
    );
  }
  return chosen.map((site) => {
    const original = texts.get(site.file) ?? '';
    return {
      file: site.file,
      line: site.line,
      operator: site.operator,
      plant: (w) => eio.writeText(w, site.file, applyMutation(original, site)),
      undo: (w) => eio.writeText(w, site.file, original),
    };
  });
}

function patchMutant(patch: Uint8Array, path: string, eio: EfficacyIO): Mutant {
  const first = listPatchSites(new TextDecoder().decode(patch))[0];
  return {
    file: first?.file ?? path,
    line: first?.line ?? 0,
    operator: 'patch',
    async plant(worktree) {
      const problem = await eio.applyPatch(worktree, patch);
      if (problem !== undefined) {
        throw new UsageError('BAD_INPUT', `${path} does not apply to the current code`, {
          where: path,
          problems: problem.split('\n'),
          next: 'make the patch against the current working tree ("git diff > defect.patch")',
        });
      }
    },
    undo: (worktree) => eio.reset(worktree),
  };
}

export async function runEfficacyFlow(
  options: EfficacyOptions,
  ctx: Context,
  io: GateIO,
  eio: EfficacyIO,
): Promise<EfficacyResult> {
  const plane = await io.loadPlane(options.root);
  assertActorMayAct(options.actor, plane.manifest, 'self');
  // A ledger that fails verification is never appended to: refuse before anything runs.
  await io.readEntries(plane);
  const controls = pickControls(plane.registry, options.controls);
  for (const control of controls) assertMeasurable(control, options.method);
  const { method } = options;
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
    };
    const results: ControlEfficacy[] = [];
    for (const control of controls) {
      const baseline = (await executeControl(control, settings)).status;
      const counts = { mutants: 0, killed: 0, inconclusive: 0, survived: [] as SurvivedMutant[] };
      if (baseline === 'PASS') {
        const mutants =
          patch === undefined
            ? await planMutants(
                control,
                method as Extract<EfficacyMethod, { kind: 'mutate' }>,
                eio,
                worktree,
              )
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
    const stored = await io.append(plane, {
      kind: 'efficacy',
      time: ctx.clock.now().toISOString(),
      actor: options.actor,
      subject,
      body: toJsonObject(body),
    });
    result.entry = stored.hash;
    if (body.patch !== undefined) result.patch = body.patch;
    if (body.seed !== undefined) result.seed = body.seed;
  }
  const ok = measured.every(
    (r) => r.baseline === 'PASS' && r.mutants > 0 && r.killed === r.mutants,
  );
  return { ok, method: methodName, results: measured };
}
