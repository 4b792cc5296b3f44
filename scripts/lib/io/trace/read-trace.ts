// Reads one trace file through an adapter and hands normalized events to `onEvent` as they are
// produced. JSONL formats stream line by line; whole-document formats are read under a size cap.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../core/errors.ts';
import {
  countMalformed,
  emptyCounts,
  type TraceEvent,
  type TraceHeader,
} from '../../core/trace/events.ts';
import {
  adapterId,
  createSink,
  RecordRejected,
  type DocumentAdapter,
  type LineAdapter,
  type TraceAdapter,
  type NewEvent,
  type TraceSink,
} from '../../core/trace/adapters/define-adapter.ts';
import { claudeCodeAdapter } from '../../core/trace/adapters/claude-code.ts';
import {
  adapterIds,
  adapterNames,
  detectDocumentAdapter,
  detectLineAdapter,
  findAdapter,
} from '../../core/trace/adapters/index.ts';
import { findUnjudgeable } from '../../core/trace/integrity.ts';
import { tryParseJson } from '../../core/trace/json-depth.ts';
import { readLines } from '../host/read-lines.ts';
import { findSubagentFiles, readSubagents } from './claude-subagents.ts';
import type { TraceReadOptions, TraceRead } from '../../core/world/trace-port.ts';

const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
const PROBE_BYTES = 1024 * 1024;
const PROBE_LINES = 20;

const next = `name one with --adapter (${adapterNames.join(', ')}) or convert it to proofgate events JSONL`;

function unreadable(shownAs: string, why: string): UsageError {
  return new UsageError('TRACE_UNREADABLE', `cannot read trace ${shownAs}: ${why}`, {
    where: shownAs,
    next: 'check the path and that the file is a trace',
  });
}

/** The first parsable JSON records of the file (up to 20 lines within the first MiB). */
function probeRecords(path: string): unknown[] {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(PROBE_BYTES);
    const read = readSync(fd, buffer, 0, PROBE_BYTES, 0);
    const lines = buffer
      .toString('utf8', 0, read)
      .split('\n')
      .filter((l) => l.trim() !== '');
    const records: unknown[] = [];
    for (const line of lines.slice(0, PROBE_LINES)) {
      const parsed = tryParseJson(line.trim());
      if (parsed.ok) records.push(parsed.value);
    }
    return records;
  } finally {
    closeSync(fd);
  }
}

function pickAdapter(path: string, options: TraceReadOptions): TraceAdapter | 'document-auto' {
  if (options.adapter !== 'auto') {
    const found = findAdapter(options.adapter);
    if (found === undefined) {
      throw new UsageError('BAD_VALUE', `unknown adapter "${options.adapter}"`, {
        where: '--adapter',
        expected: `auto or one of ${adapterIds.join(', ')}`,
      });
    }
    return found;
  }
  const records = probeRecords(path);
  for (const record of records) {
    const found = detectLineAdapter(record);
    if (found !== undefined) return found;
  }
  return 'document-auto';
}

async function streamLines(
  path: string,
  adapter: LineAdapter,
  onEvent: (e: TraceEvent) => void,
  options: TraceReadOptions,
): Promise<TraceRead> {
  const counts = emptyCounts();
  const sink = createSink(counts, onEvent);
  const subagents =
    adapter === claudeCodeAdapter
      ? await readSubagents(findSubagentFiles(path), counts, options.shownAs)
      : new Map<string, NewEvent[]>();
  const agents = [...subagents.keys()];
  const spliceAgent = (agentId: string): void => {
    const events = subagents.get(agentId);
    subagents.delete(agentId);
    for (const event of events ?? []) sink.emit(event);
  };
  sink.subagentFinished = spliceAgent;
  const parser = adapter.createParser(sink);
  const hash = createHash('sha256');
  const bytes = await readLines(
    path,
    ({ line, text, overlongBytes }) => {
      counts.records++;
      if (text === undefined)
        return countMalformed(
          counts,
          `L${line}: line of ${overlongBytes ?? 0} bytes exceeds the line limit`,
        );
      const parsed = tryParseJson(text);
      if (!parsed.ok) return countMalformed(counts, `L${line}: ${parsed.error}`);
      try {
        parser.record(parsed.value, line);
      } catch (error) {
        if (!(error instanceof RecordRejected)) throw error;
        countMalformed(counts, `L${line}: ${error.message}`);
      }
    },
    { hash, ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }) },
  );
  parser.end();
  // Subagents the parent never reported back are placed after it, in file-name order.
  for (const agentId of [...subagents.keys()]) spliceAgent(agentId);
  sink.finish();
  const header = headerOf(adapter, hash.digest('hex'), sink);
  return {
    header: agents.length === 0 ? header : { ...header, agents },
    counts,
    bytes,
    problems: findUnjudgeable(adapter, counts, sink.sourceVersion),
  };
}

