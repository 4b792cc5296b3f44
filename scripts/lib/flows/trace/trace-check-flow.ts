// Gather-and-decide for `trace check`: load the pack once, stream each trace through a fresh
// evaluator. A trace that cannot be read is an item with an error, never a silent pass.
import { isCliError } from '../../core/errors.ts';
import {
  hasFailingFindings,
  createEvaluator,
  type TraceVerdict,
} from '../../core/trace/evaluate.ts';
import type { RecordCounts } from '../../core/trace/events.ts';
import type { Pack } from '../../core/trace/pack.ts';
import type { CompareResult } from '../../core/trace/compare.ts';
import type { AdaptResult, TracePort } from '../../core/world/trace-port.ts';

/** What `proofgate trace` returns: a check, a comparison or the adapted events. */
export type TraceResult =
  | { action: 'check'; check: TraceCheckResult }
  | { action: 'adapt'; adapt: AdaptResult }
  | { action: 'compare'; compare: CompareResult };

export type FailOn = 'block' | 'warn';

interface TraceCheckError {
  code: string;
  message: string;
  next?: string;
  counts?: RecordCounts;
  /** TRACE_UNKNOWN: each reason the trace cannot be judged, naming its line. */
  problems?: string[];
}

export interface TraceCheckItem {
  /** The trace as the user named it. */
  file: string;
  verdict?: TraceVerdict;
  error?: TraceCheckError;
}

export interface TraceCheckResult {
  pack: string;
  packFile: string;
  adapter: string;
  failOn: FailOn;
  /** error: some trace unreadable (exit 2); fail: failing findings (exit 1); else pass (exit 0). */
  status: 'pass' | 'fail' | 'error';
  traces: TraceCheckItem[];
}

export interface TraceFile {
  path: string;
  shownAs: string;
}

export async function checkTraceFile(
  pack: Pack,
  file: TraceFile,
  adapter: string,
  trace: Pick<TracePort, 'readTrace' | 'unknownTrace'>,
): Promise<TraceCheckItem> {
  const evaluator = createEvaluator(pack);
  try {
    const read = await trace.readTrace(file.path, (event) => evaluator.push(event), {
      adapter,
      shownAs: file.shownAs,
    });
    const verdict = evaluator.finish(read.header, read.counts);
    if (read.problems.length > 0) {
      return {
        file: file.shownAs,
        verdict,
        error: trace.unknownTrace(file.shownAs, read.problems),
      };
    }
    if (verdict.coverage.events === 0) {
      return {
        file: file.shownAs,
        verdict,
        error: {
          code: 'TRACE_EMPTY',
          message: `${file.shownAs}: ${read.header.adapter} recognized 0 events in ${read.counts.records} records (${read.counts.unknown} unknown, ${read.counts.malformed} malformed)`,
          next: 'check the adapter (--adapter) and that the file is a complete trace',
          counts: read.counts,
        },
      };
    }
    return { file: file.shownAs, verdict };
  } catch (error) {
    if (!isCliError(error) || error.exitCode !== 2) throw error;
    return {
      file: file.shownAs,
      error: {
        code: error.code,
        message: error.message,
        ...(error.next === undefined ? {} : { next: error.next }),
      },
    };
  }
}

export async function checkTraceFiles(
  pack: Pack,
  packFile: string,
  files: readonly TraceFile[],
  adapter: string,
  failOn: FailOn,
  trace: Pick<TracePort, 'readTrace' | 'unknownTrace'>,
): Promise<TraceCheckResult> {
  const traces: TraceCheckItem[] = [];
  for (const file of files) traces.push(await checkTraceFile(pack, file, adapter, trace));
  const status = traces.some((t) => t.error !== undefined)
    ? 'error'
    : traces.some((t) => t.verdict !== undefined && hasFailingFindings(t.verdict, failOn))
      ? 'fail'
      : 'pass';
  return { pack: pack.pack, packFile, adapter, failOn, status, traces };
}
