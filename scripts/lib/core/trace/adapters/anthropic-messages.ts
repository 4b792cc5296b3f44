// Anthropic Messages API: `[...]`, `{messages: [...]}`, or one response message with `content`.
import { countUnknown } from '../events.ts';
import { emitBlocks } from './anthropic-blocks.ts';
import { anyVersion, defineAdapter } from './define-adapter.ts';
import { asArray, asRecord, asString, isList } from './shared.ts';

function messagesOf(document: unknown): readonly unknown[] | undefined {
  if (isList(document)) return document;
  const rec = asRecord(document);
  if (rec === undefined) return undefined;
  if (isList(rec['messages'])) return rec['messages'];
  if (typeof rec['role'] === 'string' && isList(rec['content'])) return [rec];
  return undefined;
}

const hasBlocks = (message: unknown): boolean =>
  asArray(asRecord(message)?.['content']).some((b) => typeof asRecord(b)?.['type'] === 'string');

export const anthropicMessagesAdapter = defineAdapter({
  kind: 'document',
  name: 'anthropic-messages',
  version: 1,
  describe: 'Anthropic Messages API content blocks (tool_use / tool_result)',
  failure:
    'tool_result.is_error: true; server tool results whose content type ends in _error or whose return_code is not 0',
  formatVersions: 'any (the Messages API declares no version in a transcript)',
  knowsVersion: anyVersion,
  detectDocument: (document) => {
    const messages = messagesOf(document);
    if (messages === undefined) return false;
    const openai = messages.some((m) => {
      const rec = asRecord(m);
      return (
        rec?.['role'] === 'tool' ||
        rec?.['role'] === 'function' ||
        rec?.['tool_calls'] !== undefined
      );
    });
    return (
      !openai &&
      messages.some((m) => typeof asRecord(m)?.['role'] === 'string') &&
      messages.some(hasBlocks)
    );
  },
  parseDocument: (document, sink) => {
    sink.noteRecordedWith({ model: asString(asRecord(document)?.['model']) });
    (messagesOf(document) ?? []).forEach((raw, i) => {
      sink.counts.records++;
      const rec = asRecord(raw);
      const role = asString(rec?.['role']);
      if (rec === undefined || (role !== 'user' && role !== 'assistant')) {
        return countUnknown(sink.counts, `role ${String(role)}`);
      }
      const emitted = emitBlocks(rec['content'], sink, { role, where: `messages[${i}]` });
      if (emitted) sink.counts.recognized++;
      else sink.counts.skipped++;
    });
  },
});
