// Anthropic content blocks, shared by the Messages adapter and the Claude Code adapter.
import { countUnknown } from '../events.ts';
import type { AdapterSink } from './define-adapter.ts';
import { asArray, asRecord, asString, parseResultData, textOf } from './shared.ts';

const CALL_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);
const SKIPPED_BLOCKS = new Set(['thinking', 'redacted_thinking', 'image', 'document']);

/**
 * ok of a result block: `is_error` is the native flag; server tools report failure in typed
 * content: an `*_error` result type, or a code-execution result whose `return_code` is not 0.
 */
export function resultOk(block: Record<string, unknown>): boolean {
  if (block['is_error'] === true) return false;
  const content = asRecord(block['content']);
  if (content === undefined) return true;
  if (/_error$/.test(String(content['type']))) return false;
  const code = content['return_code'];
  return code === undefined || code === null || code === 0;
}

/** What a failed result says: its text, or a server tool's error code / stderr / return code. */
function errorText(content: unknown): string {
  const rec = asRecord(content);
  if (rec === undefined) return textOf(content);
  const code = asString(rec['error_code']);
  if (code !== undefined) return code;
  const stderr = asString(rec['stderr']) ?? '';
  return `return_code ${String(rec['return_code'])}${stderr === '' ? '' : `: ${stderr}`}`;
}

export interface BlockOptions {
  role: 'assistant' | 'user';
  where: string;
  /** Claude Code: call ids already emitted for this message (split lines repeat blocks). */
  seenCallIds?: Set<string>;
  /** The source line of each block (Claude Code merges one message's lines); else `where`. */
  blockSrc?: readonly string[];
  /** Overrides ok per tool_use_id (Claude Code's toolUseResult). */
  okHint?: (toolUseId: string) => boolean | undefined;
}

/** Emits events for one message's blocks in order; returns whether anything was emitted. */
export function emitBlocks(content: unknown, sink: AdapterSink, options: BlockOptions): boolean {
  const { role, where } = options;
  if (typeof content === 'string') {
    if (content.trim() === '') return false;
    sink.emit({
      type: role === 'assistant' ? 'assistant.message' : 'user.message',
      content,
      src: where,
    });
    return true;
  }
  let emitted = false;
  let text: string[] = [];
  let textSrc: string | undefined;
  const flushText = (): void => {
    const joined = text.join('\n');
    text = [];
    const src = textSrc ?? where;
    textSrc = undefined;
    if (joined.trim() === '') return;
    sink.emit({
      type: role === 'assistant' ? 'assistant.message' : 'user.message',
      content: joined,
      src,
    });
    emitted = true;
  };
  const blocks = asArray(content);
  for (let i = 0; i < blocks.length; i++) {
    const raw = blocks[i];
    const at = options.blockSrc?.[i] ?? where;
    const block = asRecord(raw);
    const type = asString(block?.['type']) ?? 'non-object block';
    if (block === undefined) {
      countUnknown(sink.counts, type);
    } else if (type === 'text') {
      textSrc ??= at;
      text.push(asString(block['text']) ?? '');
    } else if (CALL_BLOCKS.has(type)) {
      flushText();
      const callId = asString(block['id']);
      const name = asString(block['name']);
      if (callId === undefined || name === undefined) {
        countUnknown(sink.counts, `${type} without id/name`);
      } else if (!(options.seenCallIds?.has(callId) ?? false)) {
        options.seenCallIds?.add(callId);
        sink.emit({ type: 'tool.call', callId, name, args: block['input'] ?? {}, src: at });
        emitted = true;
      }
    } else if (type === 'tool_result' || type === 'mcp_tool_result' || /_tool_result$/.test(type)) {
      flushText();
      const callId = asString(block['tool_use_id']);
      if (callId === undefined) {
        countUnknown(sink.counts, `${type} without tool_use_id`);
        continue;
      }
      const hint = options.okHint?.(callId);
      const ok = resultOk(block) && hint !== false;
      const data = parseResultData(
        Array.isArray(block['content']) ? textOf(block['content']) : block['content'],
      );
      sink.emit({
        type: 'tool.result',
        callId,
        ok,
        data,
        ...(ok
          ? {}
          : { error: { type: 'tool_error', message: errorText(block['content']).slice(0, 200) } }),
        src: where,
      });
      emitted = true;
    } else if (!SKIPPED_BLOCKS.has(type)) {
      countUnknown(sink.counts, `block ${type}`);
    }
  }
  flushText();
  return emitted;
}
