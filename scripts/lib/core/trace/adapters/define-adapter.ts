// The shape of a trace adapter (see ARCHITECTURE.md): a line adapter parses one JSON record at a time
// so JSONL traces stream; a document adapter receives the whole parsed JSON document.
import type { MessageEvent, RecordCounts, ToolCallEvent, ToolResultEvent } from '../events.ts';
import { createHash } from 'node:crypto';
import type { RecordedWith, TraceEvent } from '../events.ts';
import { countMalformed } from '../events.ts';
import { entryOk, isShellTool, shellCommands } from '../shell-action.ts';
import { isList } from './shared.ts';

type WithoutSeq<E> = Omit<E, 'seq'> & { seq?: number };
export type NewEvent =
  WithoutSeq<ToolCallEvent> | WithoutSeq<ToolResultEvent> | WithoutSeq<MessageEvent>;

/** What an adapter writes to: events get increasing seq numbers; header facts; counters. */
export interface AdapterSink {
  emit(event: NewEvent): void;
  counts: RecordCounts;
  setSourceVersion(version: string): void;
  setSessionId(id: string): void;
  /**
   * A subagent the main agent started has returned (Claude Code: a result whose
   * `toolUseResult.agentId` names it). A reader that merges subagent files emits that agent's
   * events here, between the call that started it and its result.
   */
  subagentFinished?(agentId: string): void;
  /** Records what produced the trace; the first value of each field wins. */
  noteRecordedWith(facts: RecordedWithNote): void;
}

export interface RecordedWithNote {
  model?: string | undefined;
  /** The system prompt text; only its sha256 is kept. */
  prompt?: string | undefined;
  /** An already computed prompt digest (proofgate events read back). */
  promptSha256?: string | undefined;
  skillVersion?: string | undefined;
  cliVersion?: string | undefined;
  tool?: { name: string; version: string } | undefined;
}

export interface LineParser {
  /** One parsed JSON record (line `line`, 1-based). */
  record(value: unknown, line: number): void;
  /** End of input: flush what was buffered (e.g. a merged assistant message). */
  end(): void;
}

interface AdapterBase {
  name: string;
  /** Bumped whenever the mapping changes, so rule packs pin `<name>@<version>`. */
  version: number;
  describe: string;
  /** How this format says a tool failed (documented in references/trajectory-rules.md). */
  failure: string;
  /**
   * The source format versions this mapping was written against, as people write them
   * (`0`, `1.x–2.x`); `any` when the format declares none. A trace that declares a version
   * outside `knowsVersion` is UNKNOWN: judging it with a mapping for another version would guess.
   */
  formatVersions: string;
  knowsVersion(declared: string): boolean;
}

export interface LineAdapter extends AdapterBase {
  kind: 'lines';
  /** Does this first record look like this format? */
  detectRecord(first: unknown): boolean;
  createParser(sink: AdapterSink): LineParser;
}

export interface DocumentAdapter extends AdapterBase {
  kind: 'document';
  detectDocument(document: unknown): boolean;
  parseDocument(document: unknown, sink: AdapterSink): void;
}

export type TraceAdapter = LineAdapter | DocumentAdapter;

export function defineAdapter<A extends TraceAdapter>(adapter: A): A {
  return adapter;
}

export function adapterId(adapter: TraceAdapter): string {
  return `${adapter.name}@${adapter.version}`;
}

/** For formats that declare no version of their own. */
export const anyVersion = (): boolean => true;

/** Thrown by a sink when a record breaks the model (e.g. seq going backwards). */
export class RecordRejected extends Error {}

/** Tool versions kept per trace (a header must stay small). */
const MAX_TOOL_VERSIONS = 100;

/** Out-of-order events held back at most; beyond this the trace is too scrambled to judge. */
export const MAX_PENDING_EVENTS = 100_000;

export interface TraceSink extends AdapterSink {
  sourceVersion: string | undefined;
  sessionId: string | undefined;
  recordedWith: RecordedWith;
  lastSeq: number;
  /** End of input: every event still held back marks a gap, counted as a malformed record. */
  finish(): void;
}

/**
 * A sink that hands events to `onEvent` in `seq` order. Events without a seq are numbered in
 * file order. When a format carries its own seq (proofgate events), the numbering must run
 * 1, 2, 3… without gaps or repeats, in any file order: an event that arrives early is held
 * until its predecessors have been delivered, so rules always see the real order. A repeated
 * seq, a gap, or a mix of numbered and unnumbered events is a malformed record (named by line),
 * which makes the whole trace UNKNOWN rather than judged on a partial picture.
 */
const splitId = (callId: string, i: number): string => (i === 0 ? callId : `${callId}#${i + 1}`);

