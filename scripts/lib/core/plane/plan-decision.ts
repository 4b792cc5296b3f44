// Decisions a person makes from the command line instead of editing registry.yaml: the command
// that fills a slot no scanned candidate fits (`adopt --fills SLOT -- <argv...>`), and a control
// that does not apply to this project (`adopt --not-applicable ID --rationale ...`). Both record who
// decided and when; a manual command meets the same risk rules as a scanned one.
import { UsageError } from '../errors.ts';
import { quoteArg } from '../next/next-command.ts';
import { classifyArgv, riskAuthorizations, type RiskClass } from '../scan/risk-class.ts';
import type { Candidate } from '../scan/types.ts';
import { isHeavyCommand } from '../scan/heavy-command.ts';
import {
  assertAdoptable,
  planFill,
  adoptedInputs,
  requestedOutputs,
  type AdoptionPlan,
  type Recorded,
} from './plan-adoption.ts';
import type { AuthorizationKind, Manifest, Registry } from './types.ts';
import { nextCommand } from '../next/next-table.ts';
import { assertGlobs } from '../shared/pathspec.ts';

export interface ManualFillRequest {
  slot: string;
  argv: readonly string[];
  authorize: readonly AuthorizationKind[];
  recorded: Recorded;
  /** Files the command writes (declared outputs). */
  outputs?: readonly string[];
  /** The person's own inputs (`--inputs`), or none (`--whole-tree`); else scan's proposal. */
  inputs?: readonly string[];
  wholeTree?: boolean;
}

/** The person deciding: `--authority-id` when given, else the manifest's only active human. */
export function pickDecider(
  manifest: Manifest,
  requested: string | undefined,
  retry: string,
  suggested: string,
): string {
  const humans = manifest.authorities.filter((a) => a.kind === 'human' && a.retired === undefined);
  if (requested !== undefined) {
    const found = manifest.authorities.find((a) => a.id === requested);
    if (found === undefined || found.retired !== undefined || found.kind !== 'human')
      throw new UsageError(
        'BAD_VALUE',
        `${requested} ${found === undefined ? 'is not a registered authority' : found.retired !== undefined ? 'is retired' : `is a ${found.kind} authority, not a person`}`,
        {
          where: '--authority-id',
          expected: `an active human authority: ${humans.map((h) => h.id).join(', ') || '(none registered)'}`,
          next:
            humans[0] === undefined
              ? `${nextCommand('authorityAdd', { id: suggested })}, then run this command again`
              : `${retry} --authority-id ${humans[0].id}`,
        },
      );
    return found.id;
  }
  const only = humans.length === 1 ? humans[0] : undefined;
  if (only !== undefined) return only.id;
  throw new UsageError(
    'MISSING_ARG',
    humans.length === 0
      ? 'no human authority is registered to own this decision'
      : `several human authorities could own this decision (${humans.map((h) => h.id).join(', ')})`,
    {
      where: '--authority-id',
      expected: 'the person who decides, registered in controls/manifest.yaml',
      next:
        humans[0] === undefined
          ? `${nextCommand('authorityAdd', { id: suggested })}, then run this command again`
          : `${retry} --authority-id ${humans[0].id}`,
    },
  );
}

function manualRetry(slot: string, argv: readonly string[]): (flags: string) => string {
  return (flags) => `proofgate adopt --fills ${slot} ${flags} -- ${argv.map(quoteArg).join(' ')}`;
}

/** The words of a command that are not options (`npm run build` → run, build), for naming. */
function words(argv: readonly string[]): string[] {
  return argv.slice(1).filter((a) => !a.startsWith('-'));
}

export function planManualFill(
  registry: Registry,
  scanned: readonly Candidate[],
  request: ManualFillRequest,
): Extract<AdoptionPlan, { kind: 'fill' }> {
  const argv = [...request.argv];
  if (argv.length === 0 || argv.some((a) => a === ''))
    throw new UsageError('MISSING_ARG', `--fills ${request.slot} needs the command after --`, {
      expected: 'one program and its arguments, each its own word, e.g. -- npx tsc --noEmit',
      next: `proofgate adopt --fills ${request.slot} -- npx tsc --noEmit`,
    });
  if (/\s/.test(argv[0]!))
    throw new UsageError('BAD_VALUE', `"${argv[0]!}" looks like a shell string, not one program`, {
      where: 'the command after --',
      expected: 'one program name, then each argument as its own word (never a shell string)',
      next: `proofgate adopt --fills ${request.slot} -- ${argv[0]!.split(/\s+/).filter(Boolean).map(quoteArg).join(' ')}`,
    });
  // The same words found by scan carry what scan learned from their script body.
  const same = scanned.find((c) => c.argv.join('\0') === argv.join('\0'));
  const risks = [...new Set<RiskClass>([...classifyArgv(argv), ...(same?.risks ?? [])])];
  const manual: Candidate = {
    id: JSON.stringify(argv.join(' ')),
    argv,
    where: 'the command after --',
    authorization: riskAuthorizations(risks),
    risks,
  };
  assertAdoptable(manual, request.authorize, manualRetry(request.slot, argv));
  const plan = planFill(registry, manual, request.slot, `manual:${request.recorded.by}`);
  const exclusive =
    plan.exclusive === true ||
    isHeavyCommand({ ...manual, id: ['manual', ...words(argv)].join(':') });
  const outputs = requestedOutputs(request.outputs);
  // the same words scan found carry its proposed inputs
  const inputs = adoptedInputs(request, same?.inputs);
  return {
    ...plan,
    ...(exclusive ? { exclusive: true as const } : {}),
    recorded: request.recorded,
    ...(outputs === undefined ? {} : { outputs }),
    ...(inputs === undefined ? {} : { inputs }),
  };
}

