// `proofgate trace`'s one renderer: the check as text, the comparison, or the events as JSONL.
import { renderEventsJsonl } from '../../core/trace/events-jsonl.ts';
import type { TraceResult } from '../../flows/trace/trace-check-flow.ts';
import { renderTraceCompare } from './compare.ts';
import { renderTraceCheck } from './text.ts';

export function renderTraceResult(r: TraceResult): string {
  return r.action === 'check'
    ? renderTraceCheck(r.check)
    : r.action === 'compare'
      ? renderTraceCompare(r.compare)
      : renderEventsJsonl(r.adapt);
}
