// Decides what `adopt` does with one candidate: fill a catalog slot, add a new command control, or
// nothing (already adopted). Discovery never grants authority; this explicit step does.
import { UsageError } from '../errors.ts';
import type { Candidate, NotAdoptable } from '../scan/types.ts';
import type { AuthorizationKind, Control, Execution, Registry } from './types.ts';
import { riskAuthorizations, riskRefusal } from '../scan/risk-class.ts';
import { isHeavyCommand } from '../scan/heavy-command.ts';
import { assertGlobs } from '../shared/pathspec.ts';
import { digestJson } from '../hash.ts';
import { nextCommand } from '../next/next-table.ts';

/** The declared outputs of a request, checked as globs (exit 2 naming a bad one). */
export function requestedOutputs(outputs: readonly string[] | undefined): string[] | undefined {
  if (outputs === undefined || outputs.length === 0) return undefined;
  assertGlobs([...outputs], '--outputs');
  return [...new Set(outputs)].sort();
}

export interface AdoptRequest {
  candidate: string;
  /** Authorization kinds the person adopting acknowledges (publish, deploy, downloads, rewrites). */
  authorize?: readonly AuthorizationKind[];
  /** Id of the new control; default `CMD.<candidate id>`. */
  as?: string;
  /** Id of a slot control to fill instead of adding a control. */
  fills?: string;
  /** Files the command writes (declared outputs: left out of every result's subject). */
  outputs?: readonly string[];
  /** The person's own `inputs`, replacing the proposed ones. */
  inputs?: readonly string[];
  /** Write no `inputs`: the whole tree is the command's input (`--whole-tree`). */
  wholeTree?: boolean;
}

/**
 * The `inputs` an adoption writes: the person's own (`--inputs`), none (`--whole-tree`: `[]`, an
 * earlier fill's removed), else the ones scan proposed for the candidate; undefined: no proposal.
 */
export function adoptedInputs(
  request: Pick<AdoptRequest, 'inputs' | 'wholeTree'>,
  proposed: Candidate['inputs'],
): string[] | undefined {
  if (request.wholeTree === true && request.inputs !== undefined)
    throw new UsageError('BAD_FLAG', '--inputs and --whole-tree cannot be used together', {
      next: 'name the files the command reads with --inputs, or keep the whole tree as its input with --whole-tree',
    });
  if (request.wholeTree === true) return [];
  if (request.inputs !== undefined && request.inputs.length > 0) {
    assertGlobs([...request.inputs], '--inputs');
    return [...new Set(request.inputs)].sort();
  }
  return proposed === undefined ? undefined : [...proposed.globs];
}

export type AdoptionPlan =
  | {
      kind: 'fill';
      index: number;
      controlId: string;
      execution: Execution;
      source: string;
      /** Set when the command should run alone (a build, a heavy test suite). */
      exclusive?: true;
      /** A command a person gave on the command line: who and when. */
      recorded?: Recorded;
      /** Declared outputs replacing the control's own, when given. */
      outputs?: string[];
      /** Inputs replacing the control's own, when given; `[]` removes them (the whole tree). */
      inputs?: string[];
    }
  | {
      kind: 'not_applicable';
      index: number;
      controlId: string;
      owner: string;
      rationale: string;
      recorded: Recorded;
    }
  | {
      /** The command prints no test count: `inventory: none` (references/inventory.md). */
      kind: 'uncounted';
      index: number;
      controlId: string;
      /** Who decided, when known (`--authority-id`, or the only person registered). */
      recorded?: Recorded;
    }
  | { kind: 'add'; control: Control }
  | { kind: 'unchanged'; controlId: string };

export interface Recorded {
  by: string;
  at: string;
}

export function defaultControlId(candidateId: string): string {
  return `CMD.${candidateId
    .replace(/[^A-Za-z0-9._-]+/g, '.')
    .replace(/\.+/g, '.')
    .replace(/\.$/, '')}`;
}

function commandExecution(candidate: Candidate): Execution {
  return {
    type: 'command',
    argv: [...candidate.argv],
    ...(candidate.cwd === undefined ? {} : { cwd: candidate.cwd }),
    ...(candidate.env === undefined ? {} : { env_values: { ...candidate.env } }),
    ...(candidate.authorization.length === 0
      ? {}
      : { authorization_required: [...candidate.authorization] }),
  };
}

function findCandidate(
  candidates: readonly Candidate[],
  notAdoptable: readonly NotAdoptable[],
  id: string,
): Candidate {
  const found = candidates.find((c) => c.id === id);
  if (found !== undefined) return found;
  const refused = notAdoptable.find((n) => n.id === id);
  if (refused !== undefined)
    throw new UsageError('BAD_VALUE', `${id} cannot be adopted as written: ${refused.reason}`, {
      where: refused.where,
      next: 'move the command into a script file or package script without shell features, then adopt that',
    });
  const near = candidates.filter((c) => c.id.split(':')[0] === id.split(':')[0]).slice(0, 10);
  throw new UsageError('UNKNOWN_ID', `no candidate "${id}" was found in the repository`, {
    expected:
      near.length > 0
        ? `one of: ${near.map((c) => c.id).join(', ')}`
        : `a candidate id from "${nextCommand('adoptList')}"`,
    next: `run "${nextCommand('adoptList')}" to see every real command; proofgate never invents one`,
  });
}

