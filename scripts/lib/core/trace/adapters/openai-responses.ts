// OpenAI Responses API items (`[...]`, `{input, output}`, or a response with `output`).
// function_call_output has no failure flag (ok null until okWhen); mcp_call and hosted calls do.
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

function itemsOf(document: unknown): readonly unknown[] | undefined {
  if (isList(document)) return document;
  const rec = asRecord(document);
  if (rec === undefined || !(isList(rec['input']) || isList(rec['output']))) return undefined;
  return [...asArray(rec['input']), ...asArray(rec['output'])];
}

const HOSTED = /_call$/;
/** Calls the client executes: the model's item is only the request; the outcome is `<type>_output`. */
const CLIENT_CALLS = new Set([
  'shell_call',
  'local_shell_call',
  'computer_call',
  'apply_patch_call',
]);

/** ok of a client call output: an exit code when the output carries one, else unknown. */
function outputOk(item: Rec): boolean | null {
  if (item['status'] === 'failed' || item['status'] === 'incomplete') return false;
  const outcomes = asArray(item['output']).map((o) => asRecord(asRecord(o)?.['outcome']));
  const codes = outcomes.map((o) => o?.['exit_code']).filter((c) => typeof c === 'number');
  if (outcomes.some((o) => o?.['type'] === 'timeout')) return false;
  if (codes.length === 0) return null;
  return codes.every((c) => c === 0);
}

function emitItem(item: Rec, type: string, src: string, sink: AdapterSink): boolean {
  const callId = asString(item['call_id']) ?? asString(item['id']) ?? src;
  if (type === 'message') {
    const role = asString(item['role']);
    const content = textOf(item['content']);
    if ((role !== 'assistant' && role !== 'user') || content.trim() === '') return false;
    sink.emit({ type: role === 'assistant' ? 'assistant.message' : 'user.message', content, src });
  } else if (type === 'function_call' || type === 'custom_tool_call') {
    const name = asString(item['name']) ?? type;
    sink.emit({
      type: 'tool.call',
      callId,
      name,
      ...parseArgs(item['arguments'] ?? item['input']),
      src,
    });
  } else if (CLIENT_CALLS.has(type)) {
    sink.emit({
      type: 'tool.call',
      callId,
      name: type,
      args: item['action'] ?? item['operation'] ?? asRecord(item['arguments']) ?? {},
      src,
    });
  } else if (/_call_output$/.test(type)) {
    const ok = outputOk(item);
    sink.emit({
      type: 'tool.result',
      callId,
      ok,
      data: typeof item['output'] === 'string' ? parseResultData(item['output']) : item['output'],
      src,
      ...(ok === false ? { error: { type: 'exit_code', message: 'non-zero exit or failed' } } : {}),
    });
  } else if (type === 'mcp_call') {
    const failed =
      (item['error'] !== null && item['error'] !== undefined) || item['status'] === 'failed';
    sink.emit({
      type: 'tool.call',
      callId,
      name: asString(item['name']) ?? 'mcp_call',
      ...parseArgs(item['arguments']),
      src,
    });
    sink.emit({
      type: 'tool.result',
      callId,
      ok: !failed,
      data: parseResultData(item['output']),
      src,
      ...(failed
        ? {
            error: {
              type: 'mcp_error',
              message: textOf(item['error']) || String(item['error'] ?? item['status']),
            },
          }
        : {}),
    });
  } else if (HOSTED.test(type)) {
    const status = asString(item['status']);
    sink.emit({
      type: 'tool.call',
      callId,
      name: type,
      args: item['action'] ?? asRecord(item['arguments']) ?? {},
      src,
    });
    const ok =
      status === 'completed' ? true : status === 'failed' || status === 'incomplete' ? false : null;
    sink.emit({
      type: 'tool.result',
      callId,
      ok,
      data: item['results'] ?? item['outputs'] ?? item['output'] ?? null,
      src,
      ...(ok === false ? { error: { type: 'hosted_error', message: String(status) } } : {}),
    });
  } else {
    return false;
  }
  return true;
}

export const openaiResponsesAdapter = defineAdapter({
  kind: 'document',
  name: 'openai-responses',
  // 2: shell calls carry one `args.command` string; a `shell_call` of n commands is n calls.
  version: 2,
  describe:
    'OpenAI Responses API items (function_call / function_call_output, mcp_call, hosted calls)',
  failure:
    'mcp_call.error or status "failed"; hosted call status failed|incomplete; shell outputs: exit_code != 0 or timeout; function_call_output: none (okWhen)',
  formatVersions: 'any (the Responses API declares no version in a transcript)',
  knowsVersion: anyVersion,
  detectDocument: (document) =>
    (asRecord(document)?.['object'] === 'response' && isList(asRecord(document)?.['output'])) ||
    (itemsOf(document) ?? []).some(
      (i) =>
        /^(function_call|function_call_output|mcp_call|custom_tool_call|reasoning)$/.test(
          String(asRecord(i)?.['type']).replace(
            /^(shell|local_shell|apply_patch)_call/,
            'function_call',
          ),
        ) ||
        (asRecord(i)?.['type'] === 'message' &&
          isList(asRecord(i)?.['content']) &&
          asArray(asRecord(i)?.['content']).some((c) =>
            /^(input|output)_text$/.test(String(asRecord(c)?.['type'])),
          )),
    ),
  parseDocument: (document, sink) => {
    sink.noteRecordedWith({ model: asString(asRecord(document)?.['model']) });
    (itemsOf(document) ?? []).forEach((raw, i) => {
      sink.counts.records++;
      const item = asRecord(raw);
      const type =
        asString(item?.['type']) ??
        (asString(item?.['role']) === undefined ? 'untyped item' : 'message');
      if (item === undefined) return countUnknown(sink.counts, type);
      if (
        type === 'reasoning' ||
        type === 'mcp_list_tools' ||
        type === 'mcp_approval_request' ||
        (type === 'message' && /^(system|developer)$/.test(String(item['role'])))
      )
        return void sink.counts.skipped++;
      if (emitItem(item, type, `items[${i}]`, sink)) sink.counts.recognized++;
      else if (type === 'message') sink.counts.skipped++;
      else countUnknown(sink.counts, type);
    });
  },
});