export function createSink(counts: RecordCounts, onEvent: (event: TraceEvent) => void): TraceSink {
  let numbered: boolean | undefined;
  const pending = new Map<number, TraceEvent>();
  const deliver = (event: TraceEvent): void => {
    sink.lastSeq = event.seq;
    onEvent(event);
  };
  function place(event: NewEvent): void {
    const explicit = event.seq !== undefined;
    if (numbered !== undefined && numbered !== explicit) {
      throw new RecordRejected(
        explicit
          ? `seq ${String(event.seq)} after events without seq`
          : 'no seq, but earlier events are numbered',
      );
    }
    numbered = explicit;
    // Adapters hand over fresh objects, so numbering in place saves a copy per event.
    const numberedEvent = event as TraceEvent;
    if (!explicit) {
      numberedEvent.seq = sink.lastSeq + 1;
      return deliver(numberedEvent);
    }
    const seq = numberedEvent.seq;
    if (!Number.isSafeInteger(seq) || seq < 1) {
      throw new RecordRejected(`seq ${String(seq)} is not a whole number >= 1`);
    }
    if (seq <= sink.lastSeq || pending.has(seq)) {
      throw new RecordRejected(`duplicate seq ${seq}`);
    }
    if (seq !== sink.lastSeq + 1) {
      if (pending.size >= MAX_PENDING_EVENTS) {
        throw new RecordRejected(`seq ${seq} arrives more than ${MAX_PENDING_EVENTS} events early`);
      }
      pending.set(seq, numberedEvent);
      return;
    }
    deliver(numberedEvent);
    for (let next = pending.get(sink.lastSeq + 1); next !== undefined;) {
      pending.delete(next.seq);
      deliver(next);
      next = pending.get(sink.lastSeq + 1);
    }
  }
  /** Shell calls split into one call per command: call id → number of commands. */
  const splits = new Map<string, number>();
  /** A multi-command shell call as one call per command (ids `c`, `c#2`, …); true when split. */
  const splitShellCall = (event: WithoutSeq<ToolCallEvent>): boolean => {
    const shell = shellCommands(event.args);
    if (shell === undefined || shell.commands.length === 0) return false;
    const { rest, commands } = shell;
    if (commands.length === 1 || event.seq !== undefined) {
      // proofgate events carry their own seq, so a list stays one event that every rule reads.
      event.args =
        commands.length === 1
          ? { ...rest, command: commands[0] }
          : { ...rest, commands, command: commands.join('\n') };
      return false;
    }
    splits.set(event.callId, commands.length);
    commands.forEach((command, i) => {
      place({ ...event, callId: splitId(event.callId, i), args: { ...rest, command } });
    });
    return true;
  };
  /** The result of a split call, one per command: a per-command output list is dealt out. */
  const splitResult = (event: WithoutSeq<ToolResultEvent>, n: number): void => {
    splits.delete(event.callId);
    const { data, error, ...rest } = event;
    const perCommand = isList(data) && data.length === n ? data : undefined;
    for (let i = 0; i < n; i++) {
      const entry = perCommand === undefined ? data : perCommand[i];
      const ok = perCommand === undefined ? event.ok : entryOk(entry, event.ok);
      const failure = error ?? { type: 'exit_code', message: 'non-zero exit or failed' };
      place({
        ...rest,
        callId: splitId(event.callId, i),
        ok,
        data: entry,
        ...(ok === false ? { error: failure } : {}),
      });
    }
  };
  const sink: TraceSink = {
    counts,
    lastSeq: 0,
    sourceVersion: undefined,
    sessionId: undefined,
    recordedWith: {},
    emit(event: NewEvent): void {
      if (event.type === 'tool.call') {
        if (isShellTool(event.name) && splitShellCall(event)) return;
      } else if (event.type === 'tool.result' && splits.size > 0) {
        const n = splits.get(event.callId);
        if (n !== undefined) return splitResult(event, n);
      }
      place(event);
    },
    setSourceVersion(version: string): void {
      sink.sourceVersion ??= version.slice(0, 80);
    },
    setSessionId(id: string): void {
      sink.sessionId ??= id.slice(0, 200);
    },
    noteRecordedWith(facts: RecordedWithNote): void {
      const seen = sink.recordedWith;
      if (facts.model !== undefined && facts.model !== '') seen.model ??= facts.model.slice(0, 120);
      if (facts.promptSha256 !== undefined && /^[0-9a-f]{64}$/.test(facts.promptSha256))
        seen.promptSha256 ??= facts.promptSha256;
      if (facts.prompt !== undefined && facts.prompt !== '')
        seen.promptSha256 ??= createHash('sha256').update(facts.prompt).digest('hex');
      if (facts.skillVersion !== undefined && facts.skillVersion !== '')
        seen.skillVersion ??= facts.skillVersion.slice(0, 80);
      if (facts.cliVersion !== undefined && facts.cliVersion !== '')
        seen.cliVersion ??= facts.cliVersion.slice(0, 80);
      const tool = facts.tool;
      if (tool !== undefined && tool.name !== '' && tool.version !== '') {
        seen.tools ??= {};
        const tools = seen.tools;
        if (!(tool.name in tools) && Object.keys(tools).length < MAX_TOOL_VERSIONS)
          tools[tool.name.slice(0, 120)] = tool.version.slice(0, 80);
      }
    },
    finish(): void {
      if (pending.size === 0) return;
      const held = [...pending.values()].sort((a, b) => a.seq - b.seq);
      for (const event of held) {
        countMalformed(
          counts,
          `${event.src ?? 'record'}: seq ${event.seq} cannot be placed: seq ${sink.lastSeq + 1} is missing`,
        );
      }
      pending.clear();
    },
  };
  return sink;
}
