// `trace adapt`'s output: the header line (with the record counts), then one normalized event per
// line, each as JSON.
import type { RecordCounts, TraceEvent, TraceHeader } from './events.ts';

export function renderEventsJsonl(result: {
  header: TraceHeader;
  counts: RecordCounts;
  events: readonly TraceEvent[];
}): string {
  const header = { type: 'header', ...result.header, counts: result.counts };
  return `${[header, ...result.events].map((e) => JSON.stringify(e)).join('\n')}\n`;
}
