// The Stop hook's decision, from facts the hook gathered without running anything: allow silently,
// block with a short reason the agent must act on, or — after BLOCK_CAP consecutive blocks on the
// same code — allow with a warning that the stop is unproven, so a session can never deadlock.
// references/hook.md documents every row of this table.
import type { ClaimBlocker } from '../gate/decide-claim.ts';
import type { HookAgent } from './parse-stop-input.ts';

export const BLOCK_CAP = 5;
export const REASON_LIMIT = 1500;
const BLOCKERS_SHOWN = 5;

/** Consecutive blocks on one subject, kept in the git dir between hook calls. */
export interface HookState {
  subject: string;
  blocks: number;
}

export type StopFacts =
  /** stdin was not a Stop / SubagentStop payload. */
  | { kind: 'malformed'; problem: string }
  /** Not a git repository, or no control plane in it: nothing to gate. */
  | { kind: 'no-plane' }
  /** git or the disk failed, or proofgate has a bug: a broken hook must not brick the agent. */
  | { kind: 'unavailable'; problem: string }
  /** The ledger failed verification: fail closed. */
  | { kind: 'integrity'; problem: string }
  /** The manifest, registry or task file is invalid: fail closed (an agent could break it to escape). */
  | { kind: 'invalid'; problem: string; next: string }
  | {
      kind: 'claim';
      /** Digest of the subject bindings the statuses were computed on. */
      subject: string;
      granted: boolean;
      verdict: string;
      blockers: readonly ClaimBlocker[];
      /** Claimed controls that are not NOT_APPLICABLE. */
      applicable: number;
      /** The claim command that proves the stop, e.g. `proofgate claim --control unit`. */
      claimCommand: string;
    };

export interface StopRequest {
  agent: HookAgent;
  stopHookActive: boolean;
  facts: StopFacts;
  state: HookState | undefined;
  /** ISO time for the log line. */
  time: string;
}

export interface StopDecision {
  action: 'allow' | 'block';
  /** Exactly what the hook prints: one JSON line, or '' (allow, silently). */
  stdout: string;
  reason?: string;
  /** A diagnostic line for `<git dir>/proofgate/hook.log`. */
  log?: string;
  /** The counter to keep; undefined clears it. */
  state: HookState | undefined;
}

export function decideStop(request: StopRequest): StopDecision {
  const { facts } = request;
  switch (facts.kind) {
    case 'malformed':
      return allow(request.state, logLine(request, 'malformed-input', facts.problem));
    case 'unavailable':
      return allow(request.state, logLine(request, 'hook-unavailable', facts.problem));
    case 'no-plane':
      return allow(undefined);
    case 'integrity':
      return block(request, 'integrity', integrityReason(facts.problem), 'integrity failure');
    case 'invalid':
      return block(
        request,
        'invalid-plane',
        invalidReason(facts.problem, facts.next),
        facts.problem,
      );
    case 'claim':
      if (facts.granted || facts.applicable === 0) return allow(undefined);
      return block(request, facts.subject, refusalReason(facts), facts.verdict);
  }
}

function allow(state: HookState | undefined, log?: string): StopDecision {
  return { action: 'allow', stdout: '', state, ...(log === undefined ? {} : { log }) };
}

function block(
  request: StopRequest,
  subject: string,
  reason: string,
  headline: string,
): StopDecision {
  const previous = request.state;
  const blocks = request.stopHookActive && previous?.subject === subject ? previous.blocks + 1 : 1;
  const state = { subject, blocks };
  if (blocks > BLOCK_CAP) {
    const warning = `proofgate: stopping WITHOUT proof after ${BLOCK_CAP} blocked stops on the same code; the claim is still refused (${headline})`;
    const stdout = request.agent === 'claude' ? JSON.stringify({ systemMessage: warning }) : '';
    const log = logLine(request, 'unproven-stop', `${subject}: ${headline}`);
    return { action: 'allow', stdout, log, state };
  }
  const bounded = boundReason(reason);
  const output =
    request.agent === 'claude'
      ? {
          decision: 'block',
          reason: bounded,
          systemMessage: `proofgate: completion refused (${headline})`,
        }
      : { decision: 'block', reason: bounded };
  return { action: 'block', stdout: JSON.stringify(output), reason: bounded, state };
}

const STAGE_ORDER = ['self', 'cross', 'release_authority', 'third_party'];
const STEPS_SHOWN = 6;

/** The distinct next commands of the blockers, the self stage (evaluate) before the audits. */
function nextSteps(blockers: Extract<StopFacts, { kind: 'claim' }>['blockers']): string[] {
  const ordered = [...blockers].sort(
    (a, b) => STAGE_ORDER.indexOf(a.stage) - STAGE_ORDER.indexOf(b.stage),
  );
  const steps = [...new Set(ordered.flatMap((b) => (b.next === undefined ? [] : [b.next])))];
  return steps.length > STEPS_SHOWN
    ? [...steps.slice(0, STEPS_SHOWN), `… ${steps.length - STEPS_SHOWN} more: run proofgate status`]
    : steps;
}

function refusalReason(facts: Extract<StopFacts, { kind: 'claim' }>): string {
  const shown = facts.blockers.slice(0, BLOCKERS_SHOWN);
  const lines = [`proofgate: completion ${facts.verdict}`, 'Blockers:'];
  for (const b of shown) lines.push(`- ${b.control} [${b.stage}] ${b.status}: ${b.reason}`);
  const rest = facts.blockers.length - shown.length;
  if (rest > 0) lines.push(`- … and ${rest} more (run proofgate status)`);
  const steps = nextSteps(facts.blockers);
  if (steps.length === 0) lines.push('Next: proofgate status');
  else lines.push('Next, in this order:', ...steps.map((step) => `- ${step}`));
  lines.push(`Then: ${facts.claimCommand}. Do not report done until claim exits 0.`);
  return lines.join('\n');
}

function integrityReason(problem: string): string {
  return [
    'proofgate: integrity failure: run proofgate verify --full',
    `The ledger failed verification: ${problem}`,
    'Do not edit or delete ledger lines; a human must inspect the lines verify names.',
    'Do not report done until claim exits 0.',
  ].join('\n');
}

function invalidReason(problem: string, next: string): string {
  return [
    `proofgate: the control plane cannot decide the claim: ${problem}`,
    `Next: ${next}`,
    'Do not report done until claim exits 0.',
  ].join('\n');
}

/** Cuts the reason to REASON_LIMIT characters, keeping the last line (the instruction). */
export function boundReason(reason: string): string {
  if (reason.length <= REASON_LIMIT) return reason;
  const lines = reason.split('\n');
  const last = lines.pop() ?? '';
  const room = REASON_LIMIT - last.length - 2;
  return `${lines.join('\n').slice(0, Math.max(0, room - 1))}…\n${last}`.slice(0, REASON_LIMIT);
}

function logLine(request: StopRequest, kind: string, detail: string): string {
  return JSON.stringify({ time: request.time, agent: request.agent, kind, detail });
}
