// The shape of a trace adapter (see ARCHITECTURE.md): a line adapter parses one JSON record at a time
// so JSONL traces stream; a document adapter receives the whole parsed JSON document.
import type { MessageEvent, RecordCounts, ToolCallEvent, ToolResultEvent } from '../events.ts';
import type { TraceEvent } from '../events.ts';

type WithoutSeq<E> = Omit<E, 'seq'> & { seq?: number };
type NewEvent = WithoutSeq<ToolCallEvent> | WithoutSeq<ToolResultEvent> | WithoutSeq<MessageEvent>;

/** What an adapter writes to: events get increasing seq numbers; header facts; counters. */
export interface AdapterSink {
  emit(event: NewEvent): void;
  counts: RecordCounts;
  setSourceVersion(version: string): void;
  setSessionId(id: string): void;
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

/** Thrown by a sink when a record breaks the model (e.g. seq going backwards). */
export class RecordRejected extends Error {}

/** A sink that numbers events and hands them to `onEvent` (the evaluator or a printer). */
export function createSink(
  counts: RecordCounts,
  onEvent: (event: TraceEvent) => void,
): AdapterSink & {
  sourceVersion: string | undefined;
  sessionId: string | undefined;
  lastSeq: number;
} {
  const sink = {
    counts,
    lastSeq: 0,
    sourceVersion: undefined as string | undefined,
    sessionId: undefined as string | undefined,
    emit(event: NewEvent): void {
      const seq = event.seq ?? sink.lastSeq + 1;
      if (!Number.isSafeInteger(seq) || seq <= sink.lastSeq) {
        throw new RecordRejected(`seq ${String(seq)} is not greater than ${sink.lastSeq}`);
      }
      sink.lastSeq = seq;
      // Adapters hand over fresh objects, so numbering in place saves a copy per event.
      (event as TraceEvent).seq = seq;
      onEvent(event as TraceEvent);
    },
    setSourceVersion(version: string): void {
      sink.sourceVersion ??= version.slice(0, 80);
    },
    setSessionId(id: string): void {
      sink.sessionId ??= id.slice(0, 200);
    },
  };
  return sink;
}
