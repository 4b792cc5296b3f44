// proofgate's own normalized events as JSONL: exactly what `trace adapt` prints.
import { countUnknown } from '../events.ts';
import { anyVersion, defineAdapter } from './define-adapter.ts';
import { asRecord, asString } from './shared.ts';

const TYPES = new Set(['header', 'tool.call', 'tool.result', 'assistant.message', 'user.message']);

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
      const at = {
        src: `L${line}`,
        ...(seq === undefined ? {} : { seq }),
        ...(agent === undefined ? {} : { agent }),
      };
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
        sink.emit({
          type,
          ...at,
          callId,
          name,
          args: rec['args'],
          ...(argsMissing ? { argsMissing } : {}),
        });
      } else if (type === 'tool.result') {
        const callId = asString(rec['callId']);
        const ok = rec['ok'];
        if (callId === undefined) return countUnknown(sink.counts, 'tool.result without callId');
        const error = asRecord(rec['error']);
        sink.emit({
          type,
          ...at,
          callId,
          ok: typeof ok === 'boolean' ? ok : null,
          data: rec['data'],
          ...(error === undefined
            ? {}
            : {
                error: {
                  type: asString(error['type']) ?? 'error',
                  message: asString(error['message']) ?? '',
                },
              }),
        });
      } else {
        const content = asString(rec['content']);
        if (content === undefined) return countUnknown(sink.counts, `${type} without content`);
        sink.emit({ type: type as 'assistant.message' | 'user.message', ...at, content });
      }
      sink.counts.recognized++;
    },
    end() {},
  }),
});
