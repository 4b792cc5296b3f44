// The normalized trace model every adapter produces and every rule reads (issue 5 §1).

export interface ToolCallEvent {
  type: 'tool.call';
  seq: number;
  callId: string;
  name: string;
  /** Parsed arguments; undefined when the source did not capture them (see argsMissing). */
  args: unknown;
  /** The raw argument string, kept when it could not be parsed. */
  argsRaw?: string;
  argsParseError?: string;
  /** The source records a call but not its arguments (e.g. OTel content capture off). */
  argsMissing?: boolean;
  /** Where in the raw trace: `L12`, `span 9f2c…`, `messages[3]`. */
  src?: string;
  /** The subagent that produced the event (Claude Code subagent files); absent for the main agent. */
  agent?: string;
}

export interface ToolResultEvent {
  type: 'tool.result';
  seq: number;
  callId: string;
  /** true/false when the format says so; null when it cannot tell (the pack's okWhen may decide). */
  ok: boolean | null;
  data: unknown;
  error?: ToolError;
  src?: string;
  agent?: string;
}

/** `outcome_unknown` marks synthetic results (crash repair): never resolved to ok. */
interface ToolError {
  type: string;
  message: string;
}

export interface MessageEvent {
  type: 'assistant.message' | 'user.message';
  seq: number;
  content: string;
  src?: string;
  agent?: string;
}

export type TraceEvent = ToolCallEvent | ToolResultEvent | MessageEvent;

/**
 * What produced the trace, when the source records it: the versions a regression is tracked
 * across (`trace compare`) and a pack's expected tool versions are checked against.
 */
export interface RecordedWith {
  /** Model id as the source names it (the first one seen). */
  model?: string;
  /** sha256 of the system prompt text, when the source carries it. */
  promptSha256?: string;
  /** Version of the agent Skill (or agent preset) that ran. */
  skillVersion?: string;
  /** Version of the agent CLI that recorded the trace (Claude Code's `version` field). */
  cliVersion?: string;
  /** Tool or plugin name → version, e.g. MCP servers and plugins. */
  tools?: Record<string, string>;
}

export interface TraceHeader {
  /** `<adapter>@<version>`, e.g. `claude-code@1`. */
  adapter: string;
  sourceVersion?: string;
  recordedWith?: RecordedWith;
  /** sha256 of the raw bytes of the trace file as read; the trace itself is never modified. */
  rawSha256: string;
  sessionId?: string;
  /** Subagents whose own files were merged into this trace (Claude Code `subagents/agent-*.jsonl`). */
  agents?: string[];
}

/** What the adapter saw besides events: coverage must always be visible. */
export interface RecordCounts {
  /** Raw records looked at (lines, messages, items, spans). */
  records: number;
  /** Records that produced at least one event. */
  recognized: number;
  /** Records of a kind the adapter does not know, counted by kind. */
  unknown: number;
  unknownKinds: Record<string, number>;
  /** Records that could not be parsed (bad JSON, too deep, too long, out-of-order seq). */
  malformed: number;
  /** Known records with nothing to evaluate (system prompts, chunks, snapshots). */
  skipped: number;
  /** The first few problems, with their location (`L12: invalid JSON`). */
  notes: string[];
}

export function emptyCounts(): RecordCounts {
  return {
    records: 0,
    recognized: 0,
    unknown: 0,
    unknownKinds: {},
    malformed: 0,
    skipped: 0,
    notes: [],
  };
}

export function countUnknown(counts: RecordCounts, kind: string): void {
  counts.unknown++;
  const key = kind.slice(0, 60);
  if (key in counts.unknownKinds || Object.keys(counts.unknownKinds).length < 50) {
    counts.unknownKinds[key] = (counts.unknownKinds[key] ?? 0) + 1;
  }
}

export function countMalformed(counts: RecordCounts, note: string): void {
  counts.malformed++;
  if (counts.notes.length < 10) counts.notes.push(note.slice(0, 200));
}