export function planNotApplicable(
  registry: Registry,
  request: { control: string; rationale: string | undefined; recorded: Recorded },
): Extract<AdoptionPlan, { kind: 'not_applicable' }> {
  const index = registry.controls.findIndex((c) => c.id === request.control);
  if (index === -1)
    throw new UsageError('UNKNOWN_ID', `no control "${request.control}" in the registry`, {
      where: '--not-applicable',
      expected: `a control id: ${registry.controls.map((c) => c.id).join(', ')}`,
      next: `run "${nextCommand('status')}" to see every control`,
    });
  const rationale = (request.rationale ?? '').trim();
  if (rationale === '')
    throw new UsageError('MISSING_ARG', `--not-applicable ${request.control} needs --rationale`, {
      where: '--rationale',
      expected: 'why the control does not apply to this project, in one sentence',
      next: nextCommand('adoptNotApplicable', {
        control: request.control,
        why: `why ${request.control} does not apply here`,
      }),
    });
  return {
    kind: 'not_applicable',
    index,
    controlId: request.control,
    owner: request.recorded.by,
    rationale,
    recorded: request.recorded,
  };
}

/**
 * `adopt --uncounted`: the command control prints no test count a parser reads, so its runs carry
 * no inventory (`inventory: none`); a definition change, approved under the base's rules.
 */
export function planUncounted(
  registry: Registry,
  request: { control: string },
): Omit<Extract<AdoptionPlan, { kind: 'uncounted' }>, 'recorded'> {
  const index = registry.controls.findIndex((c) => c.id === request.control);
  const control = registry.controls[index];
  const commands = registry.controls.filter((c) => c.execution.type === 'command');
  if (control === undefined || control.execution.type !== 'command')
    throw new UsageError(
      control === undefined ? 'UNKNOWN_ID' : 'BAD_FLAG',
      control === undefined
        ? `no control "${request.control}" in the registry`
        : `${request.control} is not a command control: only a command's output holds a test count`,
      {
        where: '--uncounted',
        expected: `a command control: ${commands.map((c) => c.id).join(', ') || '(none yet)'}`,
        next: `run "${nextCommand('status')}" to see every control`,
      },
    );
  return { kind: 'uncounted', index, controlId: request.control };
}

export interface TraceFillRequest {
  slot: string;
  /** A shipped pack by name (`honest-completion`) or a pack file relative to the root. */
  pack: string;
  /** Globs of the recorded traces, relative to the root. */
  traces: readonly string[];
  recorded: Recorded;
}

/**
 * A trajectory slot (e.g. AI.TRAJECTORY_RULES) filled with a rule pack and where the traces are:
 * its execution becomes `{type: trace, pack, traces}`, recorded as the person's decision.
 */
export function planTraceFill(
  registry: Registry,
  request: TraceFillRequest,
): Extract<AdoptionPlan, { kind: 'fill' }> {
  const retry = `proofgate adopt --fills ${request.slot} --trace-pack honest-completion --traces 'traces/**/*.jsonl'`;
  if (request.pack.trim() === '' || request.traces.length === 0)
    throw new UsageError(
      'MISSING_ARG',
      `--fills ${request.slot} with a trace pack needs --trace-pack and --traces`,
      {
        expected: 'a pack (a shipped name or a file) and at least one glob of recorded traces',
        next: retry,
      },
    );
  assertGlobs([...request.traces], '--traces');
  const slot = registry.controls.find((c) => c.id === request.slot);
  if (slot !== undefined && slot.execution.type === 'command')
    throw new UsageError('BAD_VALUE', `${request.slot} runs a command, not a trace pack`, {
      where: '--fills',
      next: `adopt --list names the trajectory slots; ${retry}`,
    });
  const traces = [...new Set(request.traces)];
  const plan = planFill(
    registry,
    { id: 'trace', argv: ['trace'], where: '--trace-pack', authorization: [] },
    request.slot,
    `manual:${request.recorded.by}`,
  );
  return {
    kind: 'fill',
    index: plan.index,
    controlId: plan.controlId,
    execution: { type: 'trace', pack: request.pack, traces },
    source: plan.source,
    recorded: request.recorded,
  };
}
