// Claude Code session JSONL (undocumented; pinned by the `version` field of each line). Split
// assistant lines sharing one message.id are merged; unknown line types are counted, never fatal.
import { countUnknown } from '../events.ts';
import { emitBlocks } from './anthropic-blocks.ts';
import type { AdapterSink, LineParser } from './define-adapter.ts';
import { defineAdapter } from './define-adapter.ts';
import { asArray, asRecord, asString } from './shared.ts';
import type { Rec } from './shared.ts';

const SKIPPED_TYPES = new Set([
  'system',
  'summary',
  'progress',
  'file-history-snapshot',
  'permission-mode',
  'attachment',
  'queue-operation',
  'ai-title',
  'custom-title',
  'last-prompt',
  'mode',
  'agent-name',
  'pr-link',
]);

/** ok hint from the line's structured `toolUseResult`: "Error…" strings and interruptions fail. */
function hintOf(line: Rec): boolean | undefined {
  const result = line['toolUseResult'];
  if (typeof result === 'string') return /^\s*error/i.test(result) ? false : undefined;
  return asRecord(result)?.['interrupted'] === true ? false : undefined;
}

function createParser(sink: AdapterSink): LineParser {
  let pendingId: string | undefined;
  let pendingBlocks: unknown[] = [];
  let pendingLines: number[] = [];
  /** The line of each pending block: a tool call points at the line that holds it. */
  let blockLines: number[] = [];
  const flush = (): void => {
    if (pendingId === undefined) return;
    const first = pendingLines[0];
    const last = pendingLines[pendingLines.length - 1];
    const where = first === last ? `L${first}` : `L${first}-L${last}`;
    const seenText = new Set<string>();
    const kept = pendingBlocks
      .map((_, i) => i)
      .filter((i) => {
        const rec = asRecord(pendingBlocks[i]);
        if (rec?.['type'] !== 'text') return true;
        const text = String(rec['text']);
        if (seenText.has(text)) return false;
        seenText.add(text);
        return true;
      });
    const blocks = kept.map((i) => pendingBlocks[i]);
    const blockSrc = kept.map((i) => `L${blockLines[i] ?? first}`);
    if (emitBlocks(blocks, sink, { role: 'assistant', where, blockSrc, seenCallIds: new Set() }))
      sink.counts.recognized++;
    else sink.counts.skipped++;
    pendingId = undefined;
    pendingBlocks = [];
    pendingLines = [];
    blockLines = [];
  };
  return {
    record(value, line) {
      const rec = asRecord(value);
      const type = asString(rec?.['type']) ?? 'non-object line';
      if (rec === undefined) return countUnknown(sink.counts, type);
      const version = asString(rec['version']);
      if (version !== undefined) {
        sink.setSourceVersion(version);
        sink.noteRecordedWith({ cliVersion: version });
      }
      const session = asString(rec['sessionId']);
      if (session !== undefined) sink.setSessionId(session);
      const message = asRecord(rec['message']);
      if (type === 'assistant' && message !== undefined && rec['isApiErrorMessage'] !== true) {
        sink.noteRecordedWith({ model: asString(message['model']) });
        const id = asString(message['id']) ?? `line ${line}`;
        if (id !== pendingId) flush();
        pendingId = id;
        const added =
          typeof message['content'] === 'string'
            ? [{ type: 'text', text: message['content'] }]
            : asArray(message['content']);
        pendingBlocks.push(...added);
        for (let i = 0; i < added.length; i++) blockLines.push(line);
        pendingLines.push(line);
        return;
      }
      flush();
      if (type === 'user' && message !== undefined && rec['isMeta'] !== true) {
        const agentId = asString(asRecord(rec['toolUseResult'])?.['agentId']);
        if (agentId !== undefined) sink.subagentFinished?.(agentId);
        const hint = hintOf(rec);
        const emitted = emitBlocks(message['content'], sink, {
          role: 'user',
          where: `L${line}`,
          okHint: () => hint,
        });
        if (emitted) sink.counts.recognized++;
        else sink.counts.skipped++;
      } else if (SKIPPED_TYPES.has(type) || type === 'assistant' || type === 'user') {
        sink.counts.skipped++;
      } else {
        countUnknown(sink.counts, type);
      }
    },
    end: flush,
  };
}

export const claudeCodeAdapter = defineAdapter({
  kind: 'lines',
  name: 'claude-code',
  version: 1,
  describe:
    'Claude Code session transcript JSONL (~/.claude/projects/<dir>/<session>.jsonl, subagent files)',
  failure:
    'tool_result.is_error: true; toolUseResult string starting "Error"; toolUseResult.interrupted',
  formatVersions: 'Claude Code 1.x and 2.x (the `version` field of each line)',
  knowsVersion: (v: string) => /^[12]\.\d+\.\d+/.test(v),
  detectRecord: (first) => {
    const rec = asRecord(first);
    if (rec === undefined) return false;
    const type = String(rec['type']);
    return (
      (typeof rec['sessionId'] === 'string' &&
        (type === 'user' || type === 'assistant' || SKIPPED_TYPES.has(type))) ||
      (type === 'summary' && 'leafUuid' in rec) ||
      (type === 'file-history-snapshot' && 'snapshot' in rec)
    );
  },
  createParser,
});
