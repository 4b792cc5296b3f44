// adopt: turns a real command into a control or a slot's command, or records that a control does
// not apply. Every path edits registry.yaml with the yaml Document API (the owner's comments and
// layout survive), re-validates the result against the manifest and re-renders the derived pages.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { assertGlobs } from '../../core/shared/pathspec.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { isSameFill, planAdoption } from '../../core/plane/plan-adoption.ts';
import { pickDecider, planManualFill, planNotApplicable } from '../../core/plane/plan-decision.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import { redactTyped } from '../../core/ledger/redact-draft.ts';
import { recordDecision, requireOwnerKey } from '../audit/sign-decision.ts';
import { adviseOutputIgnores } from './adopt-ignore.ts';
import { writePlan, type AdoptFlowOptions, type AdoptResult } from './adopt-result.ts';
import { fillWithTrace, traceFillCommand } from './adopt-trace.ts';
import { markUncounted } from './adopt-uncounted.ts';

export type { AdoptFlowOptions, AdoptResult } from './adopt-result.ts';

function refuseMixed(options: AdoptFlowOptions): void {
  const bad = (message: string, next: string): UsageError =>
    new UsageError('BAD_FLAG', message, { next });
  if (options.notApplicable !== undefined) {
    if (
      options.candidate !== undefined ||
      options.fills !== undefined ||
      options.command !== undefined ||
      options.outputs !== undefined ||
      options.inputs !== undefined ||
      options.wholeTree === true
    )
      throw bad(
        '--not-applicable records a decision; it takes no candidate, --fills, --outputs, --inputs, --whole-tree or command',
        `proofgate adopt --not-applicable ${options.notApplicable} --rationale "why it does not apply"`,
      );
    return;
  }
  if (options.rationale !== undefined)
    throw bad('--rationale goes with --not-applicable', 'proofgate adopt --list');
  if (options.tracePack !== undefined || options.traces !== undefined) {
    const slot = options.fills ?? 'AI.TRAJECTORY_RULES';
    if (
      options.fills === undefined ||
      options.candidate !== undefined ||
      options.command !== undefined ||
      options.outputs !== undefined ||
      options.tracePack === undefined ||
      options.traces === undefined
    )
      throw bad(
        '--trace-pack and --traces go together, with --fills <slot> and no candidate, command or --outputs',
        traceFillCommand(slot),
      );
    return;
  }
  if (options.command === undefined) return;
  if (options.candidate !== undefined)
    throw bad(
      `give either a candidate (${options.candidate}) or a command after --, not both`,
      `proofgate adopt ${options.candidate}${options.fills === undefined ? '' : ` --fills ${options.fills}`}`,
    );
  if (options.fills === undefined)
    throw bad(
      'a command after -- fills a slot: name it with --fills <slot>',
      'proofgate adopt --list',
    );
}

/** `gate`: the world a signed not-applicable decision is appended through (built by the caller). */
export async function adoptFlow(
  options: AdoptFlowOptions,
  ctx: Context,
  gate: World & Pick<WorldExtras, 'repo' | 'planeEdits'>,
): Promise<AdoptResult> {
  if (options.ignoreOutputs === true && options.outputs === undefined)
    throw new UsageError('BAD_FLAG', '--ignore-outputs goes with --outputs', {
      next: 'name the files the command writes: --outputs <path> --ignore-outputs',
    });
  const result = await adoptOnce(options, ctx, gate);
  if (options.outputs === undefined || result.mode === 'list' || result.mode === 'not_applicable')
    return result;
  const root = options.root;
  const ignore = adviseOutputIgnores(root, options.outputs, options.ignoreOutputs === true, gate);
  return { ...result, ignore };
}

