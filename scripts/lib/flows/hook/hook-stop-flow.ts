// `proofgate hook stop`: gather (stdin, the project the hook was installed for, plane, verified
// ledger, subject bindings) → decide (decideStop, pure) → record (the hook's ledger notes) → the
// caller prints. Runs a control only to check a granted task that rests on the self stage alone
// (hook-rerun.ts), recording nothing. Fails closed: every error, and a decision that takes
// longer than HOOK_DEADLINE_MS, blocks the stop; only "no proofgate project here" and a granted
// claim let it through silently.
//
// Every stop waits for this, so git status (its longest git call) is started as soon as the
// project is known, and the claim half (hook-stop-claim.ts: the plane's YAML and validators, the
// gate) is loaded and run while status runs.
import type { World } from '../../core/world/world.ts';
import { resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import { ConfigError, IntegrityError, UsageError, isCliError } from '../../core/errors.ts';
import { decideStop, type StopDecision, type StopFacts } from '../../core/hook/decide-stop.ts';
import { parseStopInput, type HookAgent } from '../../core/hook/parse-stop-input.ts';
import type { HookStart } from '../../core/world/hook-port.ts';
import type { StopContext } from './hook-stop-claim.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { readEntriesOnce } from '../ledger/read-entries-once.ts';
import { recordStop } from './hook-stop-record.ts';

export interface StopFlowOptions {
  root: string | undefined;
  agent: HookAgent;
  /** --control ids; empty: the env var, then task.json, then every control required at target. */
  controls: readonly string[];
  /** The installed hook's `--require-plane`: no plane here blocks instead of allowing. */
  requirePlane?: boolean;
}

/**
 * The world, or the hook's start and a way to load the world (the CLI loads it only once git
 * status is running).
 */
export type StopFlowIO = World | { start: HookStart; world: () => Promise<World> };

/** Below the 30 s the installed hook entry allows, so the block is printed before a kill. */
export const HOOK_DEADLINE_MS = 25_000;
/** `PROOFGATE_HOOK_DEADLINE_MS`: may only shorten the deadline (a block past the agent's own timeout is lost). */
const DEADLINE_ENV = 'PROOFGATE_HOOK_DEADLINE_MS';

/** The hook's deadline: HOOK_DEADLINE_MS, or less when $PROOFGATE_HOOK_DEADLINE_MS asks for less. */
export function hookDeadline(env: Readonly<Record<string, string | undefined>>): number {
  const asked = Number(env[DEADLINE_ENV]);
  return Number.isInteger(asked) && asked > 0
    ? Math.min(asked, HOOK_DEADLINE_MS)
    : HOOK_DEADLINE_MS;
}

/** The directory Claude Code names as the session's project (set for every hook it runs). */
const PROJECT_ENV = 'CLAUDE_PROJECT_DIR';

export async function stopFlow(
  options: StopFlowOptions,
  ctx: Context,
  io: StopFlowIO,
  deadlineMs = HOOK_DEADLINE_MS,
): Promise<StopDecision> {
  const time = ctx.clock.now().toISOString();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<StopDecision>((resolve) => {
    timer = setTimeout(() => {
      const within = deadlineMs < 1000 ? `${deadlineMs} ms` : `${Math.round(deadlineMs / 1000)} s`;
      const problem = `no decision within ${within} (a hung git, disk or stdin)`;
      const facts = unavailable(problem);
      resolve({
        ...decideStop({ ...UNKNOWN, agent: options.agent, time, facts }),
        abandoned: true,
      });
    }, deadlineMs);
    timer.unref();
  });
  const decided = decide(options, ctx, io, time).catch((error: unknown) =>
    decideStop({ ...UNKNOWN, agent: options.agent, time, facts: toFacts(error) }),
  );
  try {
    const decision = await Promise.race([decided, late]);
    // Past the deadline git itself may be what hangs: the log is not waited for then.
    if (decision.log !== undefined) {
      const logged = writeLog(options.root, ctx, decision.log, startOf(io));
      if (decision.abandoned !== true) await logged;
    }
    return decision;
  } finally {
    clearTimeout(timer);
  }
}

/** Best effort: the diagnostic goes to `<git dir>/proofgate/hook.log` when git can name it. */
async function writeLog(
  root: string | undefined,
  ctx: Context,
  line: string,
  { hook }: HookStart,
): Promise<void> {
  try {
    const anchor = [root, ctx.env[PROJECT_ENV]].find((v) => v !== undefined && v.trim() !== '');
    const top = hook.findTopOnDisk(resolve(ctx.cwd, anchor ?? '.'));
    if (top !== undefined) hook.appendHookLog(await hook.hookDir(top), line);
  } catch {
    // the log is a diagnostic; the decision stands without it
  }
}

const UNKNOWN = { event: 'Stop', session: '', stopHookActive: false, recorded: 0 } as const;

const unavailable = (problem: string, next?: string): StopFacts => ({
  kind: 'unavailable',
  problem,
  ...(next === undefined ? {} : { next }),
});

async function decide(
  options: StopFlowOptions,
  ctx: Context,
  io: StopFlowIO,
  time: string,
): Promise<StopDecision> {
  const parsed = parseStopInput(await ctx.readStdin());
  if (!parsed.ok) {
    const facts: StopFacts = { kind: 'malformed', problem: parsed.problem };
    return decideStop({ ...UNKNOWN, agent: options.agent, time, facts });
  }
  const request = {
    agent: options.agent,
    event: parsed.input.event,
    session: parsed.input.sessionId ?? '',
    stopHookActive: parsed.input.stopHookActive,
    recorded: 0,
    time,
  };
  const { hook, git } = startOf(io);
  const anchor = projectAnchor(options.root, ctx, parsed.input.cwd, hook);
  if (typeof anchor !== 'string') return decideStop({ ...request, facts: anchor });
  const project = await hook.locateHookProject(anchor);
  if (project.kind === 'none') {
    const facts: StopFacts =
      options.requirePlane === true
        ? { kind: 'plane-missing', where: anchor }
        : { kind: 'no-plane' };
    return decideStop({ ...request, facts });
  }
  // git status first (the longest git call), then the upstream and the base, asked for once
  // beside it for the verdict's uses: each spawn holds the main thread for a while.
  await git.startWorktreeState(project.top);
  const endProbe = git.startBaseProbe(project.top, ledgerRel(project.plane));
  try {
    const gate = readEntriesOnce('start' in io ? await io.world() : io);
    const context: StopContext = { root: project.top, dir: project.dir, gate, ctx };
    return await recordStop(
      request,
      context,
      options.controls,
      toFacts,
      parsed.input.transcriptPath,
    );
  } finally {
    endProbe();
    git.endWorktreeState(project.top);
  }
}

/** What the hook uses before the world: the world's own parts when it is given whole. */
const startOf = (io: StopFlowIO): HookStart => ('start' in io ? io.start : io);

/**
 * The directory the hook decides for: `--root`, else $CLAUDE_PROJECT_DIR, else the hook's working
 * directory. The payload's `cwd` (which follows the agent's `cd`) is used only when neither names
 * a repository, and a payload cwd in another repository than the hook's blocks.
 */
function projectAnchor(
  root: string | undefined,
  ctx: Context,
  payloadCwd: string | undefined,
  hook: HookStart['hook'],
): string | StopFacts {
  const existingDir = (path: string) => hook.existingDir(path);
  const findTopOnDisk = (start: string) => hook.findTopOnDisk(start);
  const pinned = [root, ctx.env[PROJECT_ENV]].find((v) => v !== undefined && v.trim() !== '');
  if (pinned !== undefined) {
    const dir = existingDir(resolve(ctx.cwd, pinned));
    return (
      dir ??
      unavailable(
        `the project directory ${pinned} (${root === pinned ? '--root' : `$${PROJECT_ENV}`}) does not exist`,
        'run the hook from the project it was installed in (proofgate install --hook writes the command)',
      )
    );
  }
  const here = findTopOnDisk(ctx.cwd);
  const said = payloadCwd === undefined ? undefined : existingDir(payloadCwd);
  if (payloadCwd !== undefined && said === undefined) {
    return here ?? unavailable(`the payload's cwd ${payloadCwd} is not a directory`);
  }
  const named = said === undefined ? undefined : findTopOnDisk(said);
  if (here !== undefined && named !== undefined && existingDir(here) !== existingDir(named)) {
    return unavailable(
      `the payload's cwd ${payloadCwd ?? ''} lies in ${named}, but the hook runs in ${here}`,
      `pin the project: proofgate install --hook writes --root; or set $${PROJECT_ENV}`,
    );
  }
  return here ?? said ?? ctx.cwd;
}

export function toFacts(error: unknown): StopFacts {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof IntegrityError) return { kind: 'integrity', problem: message };
  if (error instanceof ConfigError || error instanceof UsageError) {
    return { kind: 'invalid', problem: message, next: error.next ?? 'run proofgate status' };
  }
  const code = isCliError(error) ? `${error.code}: ` : '';
  const next = isCliError(error) ? error.next : undefined;
  return unavailable(`${code}${message}`, next);
}
