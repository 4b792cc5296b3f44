// proofgate's own normalized events as JSONL: exactly what `trace adapt` prints.
import { countUnknown } from '../events.ts';
import { anyVersion, defineAdapter } from './define-adapter.ts';
import type { NewEvent } from './define-adapter.ts';
import { asRecord, asString } from './shared.ts';

const TYPES = new Set(['header', 'tool.call', 'tool.result', 'assistant.message', 'user.message']);

/**
 * Where an event came from, set on the event itself: one object per line, no closures or
 * spreads (this runs for every line of a large trace).
 */
function place(event: NewEvent, line: number, seq: number | undefined, agent: string | undefined) {
  event.src = `L${line}`;
  if (seq !== undefined) event.seq = seq;
  if (agent !== undefined) event.agent = agent;
  return event;
}

export const eventsAdapter = defineAdapter({
  kind: 'lines',
  name: 'events',
  version: 1,
  describe: 'proofgate normalized events JSONL ({"type":"tool.call",...} per line)',
  failure: 'the `ok` field of tool.result (true, false, or null for unknown)',
  formatVersions: 'any (the header names the source adapter and its version)',
  knowsVersion: anyVersion,
  detectRecord: (first) => {
    const rec = asRecord(first);
    return rec !== undefined && TYPES.has(String(rec['type']));
  },
  createParser: (sink) => ({
    record(value, line) {
      const rec = asRecord(value);
      const type = asString(rec?.['type']) ?? typeof value;
      const seq = typeof rec?.['seq'] === 'number' ? rec['seq'] : undefined;
      const agent = asString(rec?.['agent']);
      if (rec === undefined || !TYPES.has(type)) return countUnknown(sink.counts, type);
      if (type === 'header') {
        const version = asString(rec['sourceVersion']);
        const session = asString(rec['sessionId']);
        if (version !== undefined) sink.setSourceVersion(version);
        if (session !== undefined) sink.setSessionId(session);
        const recorded = asRecord(rec['recordedWith']);
        if (recorded !== undefined) {
          sink.noteRecordedWith({
            model: asString(recorded['model']),
            promptSha256: asString(recorded['promptSha256']),
            skillVersion: asString(recorded['skillVersion']),
            cliVersion: asString(recorded['cliVersion']),
          });
          for (const [name, version] of Object.entries(asRecord(recorded['tools']) ?? {}))
            if (typeof version === 'string') sink.noteRecordedWith({ tool: { name, version } });
        }
        sink.counts.skipped++;
        return;
      }
      if (type === 'tool.call') {
        const callId = asString(rec['callId']);
        const name = asString(rec['name']);
        if (callId === undefined || name === undefined)
          return countUnknown(sink.counts, 'tool.call without callId/name');
        const argsMissing = rec['argsMissing'] === true || !('args' in rec);
        const call: NewEvent = { type, callId, name, args: rec['args'] };
        if (argsMissing) call.argsMissing = true;
        sink.emit(place(call, line, seq, agent));
      } else if (type === 'tool.result') {
        const callId = asString(rec['callId']);
        const ok = rec['ok'];
        if (callId === undefined) return countUnknown(sink.counts, 'tool.result without callId');
        const error = asRecord(rec['error']);
        const result: NewEvent = {
          type,
          callId,
          ok: typeof ok === 'boolean' ? ok : null,
          data: rec['data'],
        };
        if (error !== undefined)
          result.error = {
            type: asString(error['type']) ?? 'error',
            message: asString(error['message']) ?? '',
          };
        sink.emit(place(result, line, seq, agent));
      } else {
        const content = asString(rec['content']);
        if (content === undefined) return countUnknown(sink.counts, `${type} without content`);
        sink.emit(
          place({ type: type as 'assistant.message' | 'user.message', content }, line, seq, agent),
        );
      }
      sink.counts.recognized++;
    },
    end() {},
  }),
});
