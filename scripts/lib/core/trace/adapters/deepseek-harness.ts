// DeepSeek Harness session JSONL (uncompressed, SESSION_FORMAT_VERSION 0). Crash-repaired results
// (TOOL_NOT_STARTED, TOOL_OUTCOME_UNKNOWN) are unknown, never success; chunk rows are skipped.
import { countUnknown } from '../events.ts';
import { defineAdapter } from './define-adapter.ts';
import { asArray, asRecord, asString, parseArgs, parseResultData, textOf } from './shared.ts';

const SYNTHETIC = new Set(['TOOL_NOT_STARTED', 'TOOL_OUTCOME_UNKNOWN']);
const SKIPPED =
  /^(turn|step|request|session|todo|compaction|hook|agent|command)\/|^assistant\/(chunk|reasoning)$|-chunks$/;

/** A tool/result's payload: `data.message` with a tool-result block, or flat on `data`. */
function resultOf(data: Record<string, unknown>): {
  callId: string | undefined;
  block: Record<string, unknown> | undefined;
} {
  const message = asRecord(data['message']);
  if (message === undefined) {
    const flat = 'content' in data || 'isError' in data ? data : undefined;
    return { callId: asString(data['callId']), block: flat };
  }
  const block = asRecord(
    asArray(message['content']).find((b) => asRecord(b)?.['type'] === 'tool-result'),
  );
  return {
    callId: asString(block?.['toolCallId']) ?? asString(asRecord(message['source'])?.['callId']),
    block,
  };
}

function messageText(message: unknown): string {
  const rec = asRecord(message);
  return textOf(asArray(rec?.['content']).filter((b) => asRecord(b)?.['type'] === 'text'));
}

export const deepseekHarnessAdapter = defineAdapter({
  kind: 'lines',
  name: 'deepseek-harness',
  version: 0,
  describe: 'DeepSeek Harness (dsh) session.jsonl with compression "none"',
  failure:
    'tool-result.isError: true or tool/result.error; TOOL_NOT_STARTED / TOOL_OUTCOME_UNKNOWN → unknown',
  formatVersions: '0 (the `version` field of the session line)',
  knowsVersion: (v: string) => v === '0',
  detectRecord: (first) => {
    const rec = asRecord(first);
    if (rec === undefined) return false;
    if (rec['type'] === 'session') return 'delegationDepth' in rec || 'createdAt' in rec;
    return typeof rec['type'] === 'string' && rec['type'].includes('/') && 'data' in rec;
  },
  createParser: (sink) => ({
    record(value, line) {
      const rec = asRecord(value);
      const type = asString(rec?.['type']) ?? 'non-object line';
      const data = asRecord(rec?.['data']);
      const src = `L${line}`;
      if (rec === undefined) return countUnknown(sink.counts, type);
      if (type === 'session') {
        const version = rec['version'];
        if (typeof version === 'number' || typeof version === 'string')
          sink.setSourceVersion(String(version));
        const id = asString(rec['id']);
        if (id !== undefined) sink.setSessionId(id);
        sink.noteRecordedWith({ skillVersion: asString(rec['agentPreset']) });
        return void sink.counts.skipped++;
      }
      if (type === 'request/header') {
        const header = asRecord(data?.['header']);
        const system = header?.['system'];
        sink.noteRecordedWith({
          model: asString(asRecord(header?.['config'])?.['model']),
          prompt: typeof system === 'string' ? system : undefined,
        });
      }
      if (data === undefined || SKIPPED.test(type)) {
        if (SKIPPED.test(type) || rec['ignorable'] === true) return void sink.counts.skipped++;
        return countUnknown(sink.counts, type);
      }
      if (type === 'tool/call') {
        const callId = asString(data['callId']);
        const name = asString(data['name']);
        if (callId === undefined || name === undefined)
          return countUnknown(sink.counts, 'tool/call without callId/name');
        sink.emit({ type: 'tool.call', callId, name, ...parseArgs(data['arguments']), src });
      } else if (type === 'tool/result') {
        const { callId, block } = resultOf(data);
        if (callId === undefined) return countUnknown(sink.counts, 'tool/result without callId');
        const error = asRecord(data['error']);
        const code = asString(error?.['code']);
        const synthetic = code !== undefined && SYNTHETIC.has(code);
        const failed = block?.['isError'] === true || error !== undefined;
        sink.emit({
          type: 'tool.result',
          callId,
          ok: synthetic ? null : !failed,
          data: parseResultData(textOf(block?.['content'])),
          ...(synthetic
            ? { error: { type: 'outcome_unknown', message: code } }
            : failed
              ? { error: { type: asString(error?.['name']) ?? 'tool_error', message: code ?? '' } }
              : {}),
          src,
        });
      } else if (type === 'user/message' || type === 'assistant/message') {
        const content = messageText(
          type === 'user/message' || data['message'] === undefined ? data : data['message'],
        );
        if (content.trim() === '') return void sink.counts.skipped++;
        sink.emit({
          type: type === 'user/message' ? 'user.message' : 'assistant.message',
          content,
          src,
        });
      } else {
        return countUnknown(sink.counts, type);
      }
      sink.counts.recognized++;
    },
    end() {},
  }),
});
