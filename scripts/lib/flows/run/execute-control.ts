// Executes one control once and describes the outcome as RunDetails. Shared by evaluate --run and
// by audits, which re-execute what they review. Appends nothing: callers record the outcome.
import type { World } from '../../core/world/world.ts';
import {
  findMissingTool,
  INSTALL_FILES,
  missingToolNext,
} from '../../core/gate/run/missing-tool.ts';
import type { AuthorizationKind, Control, Execution } from '../../core/plane/types.ts';
import type { Blocker, ResultStatus, RunDetails } from '../../core/gate/entries/bodies.ts';
import {
  executionRisks,
  splitAuthorizations,
} from '../../core/gate/authority/check-authorization.ts';
import { riskRefusal } from '../../core/scan/risk-class.ts';
import {
  resolveGrants,
  type Grant,
  type Grantor,
} from '../../core/gate/authority/grant-authority.ts';
import type { Actor, ObjectStore } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import { pickEnvironment, relevantWithheld } from '../../core/shared/child-env.ts';
import { formatEvaluateCommand } from '../../core/next/next-command.ts';
import { redactArgv } from '../../core/redact/redact.ts';
import { makeReviewCopy } from '../../core/gate/output/review-copy.ts';
import type { ExecuteOutcome, ExecuteSettings } from './execute-outcome.ts';
import { executeFileCheck } from './execute-file-check.ts';
import { executeTraceCheck } from './execute-trace-check.ts';
import { judgeRatchet } from './judge-ratchet.ts';
import { budgetRefusal, withArtifacts } from './snapshot-artifacts.ts';
import { readInventory } from '../../core/inventory/read-inventory.ts';
import { withReportInventory } from './report-inventory.ts';

/** Default per-command timeout when a control declares none. */
export const DEFAULT_TIMEOUT_SECONDS = 600;

/** Who runs controls and which risky kinds they may run; shared by evaluate, audit and baseline. */
export interface ExecuteRequest {
  actor: Actor;
  authorize: readonly AuthorizationKind[];
  /** Who grants `authorize`; default: the acting authority (refused unless it may grant). */
  grantor?: Grantor;
  /** Where outputs go; default the plane's evidence objects. */
  objects?: ObjectStore;
}

/**
 * The settings every verb that runs controls builds the same way: grants checked before anything
 * runs (a refused grant is a usage error), redaction rules from the manifest and the environment.
 */
export function prepareExecution(
  plane: Plane,
  io: World,
  env: Readonly<Record<string, string | undefined>>,
  request: ExecuteRequest,
): ExecuteSettings {
  const grants = resolveGrants(
    request.authorize,
    request.grantor ?? request.actor,
    request.actor,
    plane.manifest,
  );
  return {
    plane,
    io,
    env,
    actor: request.actor,
    authorize: request.authorize,
    grants,
    rules: redactionRulesFor(plane, env),
    objects: request.objects ?? io.objects(plane),
    ...(io.evidenceMeter === undefined ? {} : { evidence: io.evidenceMeter(plane) }),
  };
}

function blocked(
  execution: Execution['type'],
  blocker: Blocker,
  authorizations: AuthorizationKind[],
): ExecuteOutcome {
  const details: RunDetails = {
    execution,
    duration_ms: 0,
    timed_out: false,
    truncated: false,
    blocker,
    authorizations,
  };
  return { status: 'BLOCKED', details, objects: [] };
}

/** The outcome with the grants behind its authorizations recorded beside them. */
function withGrants(outcome: ExecuteOutcome, grants: readonly Grant[]): ExecuteOutcome {
  const used = grants.filter((g) => outcome.details.authorizations.includes(g.kind));
  if (used.length === 0) return outcome;
  return { ...outcome, details: { ...outcome.details, grants: used.map((g) => ({ ...g })) } };
}

export async function executeControl(
  control: Control,
  settings: ExecuteSettings,
): Promise<ExecuteOutcome> {
  const full = await budgetRefusal(control, settings);
  if (full !== undefined) return blocked(control.execution.type, full, []);
  const outcome = await executeUngranted(control, settings);
  const stored = await withReportInventory(
    await withArtifacts(control, outcome, settings),
    settings,
  );
  return withGrants(stored, settings.grants ?? []);
}