async function parseWhole(
  path: string,
  adapter: DocumentAdapter | undefined,
  onEvent: (e: TraceEvent) => void,
  options: TraceReadOptions,
): Promise<TraceRead> {
  const cap = options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  const size = statSync(path).size;
  if (size > cap) {
    throw new UsageError(
      'TRACE_UNREADABLE',
      `trace ${options.shownAs} is ${size} bytes; whole-document formats are read up to ${cap} bytes`,
      {
        where: options.shownAs,
        next: 'split the trace, or convert it to JSONL (proofgate events, Claude Code, DSH) which streams',
      },
    );
  }
  const raw = await readFile(path);
  const parsed = tryParseJson(raw.toString('utf8'));
  if (!parsed.ok) {
    throw new UsageError(
      'TRACE_FORMAT_UNKNOWN',
      `trace ${options.shownAs} is neither JSONL of a known format nor a JSON document (${parsed.error})`,
      { where: options.shownAs, next },
    );
  }
  const chosen = adapter ?? detectDocumentAdapter(parsed.value);
  if (chosen === undefined) {
    throw new UsageError('TRACE_FORMAT_UNKNOWN', `cannot detect the format of ${options.shownAs}`, {
      where: options.shownAs,
      expected: `one of ${adapterNames.join(', ')}`,
      next,
    });
  }
  const counts = emptyCounts();
  const sink = createSink(counts, onEvent);
  chosen.parseDocument(parsed.value, sink);
  sink.finish();
  return {
    header: headerOf(chosen, createHash('sha256').update(raw).digest('hex'), sink),
    counts,
    bytes: raw.length,
    problems: findUnjudgeable(chosen, counts, sink.sourceVersion),
  };
}

function headerOf(adapter: TraceAdapter, rawSha256: string, sink: TraceSink): TraceHeader {
  return {
    adapter: adapterId(adapter),
    rawSha256,
    ...(sink.sourceVersion === undefined ? {} : { sourceVersion: sink.sourceVersion }),
    ...(Object.keys(sink.recordedWith).length === 0 ? {} : { recordedWith: sink.recordedWith }),
    ...(sink.sessionId === undefined ? {} : { sessionId: sink.sessionId }),
  };
}

/** Reads `path` through the chosen (or detected) adapter. Throws UsageError (exit 2) when unreadable. */
export async function readTrace(
  path: string,
  onEvent: (e: TraceEvent) => void,
  options: TraceReadOptions,
): Promise<TraceRead> {
  try {
    if (!statSync(path).isFile()) throw unreadable(options.shownAs, 'not a regular file');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw unreadable(options.shownAs, (error as NodeJS.ErrnoException).code ?? 'cannot stat');
  }
  try {
    const adapter = pickAdapter(path, options);
    if (adapter === 'document-auto') return await parseWhole(path, undefined, onEvent, options);
    return adapter.kind === 'lines'
      ? await streamLines(path, adapter, onEvent, options)
      : await parseWhole(path, adapter, onEvent, options);
  } catch (error) {
    // A read failing midway (permissions, a vanished file, EIO) is an unreadable trace, not a bug.
    const code = (error as NodeJS.ErrnoException).code;
    if (
      error instanceof Error &&
      !(error instanceof UsageError) &&
      typeof code === 'string' &&
      /^E[A-Z]+$/.test(code)
    ) {
      throw unreadable(options.shownAs, code);
    }
    throw error;
  }
}

/** The TRACE_UNKNOWN item error: the trace was read but cannot be judged. */
export function unknownTrace(
  shownAs: string,
  problems: string[],
): { code: string; message: string; next: string; problems: string[] } {
  return {
    code: 'TRACE_UNKNOWN',
    message: `${shownAs}: UNKNOWN, cannot be judged: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; … ${problems.length - 3} more` : ''}`,
    next: 'repair or re-export the trace (every record well formed, seq 1, 2, 3… once each), or use the adapter for its format version',
    problems,
  };
}
