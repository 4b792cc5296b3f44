// `proofgate hook stop`: gather (stdin, git root, plane, verified ledger, subject bindings) →
// decide (decideStop, pure) → the caller prints. Never runs a control and never appends to the
// ledger; the only writes are the counter and the log inside the git dir.
import type { Context } from '../core/context.ts';
import { ConfigError, IntegrityError, UsageError, isCliError } from '../core/errors.ts';
import { sha256Hex } from '../core/hash.ts';
import { quoteArg } from '../core/gate/next-command.ts';
import { decideStop, type StopDecision, type StopFacts } from '../core/hook/decide-stop.ts';
import type { StopEvent } from '../core/hook/merge-hook-settings.ts';
import { parseStopInput, type HookAgent } from '../core/hook/parse-stop-input.ts';
import type { GateIO } from '../core/ports.ts';
import { decideVerdict } from '../core/gate/decide-verdict.ts';
import { refuseTaskOutsideCampaign } from '../core/brownfield/refuse-outside-campaign.ts';
import { gatherStatuses } from './status-flow.ts';
import { decideInCampaign } from './campaign-claim.ts';
import type { Plane } from '../core/plane/plane.ts';
import type { ClaimDecision } from '../core/gate/decide-claim.ts';
import type { ControlStatus } from '../core/gate/compute-status.ts';
import { findRepositoryPaths, resolveRoot } from '../io/git.ts';
import {
  appendHookLog,
  hookDir,
  readHookState,
  readTaskFile,
  parseTaskControlsEnv,
  writeHookState,
} from '../io/hook-files.ts';
import { locatePlane } from '../io/plane.ts';
import { startWorktreeState } from '../io/worktree-state.ts';

/** Comma- or space-separated control ids naming the task (between --control and task.json). */
const TASK_ENV = 'PROOFGATE_TASK_CONTROLS';
/** The claim an ai_brownfield task makes: inside its campaign (`campaign list` names both ids). */
const CAMPAIGN_CLAIM = 'proofgate claim --campaign <campaign id> --task <task id>';

export interface StopFlowOptions {
  root: string | undefined;
  agent: HookAgent;
  /** --control ids; empty: the env var, then task.json, then every control required at target. */
  controls: readonly string[];
}

export async function stopFlow(
  options: StopFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<StopDecision> {
  const parsed = parseStopInput(await ctx.readStdin());
  // The session's cwd may be a subdirectory: its git top level is the root, as without --root.
  const cwd = (parsed.ok ? parsed.input.cwd : undefined) ?? ctx.cwd;
  const root = await resolveRoot(options.root, options.root === undefined ? cwd : ctx.cwd).catch(
    () => undefined,
  );
  const dir = root === undefined ? undefined : await hookDir(root).catch(() => undefined);
  // Stop and SubagentStop count their blocks apart: a subagent's loop never ends the parent's.
  const event = parsed.ok ? parsed.input.event : 'Stop';
  let facts: StopFacts;
  if (!parsed.ok) facts = { kind: 'malformed', problem: parsed.problem };
  else if (root === undefined || dir === undefined || locatePlane(root) === undefined)
    facts = { kind: 'no-plane' };
  else facts = await gatherClaimFacts(root, dir, options, ctx, io).catch(toFacts);
  const decision = decideStop({
    agent: options.agent,
    stopHookActive: parsed.ok && parsed.input.stopHookActive,
    facts,
    state: dir === undefined ? undefined : readHookState(dir, event),
    time: ctx.clock.now().toISOString(),
  });
  if (dir !== undefined) persist(dir, event, decision);
  return decision;
}

function persist(dir: string, event: StopEvent, decision: StopDecision): void {
  try {
    writeHookState(dir, event, decision.state);
    if (decision.log !== undefined) appendHookLog(dir, decision.log);
  } catch {
    // the decision stands even when the git dir is read-only
  }
}

async function gatherClaimFacts(
  root: string,
  dir: string,
  options: StopFlowOptions,
  ctx: Context,
  io: GateIO,
): Promise<StopFacts> {
  // git status (the longest git call) runs while the plane is read and validated.
  await startWorktreeState((await findRepositoryPaths(root)).top);
  const named = taskControls(options.controls, ctx.env[TASK_ENV]);
  const file = named === undefined ? readTaskFile(dir) : undefined;
  const plane = await io.loadPlane(root);
  if (file?.campaign !== undefined) return campaignFacts(plane, file.campaign, ctx, io);
  const gathered = await gatherStatuses(plane, named ?? file?.controls ?? [], ctx, io);
  // As claim, readiness and status do: in ai_brownfield a plain task claim is refused outside a
  // campaign, so the hook never lets a stop through that `claim` would refuse.
  const outside = refuseTaskOutsideCampaign(plane.manifest, 'task');
  const decision = outside ?? decideVerdict('task', plane, gathered);
  const claimed = gathered.statuses.map((s) => s.control);
  return claimFacts(
    decision,
    gathered,
    outside === undefined ? claimCommandFor(claimed) : CAMPAIGN_CLAIM,
  );
}

/** A campaign task named by the task file: the decision `claim --campaign --task` would make. */
async function campaignFacts(
  plane: Plane,
  named: { campaign: string; task: string },
  ctx: Context,
  io: GateIO,
): Promise<StopFacts> {
  const decided = await decideInCampaign(plane, { ...named, controls: [] }, ctx, io);
  const command = ['proofgate', 'claim', '--campaign', named.campaign, '--task', named.task]
    .map(quoteArg)
    .join(' ');
  return claimFacts(decided.decision, decided, command);
}

function claimFacts(
  decision: Pick<ClaimDecision, 'granted' | 'verdict' | 'blockers'>,
  gathered: { subjects: ReadonlyMap<string, unknown>; statuses: readonly ControlStatus[] },
  claimCommand: string,
): StopFacts {
  // Code-unit order: a locale comparison would load the collator (milliseconds) for ids alone.
  const subjects = [...gathered.subjects.entries()].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return {
    kind: 'claim',
    subject: sha256Hex(JSON.stringify(subjects)),
    granted: decision.granted,
    verdict: decision.verdict,
    blockers: decision.blockers,
    applicable: gathered.statuses.filter((s) => s.status !== 'NOT_APPLICABLE').length,
    claimCommand,
  };
}

function taskControls(flags: readonly string[], env: string | undefined): string[] | undefined {
  if (flags.length > 0) return [...flags];
  return parseTaskControlsEnv(env);
}

function claimCommandFor(controls: readonly string[]): string {
  const command = ['proofgate', 'claim', ...controls.flatMap((c) => ['--control', c])]
    .map(quoteArg)
    .join(' ');
  return command.length <= 300
    ? command
    : 'proofgate claim --control <id> for each control the task touched';
}

function toFacts(error: unknown): StopFacts {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof IntegrityError) return { kind: 'integrity', problem: message };
  if (error instanceof ConfigError || error instanceof UsageError) {
    return { kind: 'invalid', problem: message, next: error.next ?? 'run proofgate status' };
  }
  const code = isCliError(error) ? `${error.code}: ` : '';
  return { kind: 'unavailable', problem: `${code}${message}` };
}