async function executeUngranted(
  control: Control,
  settings: ExecuteSettings,
): Promise<ExecuteOutcome> {
  const execution = control.execution;
  const { granted, missing } = splitAuthorizations(execution, settings.authorize);
  const rerun = formatEvaluateCommand({
    control: control.id,
    actor: settings.actor,
    authorize: [...granted, ...missing],
  });
  const refusal = riskRefusal(executionRisks(execution));
  if (refusal !== undefined) {
    return blocked(
      execution.type,
      { kind: 'capability', detail: `the command ${refusal}: it cannot be a control`, rerun },
      granted,
    );
  }
  if (missing.length > 0) {
    return blocked(
      execution.type,
      { kind: 'authorization', detail: `needs --authorize ${missing.join(', ')}`, rerun },
      granted,
    );
  }
  switch (execution.type) {
    case 'command': {
      const outcome = await runArgv(control, execution.argv, execution, settings, granted, rerun);
      return execution.evaluation === 'ratchet'
        ? judgeRatchet(control, outcome, settings)
        : outcome;
    }
    case 'remote':
    case 'privileged':
      if (execution.argv === undefined) {
        return blocked(
          execution.type,
          { kind: 'capability', detail: 'no command: attest the result instead', rerun },
          granted,
        );
      }
      return runArgv(control, execution.argv, {}, settings, granted, rerun);
    case 'file':
      return executeFileCheck(execution, settings);
    case 'trace':
      return executeTraceCheck(execution, settings);
    case 'manual':
    case 'slot':
      return blocked(
        execution.type,
        { kind: 'capability', detail: `a ${execution.type} control is not executable`, rerun },
        granted,
      );
  }
}

interface CommandOptions {
  cwd?: string;
  timeout_seconds?: number;
  env?: string[];
  env_values?: Record<string, string>;
}

async function runArgv(
  control: Control,
  argv: readonly string[],
  options: CommandOptions,
  settings: ExecuteSettings,
  authorizations: AuthorizationKind[],
  rerun: string,
): Promise<ExecuteOutcome> {
  const { plane } = settings;
  const child = pickEnvironment(
    settings.env,
    options.env ?? [],
    plane.manifest.policies.env_pass ?? [],
    options.env_values ?? {},
  );
  const { outcome, output } = await runPicked(
    control,
    argv,
    options,
    settings,
    authorizations,
    rerun,
    child.env,
  );
  if (child.passed.length > 0) outcome.details.env_passed = child.passed;
  if (outcome.status === 'PASS') return outcome;
  const { named, others } = relevantWithheld(child.withheld, argv, output);
  return {
    ...outcome,
    ...(named.length === 0 ? {} : { withheldEnv: named }),
    ...(others === 0 ? {} : { withheldOthers: others }),
  };
}

async function runPicked(
  control: Control,
  argv: readonly string[],
  options: CommandOptions,
  settings: ExecuteSettings,
  authorizations: AuthorizationKind[],
  rerun: string,
  env: Record<string, string>,
): Promise<{ outcome: ExecuteOutcome; output: string }> {
  const { plane, io } = settings;
  const result = await io.runCommand({
    argv,
    root: plane.root,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env,
    timeoutMs: (options.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    capBytes: plane.manifest.policies.evidence.output_cap_bytes,
  });
  const redactedArgv = redactArgv(argv, settings.rules);
  if (!result.ok) {
    const blocker: Blocker = { kind: 'environment', detail: result.detail, rerun };
    const outcome = blocked(control.execution.type, blocker, authorizations);
    outcome.details = { ...outcome.details, argv: redactedArgv, duration_ms: result.durationMs };
    return { outcome, output: result.detail };
  }
  const copy = makeReviewCopy(
    result,
    settings.rules,
    plane.manifest.policies.evidence.output_cap_bytes,
  );
  const review = await settings.objects.put(new TextEncoder().encode(copy.text));
  const details: RunDetails = {
    execution: control.execution.type,
    argv: redactedArgv,
    duration_ms: result.durationMs,
    timed_out: result.timedOut,
    raw_sha256: result.rawSha256,
    raw_bytes: result.rawBytes,
    review,
    truncated: copy.truncated,
    authorizations,
  };
  if (result.exitCode !== null) details.exit_code = result.exitCode;
  if (result.signal !== null) details.detail = `ended by ${result.signal}`;
  const missing = findMissingTool(result.exitCode, copy.text);
  if (missing !== undefined) {
    const present = new Set<string>();
    for (const file of INSTALL_FILES)
      if ((await io.statPath(plane.root, file)) === 'file') present.add(file);
    details.blocker = {
      kind: 'environment',
      detail: `missing tool: ${missing}`,
      rerun: missingToolNext(rerun, present),
    };
    return { outcome: { status: 'BLOCKED', details, objects: [review] }, output: copy.text };
  }
  // What the runner says it ran, from its own summary: the verdict compares it with the base's.
  details.inventory = readInventory({ output: copy.text, argv, truncated: copy.truncated });
  const status: ResultStatus = result.exitCode === 0 && !result.timedOut ? 'PASS' : 'FAIL';
  return { outcome: { status, details, objects: [review] }, output: copy.text };
}
