// `trace adapt`: the normalized events of one trace, header first (the `events` adapter reads
// this output back unchanged). Events are kept in memory up to a bound; `check` streams instead.
import { UsageError } from '../../core/errors.ts';
import type { TraceEvent } from '../../core/trace/events.ts';
import { readTrace, unknownTrace } from './read-trace.ts';
import type { AdaptResult } from '../../core/world/trace-port.ts';

const MAX_ADAPT_EVENTS = 1_000_000;

export async function adaptTrace(
  path: string,
  shownAs: string,
  adapter: string,
): Promise<AdaptResult> {
  const events: TraceEvent[] = [];
  const read = await readTrace(
    path,
    (event) => {
      if (events.length >= MAX_ADAPT_EVENTS) {
        throw new UsageError(
          'BAD_INPUT',
          `${shownAs} has more than ${MAX_ADAPT_EVENTS} events; trace adapt keeps them in memory`,
          {
            where: shownAs,
            next: 'use "proofgate trace check", which streams',
          },
        );
      }
      events.push(event);
    },
    { adapter, shownAs },
  );
  if (events.length === 0) {
    throw new UsageError(
      'TRACE_EMPTY',
      `${read.header.adapter} recognized 0 events in ${shownAs} (${read.counts.records} records, ${read.counts.unknown} unknown, ${read.counts.malformed} malformed)`,
      {
        where: shownAs,
        next: 'check --adapter and that the file is a complete trace',
      },
    );
  }
  if (read.problems.length > 0) {
    const unknown = unknownTrace(shownAs, read.problems);
    throw new UsageError('TRACE_UNKNOWN', unknown.message, {
      where: shownAs,
      problems: unknown.problems,
      next: unknown.next,
    });
  }
  return { file: shownAs, header: read.header, counts: read.counts, events };
}

export { renderEventsJsonl } from '../../core/trace/events-jsonl.ts';