/** Servers, watchers and browsers are refused; risky commands need their kinds named explicitly. */
export function assertAdoptable(
  candidate: Candidate,
  authorize: readonly AuthorizationKind[],
  retry: (authorizeFlags: string) => string = (flags) => `proofgate adopt ${candidate.id} ${flags}`,
): void {
  const risks = candidate.risks ?? [];
  const refusal = riskRefusal(risks);
  if (refusal !== undefined) {
    throw new UsageError('BAD_VALUE', `${candidate.id} ${refusal}: it cannot be a control`, {
      where: candidate.where,
      expected: 'a command that checks the code and exits',
      next: 'adopt the one-shot form instead (e.g. a test or build script without watch or serve)',
    });
  }
  const missing = riskAuthorizations(risks).filter((k) => !authorize.includes(k));
  if (missing.length > 0) {
    throw new UsageError(
      'BAD_VALUE',
      `${candidate.id} ${risks.join(', ')}: adopting it needs --authorize ${missing.join(', ')}`,
      {
        where: candidate.where,
        next: `${retry(missing.map((k) => `--authorize ${k}`).join(' '))} (it then runs only when a human or the release owner grants it)`,
      },
    );
  }
}

export function planAdoption(
  registry: Registry,
  candidates: readonly Candidate[],
  notAdoptable: readonly NotAdoptable[],
  request: AdoptRequest,
): AdoptionPlan {
  if (request.as !== undefined && request.fills !== undefined)
    throw new UsageError('BAD_FLAG', '--as and --fills cannot be used together', {
      next: 'use --fills <slot id> to fill a catalog slot, or --as <id> to add a new control',
    });
  const candidate = findCandidate(candidates, notAdoptable, request.candidate);
  assertAdoptable(candidate, request.authorize ?? []);
  const source = `adopted:${candidate.id}`;
  const outputs = requestedOutputs(request.outputs);
  const inputs = adoptedInputs(request, candidate.inputs);
  const withOutputs = <T extends object>(
    plan: T,
  ): T & { outputs?: string[]; inputs?: string[] } => ({
    ...plan,
    ...(outputs === undefined ? {} : { outputs }),
    ...(inputs === undefined ? {} : { inputs }),
  });
  const already = registry.controls.find((c) => c.source === source);
  // adopting the same candidate again changes nothing, unless it declares the files it writes or
  // the person names its inputs
  const declares =
    outputs !== undefined || request.inputs !== undefined || request.wholeTree === true;
  if (already !== undefined && !declares) return { kind: 'unchanged', controlId: already.id };
  if (already !== undefined) return withOutputs(planFill(registry, candidate, already.id, source));
  if (request.fills !== undefined)
    return withOutputs(planFill(registry, candidate, request.fills, source));
  const id = request.as ?? defaultControlId(candidate.id);
  if (registry.controls.some((c) => c.id === id))
    throw new UsageError('BAD_VALUE', `control ${id} already exists`, {
      where: '--as',
      next: `choose another id with --as, or fill a slot with --fills ${id} if it is a slot`,
    });
  return {
    kind: 'add',
    control: {
      id,
      title: `Adopted command: ${candidate.argv.join(' ')}`,
      owner: 'virtual:developer',
      requirements: [],
      risks: [],
      applies: { value: true },
      required_from_maturity: 'prototype',
      execution: commandExecution(candidate),
      evidence_required: ['exit code 0 of the adopted command', 'output digest'],
      source,
      ...(isHeavyCommand(candidate) ? { exclusive: true } : {}),
      ...(inputs === undefined || inputs.length === 0 ? {} : { inputs }),
      ...(outputs === undefined ? {} : { outputs }),
    },
  };
}

export function planFill(
  registry: Registry,
  candidate: Candidate,
  slotId: string,
  source: string,
): Extract<AdoptionPlan, { kind: 'fill' }> {
  const index = registry.controls.findIndex((c) => c.id === slotId);
  const slot = registry.controls[index];
  if (slot === undefined)
    throw new UsageError('UNKNOWN_ID', `no control "${slotId}" in the registry`, {
      where: '--fills',
      expected: `a slot: ${
        registry.controls
          .filter((c) => c.execution.type === 'slot')
          .map((c) => c.id)
          .join(', ') || '(none left)'
      }`,
      next: `run "${nextCommand('adoptList')}" to see the open slots`,
    });
  // A slot filled earlier by adopt may be filled again (the owner's new command replaces it);
  // a command the owner wrote into the registry, or a file or manual check, is not a slot.
  const refill =
    (slot.execution.type === 'command' || slot.execution.type === 'trace') &&
    /^(adopted|manual):/.test(slot.source ?? '');
  if (slot.execution.type !== 'slot' && !refill)
    throw new UsageError(
      'BAD_VALUE',
      `${slotId} is not an open slot (execution type ${slot.execution.type})`,
      {
        where: '--fills',
        next: `adopt as a new control with --as <id>, or edit ${slotId} in the registry by hand`,
      },
    );
  const exclusive = isHeavyCommand(candidate) || slotId === 'ENG.BUILD';
  return {
    kind: 'fill',
    index,
    controlId: slotId,
    execution: commandExecution(candidate),
    source,
    ...(exclusive ? { exclusive: true as const } : {}),
  };
}

/**
 * A fill that would leave the control running exactly what it runs now (same execution, same
 * exclusivity, no new outputs): applying it would only rewrite who adopted it and when, which
 * changes the control's definition digest and so would set its recorded results (a FLAKY history
 * among them) aside. Such a fill changes nothing.
 */
export function isSameFill(
  registry: Registry,
  plan: Extract<AdoptionPlan, { kind: 'fill' }>,
): boolean {
  const current = registry.controls[plan.index];
  if (current === undefined || !current.applies.value) return false;
  if (digestJson(current.execution) !== digestJson(plan.execution)) return false;
  if ((current.exclusive === true) !== (plan.exclusive === true)) return false;
  if (plan.inputs !== undefined && digestJson(current.inputs ?? []) !== digestJson(plan.inputs))
    return false;
  return (
    plan.outputs === undefined || digestJson(current.outputs ?? []) === digestJson(plan.outputs)
  );
}
