// The Stop hook's decision, from facts the hook gathered without running anything. It fails
// closed: a granted claim, no applicable control, or a directory that is no proofgate project
// allow the stop; everything else — a refused claim, a broken ledger or plane, malformed input,
// git or the disk failing, a timeout, a proofgate bug — blocks it with the cause and the next
// step. After BLOCK_CAP recorded blocks in one chain on the same code the stop is let through,
// loudly: the flow must first record an `unproven-stop` note in the ledger, or it stays blocked.
// references/hook.md documents every row of this table.
import type { ClaimBlocker } from '../gate/claim/decide-claim.ts';
import { noteBlockers, type HookNoteBody } from './hook-notes.ts';
import type { HookAgent } from './parse-stop-input.ts';
import { fitReason, type ReasonParts } from './fit-reason.ts';
import { nextCommand } from '../next/next-table.ts';
import {
  noteTranscript,
  transcriptBlocks,
  transcriptHeadline,
  withTranscript,
  type TranscriptFacts,
} from './transcript-decision.ts';

export const BLOCK_CAP = 5;
const BLOCKERS_SHOWN = 5;

export type StopFacts =
  /** stdin was not a Stop / SubagentStop payload. */
  | { kind: 'malformed'; problem: string }
  /** No control plane where the hook was installed, in the working tree or committed at HEAD. */
  | { kind: 'no-plane' }
  /** No control plane, but the installed hook says the project has one (`--require-plane`). */
  | { kind: 'plane-missing'; where: string }
  /** git, the disk or the installation failed, a timeout, a proofgate bug: fail closed. */
  | { kind: 'unavailable'; problem: string; next?: string }
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
      /** The claimed control ids. */
      controls: readonly string[];
      /** The claim command that proves the stop, e.g. `proofgate claim --control unit`. */
      claimCommand: string;
    };

export interface StopRequest {
  agent: HookAgent;
  event: 'Stop' | 'SubagentStop';
  /** The payload's session id ('' when none). */
  session: string;
  stopHookActive: boolean;
  facts: StopFacts;
  /** hook-block notes already in the ledger for this chain (countChain). */
  recorded: number;
  /** Set when the note this decision needed could not be appended: the stop stays blocked. */
  recordFailure?: string;
  /** ISO time for the log line. */
  time: string;
  /** The session's transcript as the hook judged it, when the payload named one. */
  transcript?: TranscriptFacts;
}

export interface StopDecision {
  action: 'allow' | 'block';
  /** Exactly what the hook prints: one JSON line, or '' (allow, silently). */
  stdout: string;
  reason?: string;
  /** A diagnostic line for `<git dir>/proofgate/hook.log`. */
  log?: string;
  /** The ledger note the flow must append; when that fails it decides again with recordFailure. */
  note?: HookNoteBody;
  /**
   * Decided by the deadline while the work was still running (a hung stdin, git or disk, or a
   * ledger too long to verify in time): the process must end once this is printed, or the agent's
   * own timeout kills it and the block is lost.
   */
  abandoned?: true;
}

const DONE_RULE = 'Do not report done until claim exits 0.';

export function decideStop(request: StopRequest): StopDecision {
  const { facts } = request;
  switch (facts.kind) {
    case 'no-plane':
      return { action: 'allow', stdout: '' };
    case 'plane-missing':
      return block(request, planeMissingReason(facts.where), 'the control plane is missing', {
        log: logLine(request, 'plane-missing', facts.where),
      });
    case 'malformed':
      return block(request, malformedReason(facts.problem), 'the hook input is malformed', {
        log: logLine(request, 'malformed-input', facts.problem),
      });
    case 'unavailable':
      return block(
        request,
        unavailableReason(facts.problem, facts.next),
        'the hook could not decide',
        { log: logLine(request, 'hook-unavailable', facts.problem) },
      );
    case 'integrity':
      return block(request, integrityReason(facts.problem), 'integrity failure');
    case 'invalid':
      return block(request, invalidReason(facts.problem, facts.next), facts.problem);
    case 'claim':
      return decideClaim(request, facts);
  }
}

/** The warning an unjudged transcript under `warn` adds to a stop that is let through. */
function transcriptWarning(request: StopRequest): StopDecision {
  const { transcript } = request;
  if (transcript?.kind !== 'unreadable') return { action: 'allow', stdout: '' };
  const warning = `proofgate: the session transcript was not judged (${transcript.problem}); the stop was decided without it`;
  return {
    action: 'allow',
    stdout: request.agent === 'claude' ? JSON.stringify({ systemMessage: warning }) : '',
    log: logLine(request, 'transcript-unjudged', transcript.problem),
  };
}

