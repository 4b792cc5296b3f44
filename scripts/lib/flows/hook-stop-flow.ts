// `proofgate hook stop`: gather (stdin, git root, plane, verified ledger, subject bindings) →
// decide (decideStop, pure) → the caller prints. Never runs a control and never appends to the
// ledger; the only writes are the counter and the log inside the git dir.
//
// Every stop waits for this, so git status (its longest git call) is started as soon as the
// root is known, and the claim half (hook-stop-claim.ts: the plane's YAML and validators, the
// gate) is loaded and run while status runs.
import type { Context } from '../core/context.ts';
import { ConfigError, IntegrityError, UsageError, isCliError } from '../core/errors.ts';
import { decideStop, type StopDecision, type StopFacts } from '../core/hook/decide-stop.ts';
import type { StopEvent } from '../core/hook/merge-hook-settings.ts';
import { parseStopInput, type HookAgent } from '../core/hook/parse-stop-input.ts';
import type { GateIO } from '../core/ports.ts';
import { findRepositoryPaths, resolveRoot } from '../io/git.ts';
import { appendHookLog, hookDir, readHookState, writeHookState } from '../io/hook-files.ts';
import { locatePlane } from '../io/locate-plane.ts';
import { startWorktreeState } from '../io/worktree-state.ts';

export interface StopFlowOptions {
  root: string | undefined;
  agent: HookAgent;
  /** --control ids; empty: the env var, then task.json, then every control required at target. */
  controls: readonly string[];
}

/** The gate's world, or a way to load it (the CLI loads it only once git status is running). */
export type StopFlowIO = GateIO | (() => Promise<GateIO>);

export async function stopFlow(
  options: StopFlowOptions,
  ctx: Context,
  io: StopFlowIO,
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
  else facts = await claimFacts(root, dir, options, ctx, io).catch(toFacts);
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

async function claimFacts(
  root: string,
  dir: string,
  options: StopFlowOptions,
  ctx: Context,
  io: StopFlowIO,
): Promise<StopFacts> {
  await startWorktreeState((await findRepositoryPaths(root)).top);
  const [{ gatherClaimFacts }, gate] = await Promise.all([
    import('./hook-stop-claim.ts'),
    typeof io === 'function' ? io() : io,
  ]);
  return gatherClaimFacts(root, dir, options.controls, ctx, gate);
}

function persist(dir: string, event: StopEvent, decision: StopDecision): void {
  try {
    writeHookState(dir, event, decision.state);
    if (decision.log !== undefined) appendHookLog(dir, decision.log);
  } catch {
    // the decision stands even when the git dir is read-only
  }
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
