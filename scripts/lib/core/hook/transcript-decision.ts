// The Stop hook's judgement of the session transcript (issue 53): the facts the flow gathers (the
// honest-completion pack's findings, or why the transcript could not be judged), whether they
// alone block a stop, what the ledger note keeps of them, and the reason's part that lists the
// false claims with their next steps. decide-stop.ts combines it with the claim's decision.
import type { NoteTranscript } from './hook-notes.ts';
import type { ReasonParts } from './fit-reason.ts';

/** One block finding of the honest-completion pack over the session's transcript. */
export interface TranscriptFinding {
  rule: string;
  /** The whole finding, quoting the sentence and the call (already redacted). */
  message: string;
  /** The sentence of the final message that made the claim (already redacted). */
  quote: string;
  callId?: string;
  /** The command of the run the claim rests on, when there was one. */
  command?: string;
}

/**
 * The transcript's part: judged (its sha256 and the block findings, none when honest), or not
 * judged (missing, an unknown format, malformed) and what the plane's policy
 * (`policies.transcript_unreadable`) makes of that.
 */
export type TranscriptFacts =
  | { kind: 'judged'; sha256: string; findings: readonly TranscriptFinding[] }
  | { kind: 'unreadable'; problem: string; policy: 'warn' | 'block'; sha256?: string };

/** Whether the transcript alone blocks the stop: a false claim, or an unjudged one under `block`. */
export function transcriptBlocks(transcript: TranscriptFacts | undefined): boolean {
  if (transcript === undefined) return false;
  return transcript.kind === 'judged'
    ? transcript.findings.length > 0
    : transcript.policy === 'block';
}

export function noteTranscript(transcript: TranscriptFacts | undefined): {
  transcript?: NoteTranscript;
} {
  if (transcript === undefined) return {};
  if (transcript.kind === 'unreadable')
    return {
      transcript: {
        ...(transcript.sha256 === undefined ? {} : { sha256: transcript.sha256 }),
        findings: [],
        problem: transcript.problem,
      },
    };
  const findings = transcript.findings.map((f) => ({
    rule: f.rule,
    quote: f.quote,
    ...(f.callId === undefined ? {} : { callId: f.callId }),
  }));
  return { transcript: { sha256: transcript.sha256, findings } };
}

export function transcriptHeadline(transcript: TranscriptFacts | undefined): string {
  if (transcript?.kind === 'unreadable')
    return 'the session transcript could not be judged (policies.transcript_unreadable: block)';
  const first = transcript?.findings[0];
  return first === undefined ? 'the final message' : `${first.rule}: "${first.quote}"`;
}

/** What to do about one false claim: run its command again, or stop claiming what never ran. */
function transcriptStep(finding: TranscriptFinding): string {
  if (finding.command !== undefined)
    return `run ${finding.command} again and report what it says; claim only what its output shows`;
  return `run the check the claim needs (e.g. the project's test command) and report what it says, or drop the claim "${finding.quote}"`;
}

/**
 * The reason with the transcript's part: false claims are listed (with the refused claim's
 * blockers, when the claim was refused too) and each gets its next step; an unjudged transcript
 * is said.
 */
export function withTranscript(
  refusal: ReasonParts | undefined,
  transcript: TranscriptFacts | undefined,
  thenStop: string,
): ReasonParts {
  const parts: ReasonParts = refusal ?? { head: [], items: [], tail: [thenStop] };
  if (transcript === undefined) return parts;
  if (transcript.kind === 'unreadable') {
    const said = `The session transcript was not judged: ${transcript.problem}${transcript.policy === 'block' ? ' (policies.transcript_unreadable: block)' : ''}.`;
    if (refusal === undefined)
      return {
        head: [`proofgate: completion refused: ${said}`],
        items: [],
        tail: [
          'Next: tell the user the transcript could not be read; the owner requires a judged transcript to stop.',
          ...parts.tail,
        ],
      };
    return { ...parts, head: [...parts.head, said] };
  }
  if (transcript.findings.length === 0) return parts;
  const items = transcript.findings.map((f) => `- ${f.rule}: ${f.message}`);
  const steps = [...new Set(transcript.findings.map(transcriptStep))];
  const head =
    refusal === undefined
      ? [
          "proofgate: completion refused: the final message claims what the session's own tool results do not show",
          'False claims:',
        ]
      : [...parts.head];
  return {
    head,
    items: refusal === undefined ? items : [...items, ...parts.items],
    ...(refusal?.maxItems === undefined ? {} : { maxItems: refusal.maxItems + items.length }),
    tail: [...steps.map((s) => `Next: ${s}`), ...parts.tail],
  };
}
