// adopt: turns a real command into a control or a slot's command, or records that a control does
// not apply. Every path edits registry.yaml with the yaml Document API (the owner's comments and
// layout survive), re-validates the result against the manifest and re-renders the derived pages.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { assertGlobs } from '../../core/shared/pathspec.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import type { AdoptionPlan } from '../../core/plane/plan-adoption.ts';
import { isSameFill, planAdoption } from '../../core/plane/plan-adoption.ts';
import {
  pickDecider,
  planManualFill,
  planNotApplicable,
  planTraceFill,
} from '../../core/plane/plan-decision.ts';
import { applyAdoption } from '../../core/plane/edit-registry.ts';
import { assertPlaneReferences, assertRegistry } from '../../core/plane/validate.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import { redactTyped } from '../../core/ledger/redact-draft.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { Candidate, NotAdoptable } from '../../core/scan/types.ts';
import { recordSignedDecision, requireOwnerKey } from '../audit/sign-decision.ts';
import { adviseOutputIgnores, type OutputIgnore } from './adopt-ignore.ts';
import { renderPlaneFiles } from '../../render/plane-docs.ts';

/** What `proofgate adopt` returns; render/adopt.ts prints it. */
export type AdoptResult = AdoptOutcome & {
  /** With --outputs: the root .gitignore lines they need, and whether they were appended. */
  ignore?: OutputIgnore;
};

type AdoptOutcome =
  | {
      mode: 'list';
      candidates: Candidate[];
      not_adoptable: NotAdoptable[];
      slots: { id: string; hint: string; fill?: string }[];
    }
  | {
      mode: 'fill' | 'add' | 'unchanged';
      control: string;
      candidate: Candidate;
      rendered: string[];
    }
  | {
      /** A person's own command filled a slot (`source: manual:<authority>`). */
      mode: 'manual';
      control: string;
      argv: string[];
      by: string;
      at: string;
      authorization: AuthorizationKind[];
      exclusive: boolean;
      rendered: string[];
    }
  | {
      /** A trajectory slot filled with a rule pack and its traces (`source: manual:<authority>`). */
      mode: 'trace';
      control: string;
      pack: string;
      traces: string[];
      by: string;
      at: string;
      rendered: string[];
    }
  | {
      mode: 'not_applicable';
      control: string;
      owner: string;
      rationale: string;
      at: string;
      rendered: string[];
      /** The signed decision's entry, when the owner has a registered key. */
      signed?: string;
    };

export interface AdoptFlowOptions {
  /** The repository root (resolved by the caller). */
  root: string;
  list: boolean;
  candidate: string | undefined;
  as: string | undefined;
  fills: string | undefined;
  authorize: AuthorizationKind[];
  /** The words after `--`: a person's own command for the `--fills` slot. */
  command: string[] | undefined;
  /** A control (slot or not) that does not apply to this project. */
  notApplicable: string | undefined;
  rationale: string | undefined;
  /** The person deciding; default: the manifest's only active human authority. */
  authorityId: string | undefined;
  /** Files the adopted command writes: declared outputs, left out of every result's subject. */
  outputs?: string[];
  /** Append the .gitignore lines the outputs need (`--ignore-outputs`). */
  ignoreOutputs?: boolean;
  /** With --fills: the trace rule pack a trajectory slot runs (a shipped name or a file). */
  tracePack?: string;
  /** With --trace-pack: globs of the recorded traces it judges. */
  traces?: string[];
}

/** The command that fills a trajectory slot, as `adopt --list` offers it. */
const traceFillCommand = (id: string): string =>
  `proofgate adopt --fills ${id} --trace-pack honest-completion --traces 'traces/**/*.jsonl'`;

function refuseMixed(options: AdoptFlowOptions): void {
  const bad = (message: string, next: string): UsageError =>
    new UsageError('BAD_FLAG', message, { next });
  if (options.notApplicable !== undefined) {
    if (
      options.candidate !== undefined ||
      options.fills !== undefined ||
      options.command !== undefined ||
      options.outputs !== undefined
    )
      throw bad(
        '--not-applicable records a decision; it takes no candidate, --fills, --outputs or command',
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
      // The signed decision is appended to the ledger: one that does not verify is refused (exit 3)
      // before the registry is written. `plane` is adopt's own read, so the gate still loads the
      // registry written below for the decision.
      if (keyid !== undefined) await gate.readEntries(plane);
      const rendered = writePlan(root, plane, plan, gate);
      const { controlId: control, owner, rationale } = plan;
      const signed =
        keyid === undefined
          ? {}
          : { signed: await recordSignedDecision(root, control, by, keyid, ctx, gate) };
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
      rendered,
    };
  }
  const candidateId = options.candidate ?? '';
  const plan = planAdoption(plane.registry, scan.candidates, scan.not_adoptable, {
    candidate: candidateId,
    ...(options.as === undefined ? {} : { as: options.as }),
    ...(options.fills === undefined ? {} : { fills: options.fills }),
    ...(options.outputs === undefined ? {} : { outputs: options.outputs }),
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
  return { mode, control, candidate, rendered: writePlan(root, plane, plan, gate) };
}

/** A trajectory slot filled with a pack (loaded here, so a bad pack is refused before writing). */
async function fillWithTrace(
  options: AdoptFlowOptions,
  ctx: Context,
  gate: World & Pick<WorldExtras, 'planeEdits'>,
  plane: Plane,
): Promise<AdoptResult> {
  const slot = options.fills ?? '';
  const pack = options.tracePack ?? '';
  const retry = traceFillCommand(slot);
  const user = (ctx.env['USER'] ?? '').replace(/[^A-Za-z0-9._-]/g, '') || 'owner';
  const by = pickDecider(plane.manifest, options.authorityId, retry, `human:${user}`);
  const recorded = { by, at: ctx.clock.now().toISOString() };
  const plan = planTraceFill(plane.registry, {
    slot,
    pack,
    traces: options.traces ?? [],
    recorded,
  });
  const trace = await gate.loadTrace();
  const isFile = /[/\\]|\.ya?ml$/.test(pack);
  if (isFile) assertGlobs([pack], '--trace-pack');
  trace.loadPack(isFile ? join(options.root, pack) : trace.shippedPackFile(pack), pack);
  const traces = plan.execution.type === 'trace' ? plan.execution.traces : [];
  if (isSameFill(plane.registry, plan))
    return { mode: 'trace', control: slot, pack, traces, by, at: recorded.at, rendered: [] };
  const rendered = writePlan(options.root, plane, plan, gate);
  return { mode: 'trace', control: slot, pack, traces, by, at: recorded.at, rendered };
}

/** Applies the plan to registry.yaml, validates the result and re-renders the derived files. */
function writePlan(
  root: string,
  plane: Plane,
  plan: AdoptionPlan,
  { planeEdits }: Pick<WorldExtras, 'planeEdits'>,
): string[] {
  const text = applyAdoption(planeEdits.readTextFile(plane.registryPath), plan);
  const registry: unknown = parseDocument(text).toJS();
  const shown = relative(root, plane.registryPath);
  assertRegistry(registry, shown);
  assertPlaneReferences(plane.manifest, registry, {
    manifest: relative(root, plane.manifestPath),
    registry: shown,
  });
  planeEdits.replaceFile(plane.registryPath, text);
  return planeEdits.writeDerivedFiles(plane.dir, renderPlaneFiles(plane.manifest, registry));
}