async function adoptOnce(
  options: AdoptFlowOptions,
  ctx: Context,
  gate: World & Pick<WorldExtras, 'repo' | 'planeEdits'>,
): Promise<AdoptResult> {
  refuseMixed(options);
  const root = options.root;
  const plane = gate.planeFiles.loadPlane(root);
  if (options.uncounted !== undefined) return markUncounted(options, ctx, gate, plane);
  const typedRationale =
    options.rationale && redactTyped(options.rationale, redactionRulesFor(plane, ctx.env).secrets);
  if (options.outputs !== undefined) {
    const id = options.fills ?? options.as ?? options.candidate ?? 'adopted';
    assertGlobs(options.outputs, '--outputs');
    await gate.git.assertOutputsUntracked(root, [{ id, outputs: options.outputs }], '--outputs');
  }
  if (options.tracePack !== undefined) return fillWithTrace(options, ctx, gate, plane);
  const decided = options.notApplicable !== undefined || options.command !== undefined;
  const scan = await gate.repo.scanRepository(root);
  if (!decided && (options.list || options.candidate === undefined)) {
    if (!options.list && options.fills !== undefined)
      throw new UsageError(
        'MISSING_ARG',
        `--fills ${options.fills} needs a candidate, or your own command after --`,
        {
          expected: `proofgate adopt <candidate> --fills ${options.fills}, or proofgate adopt --fills ${options.fills} -- <program> <args...>`,
          next: 'run "proofgate adopt --list" to see the real commands found in the repository',
        },
      );
    if (!options.list)
      throw new UsageError('MISSING_ARG', 'name a candidate to adopt, or pass --list', {
        next: 'run "proofgate adopt --list" to see the real commands found in the repository',
      });
    // a slot the owner declared not applicable is decided, not open
    const slots = plane.registry.controls.flatMap((c) =>
      c.execution.type === 'slot' && c.applies.value
        ? [
            {
              id: c.id,
              hint: c.execution.hint,
              ...(/\btrace\b/.test(c.execution.hint) ? { fill: traceFillCommand(c.id) } : {}),
            },
          ]
        : [],
    );
    return { mode: 'list', candidates: scan.candidates, not_adoptable: scan.not_adoptable, slots };
  }
  if (decided) {
    const retry =
      options.notApplicable !== undefined
        ? `proofgate adopt --not-applicable ${options.notApplicable} --rationale ${JSON.stringify(typedRationale ?? 'why')}`
        : `proofgate adopt --fills ${options.fills ?? ''} -- ${(options.command ?? []).join(' ')}`;
    const user = (ctx.env['USER'] ?? '').replace(/[^A-Za-z0-9._-]/g, '') || 'owner';
    const by = pickDecider(plane.manifest, options.authorityId, retry, `human:${user}`);
    const recorded = { by, at: ctx.clock.now().toISOString() };
    if (options.notApplicable !== undefined) {
      const plan = planNotApplicable(plane.registry, {
        control: options.notApplicable,
        rationale: typedRationale,
        recorded,
      });
      // In a keyed owner's name only with the owner's signature, checked before writing.
      const keyid = await requireOwnerKey(plane, by, retry, ctx, gate);
      // The decision is appended to the ledger (signed when the owner has a key, else unsigned, so
      // that a key registered later finds it dated before its key entry: keys apply forward). A
      // ledger that does not verify is refused (exit 3) before the registry is written. `plane` is
      // adopt's own read, so the gate still loads the registry written below for the decision.
      await gate.readEntries(plane);
      const rendered = writePlan(root, plane, plan, gate);
      const { controlId: control, owner, rationale } = plan;
      const hash = await recordDecision(root, control, by, keyid, ctx, gate);
      const signed = keyid === undefined ? {} : { signed: hash };
      return {
        mode: 'not_applicable',
        control,
        owner,
        rationale,
        at: recorded.at,
        rendered,
        ...signed,
      };
    }
    const plan = planManualFill(plane.registry, scan.candidates, {
      slot: options.fills ?? '',
      argv: options.command ?? [],
      authorize: options.authorize,
      recorded,
      ...(options.outputs === undefined ? {} : { outputs: options.outputs }),
      ...declaredInputs(options),
    });
    const argv = plan.execution.type === 'command' ? plan.execution.argv : [];
    if (isSameFill(plane.registry, plan)) {
      const id = JSON.stringify(argv.join(' '));
      const candidate = { id, argv, where: 'the command after --', authorization: [] };
      return { mode: 'unchanged', control: plan.controlId, candidate, rendered: [] };
    }
    const rendered = writePlan(root, plane, plan, gate);
    const authorization =
      plan.execution.type === 'command' ? (plan.execution.authorization_required ?? []) : [];
    return {
      mode: 'manual',
      control: plan.controlId,
      argv,
      by,
      at: recorded.at,
      authorization,
      exclusive: plan.exclusive === true,
      ...(plan.inputs === undefined ? {} : { inputs: plan.inputs }),
      rendered,
    };
  }
  const candidateId = options.candidate ?? '';
  const plan = planAdoption(plane.registry, scan.candidates, scan.not_adoptable, {
    candidate: candidateId,
    ...(options.as === undefined ? {} : { as: options.as }),
    ...(options.fills === undefined ? {} : { fills: options.fills }),
    ...(options.outputs === undefined ? {} : { outputs: options.outputs }),
    ...declaredInputs(options),
    authorize: options.authorize,
  });
  const candidate = scan.candidates.find((c) => c.id === candidateId);
  if (candidate === undefined) throw new UsageError('UNKNOWN_ID', `no candidate ${candidateId}`);
  if (plan.kind === 'unchanged')
    return { mode: 'unchanged', control: plan.controlId, candidate, rendered: [] };
  if (plan.kind === 'fill' && isSameFill(plane.registry, plan))
    return { mode: 'unchanged', control: plan.controlId, candidate, rendered: [] };
  const control = plan.kind === 'add' ? plan.control.id : plan.controlId;
  const mode = plan.kind === 'add' ? 'add' : 'fill';
  const inputs =
    plan.kind === 'add'
      ? (plan.control.inputs ?? (options.wholeTree === true ? [] : undefined))
      : plan.kind === 'fill'
        ? plan.inputs
        : undefined;
  const rendered = writePlan(root, plane, plan, gate);
  return { mode, control, candidate, ...(inputs === undefined ? {} : { inputs }), rendered };
}

/** The person's own inputs (`--inputs`) or none (`--whole-tree`), as the planners take them. */
function declaredInputs(options: AdoptFlowOptions): { inputs?: string[]; wholeTree?: boolean } {
  return {
    ...(options.inputs === undefined ? {} : { inputs: options.inputs }),
    ...(options.wholeTree === true ? { wholeTree: true } : {}),
  };
}
