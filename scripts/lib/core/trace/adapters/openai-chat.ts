// OpenAI Chat Completions messages: `[...]`, `{messages: [...]}`, or a response with `choices`.
// The format has no failure flag: a tool message's ok is null until the pack's okWhen decides.
import { countUnknown } from '../events.ts';
import type { AdapterSink } from './define-adapter.ts';
import { anyVersion, defineAdapter } from './define-adapter.ts';
import {
  asArray,
  asRecord,
  asString,
  parseArgs,
  parseResultData,
  textOf,
  isList,
} from './shared.ts';
import type { Rec } from './shared.ts';

/** The message list of any accepted container, with the response's choice appended. */
function chatMessages(document: unknown): readonly unknown[] | undefined {
  if (isList(document)) return document;
  const rec = asRecord(document);
  if (rec === undefined) return undefined;
  const messages = isList(rec['messages']) ? [...rec['messages']] : undefined;
  const choice = asRecord(asRecord(asArray(rec['choices'])[0])?.['message']);
  if (messages === undefined && choice === undefined) return undefined;
  return [...(messages ?? []), ...(choice === undefined ? [] : [choice])];
}

function looksLikeChat(message: unknown): boolean {
  const rec = asRecord(message);
  if (rec === undefined || typeof rec['role'] !== 'string') return false;
  if ('tool_calls' in rec || 'tool_call_id' in rec || 'function_call' in rec) return true;
  return typeof rec['content'] === 'string' || rec['content'] === null;
}

function emitAssistant(rec: Rec, where: string, sink: AdapterSink, legacy: string[]): void {
  const text = textOf(rec['content']);
  if (text.trim() !== '') sink.emit({ type: 'assistant.message', content: text, src: where });
  asArray(rec['tool_calls']).forEach((raw, i) => {
    const call = asRecord(raw);
    const fn = asRecord(call?.['function']);
    const name = asString(fn?.['name']);
    if (name === undefined) return countUnknown(sink.counts, 'tool_call without function.name');
    const callId = asString(call?.['id']) ?? `${where}.tool_calls[${i}]`;
    sink.emit({ type: 'tool.call', callId, name, ...parseArgs(fn?.['arguments']), src: where });
  });
  const legacyCall = asRecord(rec['function_call']);
  const legacyName = asString(legacyCall?.['name']);
  if (legacyName !== undefined) {
    const callId = `legacy:${where}`;
    legacy.push(callId);
    sink.emit({
      type: 'tool.call',
      callId,
      name: legacyName,
      ...parseArgs(legacyCall?.['arguments']),
      src: where,
    });
  }
}

export const openaiChatAdapter = defineAdapter({
  kind: 'document',
  name: 'openai-chat',
  version: 1,
  describe: 'OpenAI Chat Completions messages (tool_calls / role "tool"; legacy function_call)',
  failure: 'none native: ok is null unless the pack declares okWhen for the tool',
  formatVersions: 'any (Chat Completions declares no version in a transcript)',
  knowsVersion: anyVersion,
  detectDocument: (document) => {
    const messages = chatMessages(document);
    return (
      messages !== undefined &&
      messages.length > 0 &&
      messages.some(looksLikeChat) &&
      !messages.some(
        (m) =>
          isList(asRecord(m)?.['content']) &&
          asArray(asRecord(m)?.['content']).some((b) =>
            /tool_use|tool_result/.test(String(asRecord(b)?.['type'])),
          ),
      )
    );
  },
  parseDocument: (document, sink) => {
    sink.noteRecordedWith({ model: asString(asRecord(document)?.['model']) });
    const legacy: string[] = [];
    (chatMessages(document) ?? []).forEach((raw, i) => {
      const where = `messages[${i}]`;
      sink.counts.records++;
      const rec = asRecord(raw);
      const role = asString(rec?.['role']);
      if (rec === undefined || role === undefined)
        return countUnknown(sink.counts, 'message without role');
      if (role === 'system' || role === 'developer') return void sink.counts.skipped++;
      if (role === 'user') {
        sink.emit({ type: 'user.message', content: textOf(rec['content']), src: where });
      } else if (role === 'assistant') {
        emitAssistant(rec, where, sink, legacy);
      } else if (role === 'tool' || role === 'function') {
        const callId = role === 'tool' ? asString(rec['tool_call_id']) : legacy.shift();
        if (callId === undefined)
          return countUnknown(sink.counts, `${role} message without call id`);
        sink.emit({
          type: 'tool.result',
          callId,
          ok: null,
          data: parseResultData(rec['content']),
          src: where,
        });
      } else {
        return countUnknown(sink.counts, `role ${role}`);
      }
      sink.counts.recognized++;
    });
  },
});
