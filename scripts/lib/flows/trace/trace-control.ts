// The `trace` control type for the gate: a pack plus trace globs, judged like a command control.
// FAIL on any block finding, on a trace that cannot be read, or when the globs match no file.
import { join } from 'node:path';
import { ConfigError } from '../../core/errors.ts';
import type { Finding } from '../../core/trace/pack.ts';
import { verdictLine } from '../../render/trace/text.ts';
import { checkTraceFiles } from './trace-check-flow.ts';
import type { TraceCheckResult } from './trace-check-flow.ts';
import type { TracePort } from '../../core/world/trace-port.ts';

export interface TraceExecution {
  /** Pack file, relative to root. */
  pack: string;
  /** Trace file globs, relative to root. */
  traces: string[];
  /** Adapter name; default auto. */
  adapter?: string;
}

export interface TraceControlResult {
  status: 'PASS' | 'FAIL';
  /** One line, verdict first. */
  summary: string;
  /** The full TraceCheckResult (JSON-serialisable) to store as evidence; null when nothing matched. */
  report: TraceCheckResult | null;
  findings: (Finding & { trace: string })[];
}

/** Throws ConfigError (exit 2) when the pack is missing or invalid. */
export async function checkTraceControl(
  root: string,
  execution: TraceExecution,
  trace: TracePort,
): Promise<TraceControlResult> {
  if (execution.traces.length === 0) {
    throw new ConfigError('SCHEMA_INVALID', 'a trace control needs at least one trace glob', {
      where: 'execution.traces',
    });
  }
  const pack = trace.loadPack(join(root, execution.pack), execution.pack);
  const files = await trace.globFiles(root, execution.traces, 'execution.traces');
  if (files.length === 0) {
    return {
      status: 'FAIL',
      summary: `FAIL trace control: no trace file matches ${execution.traces.join(', ')}`,
      report: null,
      findings: [],
    };
  }
  const report = await checkTraceFiles(
    pack,
    execution.pack,
    files.map((f) => ({ path: join(root, f), shownAs: f })),
    execution.adapter ?? 'auto',
    'block',
    trace,
  );
  const findings = report.traces.flatMap((t) =>
    (t.verdict?.findings ?? []).map((f) => ({ ...f, trace: t.file })),
  );
  return {
    status: report.status === 'pass' ? 'PASS' : 'FAIL',
    summary: verdictLine(report),
    report,
    findings,
  };
}