function decideClaim(
  request: StopRequest,
  facts: Extract<StopFacts, { kind: 'claim' }>,
): StopDecision {
  // Nothing applicable lets the stop through only when nothing else refuses the claim: a rule
  // change that makes the controls "not applicable" is itself a blocker while it is not in effect
  // (an unapproved definition change, an untrusted base), and then the hook blocks as claim refuses.
  const claimAllows = facts.granted || (facts.applicable === 0 && facts.blockers.length === 0);
  // A false closing claim blocks even when the code and the ledger would let the stop through.
  if (claimAllows && !transcriptBlocks(request.transcript)) return transcriptWarning(request);
  const blockers = noteBlockers(facts.blockers.map((b) => `${b.control} [${b.stage}] ${b.status}`));
  const note = (type: HookNoteBody['type'], extra: object = {}): HookNoteBody => ({
    type,
    session: request.session,
    event: request.event,
    active: request.stopHookActive,
    subject: facts.subject,
    controls: [...facts.controls],
    blockers,
    ...noteTranscript(request.transcript),
    ...extra,
  });
  const previous = request.stopHookActive ? request.recorded : 0;
  const failure = request.recordFailure;
  const reasonOf = (): ReasonParts =>
    withTranscript(
      claimAllows ? undefined : refusalReason(facts),
      request.transcript,
      `Then stop again. ${DONE_RULE.replace('claim exits 0', `${facts.claimCommand} exits 0`)}`,
    );
  const headline = claimAllows ? transcriptHeadline(request.transcript) : facts.verdict;
  if (failure !== undefined) {
    const parts = reasonOf();
    parts.head.push(
      `The ledger could not record this stop (${failure}); until it can, the stop stays blocked.`,
    );
    return block(request, parts, headline, {
      log: logLine(request, 'record-failed', failure),
    });
  }
  if (previous >= BLOCK_CAP) {
    const warning = `proofgate: stopping WITHOUT proof after ${previous} blocked stops on the same code; recorded in the ledger as an unproven stop, shown by status and claim until a granted claim covers it (${headline})`;
    const stdout = request.agent === 'claude' ? JSON.stringify({ systemMessage: warning }) : '';
    return {
      action: 'allow',
      stdout,
      log: logLine(request, 'unproven-stop', `${facts.subject}: ${headline}`),
      note: note('unproven-stop', { blocks: previous }),
    };
  }
  return { ...block(request, reasonOf(), headline), note: note('hook-block') };
}

function block(
  request: StopRequest,
  parts: ReasonParts,
  headline: string,
  extra: { log?: string } = {},
): StopDecision {
  const reason = fitReason(parts);
  const systemMessage = `proofgate: completion refused (${headline.length <= 200 ? headline : `${headline.slice(0, 199)}…`})`;
  const output =
    request.agent === 'claude'
      ? { decision: 'block', reason, systemMessage }
      : { decision: 'block', reason };
  return { action: 'block', stdout: JSON.stringify(output), reason, ...extra };
}

const STAGE_ORDER = ['self', 'cross', 'release_authority', 'third_party'];
const STEPS_SHOWN = 6;

/** The distinct next commands of the blockers, the self stage (evaluate) before the audits. */
function nextSteps(blockers: readonly ClaimBlocker[]): string[] {
  const ordered = [...blockers].sort(
    (a, b) => STAGE_ORDER.indexOf(a.stage) - STAGE_ORDER.indexOf(b.stage),
  );
  const steps = [...new Set(ordered.flatMap((b) => (b.next === undefined ? [] : [b.next])))];
  return steps.length > STEPS_SHOWN
    ? [
        ...steps.slice(0, STEPS_SHOWN),
        `… ${steps.length - STEPS_SHOWN} more: run ${nextCommand('status')}`,
      ]
    : steps;
}

function refusalReason(facts: Extract<StopFacts, { kind: 'claim' }>): ReasonParts {
  const steps = nextSteps(facts.blockers);
  return {
    head: [`proofgate: completion ${facts.verdict}`, 'Blockers:'],
    items: facts.blockers.map((b) => `- ${b.control} [${b.stage}] ${b.status}: ${b.reason}`),
    maxItems: BLOCKERS_SHOWN,
    tail: [
      ...(steps.length === 0
        ? [`Next: ${nextCommand('status')}`]
        : ['Next, in this order:', ...steps.map((step) => `- ${step}`)]),
      `Then: ${facts.claimCommand}. ${DONE_RULE}`,
    ],
  };
}

function integrityReason(problem: string): ReasonParts {
  return {
    head: [
      `proofgate: integrity failure: run ${nextCommand('verifyFull')}`,
      `The ledger failed verification: ${problem}`,
    ],
    items: [],
    tail: [
      'Do not edit or delete ledger lines; a human must inspect the lines verify names.',
      DONE_RULE,
    ],
  };
}

function planeMissingReason(where: string): ReasonParts {
  return {
    head: [
      `proofgate: the Stop hook was installed for a proofgate project, but ${where} has no control plane (.proofgate/controls/manifest.yaml or controls/manifest.yaml), in the working tree or at HEAD.`,
      'A deleted plane does not end the gate: restore it from history.',
    ],
    items: [],
    tail: ['Next: git log --diff-filter=D --name-only --oneline -- .proofgate controls', DONE_RULE],
  };
}

function invalidReason(problem: string, next: string): ReasonParts {
  return {
    head: [`proofgate: the control plane cannot decide the claim: ${problem}`],
    items: [],
    tail: [`Next: ${next}`, DONE_RULE],
  };
}

function malformedReason(problem: string): ReasonParts {
  return {
    head: [`proofgate: the Stop hook could not read its input, so the stop is blocked: ${problem}`],
    items: [],
    tail: [
      'Next: make the hook command the one "proofgate install --hook" writes, and run proofgate claim by hand',
      DONE_RULE,
    ],
  };
}

function unavailableReason(problem: string, next: string | undefined): ReasonParts {
  return {
    head: [`proofgate: the Stop hook could not decide, so the stop is blocked: ${problem}`],
    items: [],
    tail: [`Next: ${next ?? `fix the cause above, then run ${nextCommand('status')}`}`, DONE_RULE],
  };
}

function logLine(request: StopRequest, kind: string, detail: string): string {
  return JSON.stringify({ time: request.time, agent: request.agent, kind, detail });
}
