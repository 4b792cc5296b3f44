// The conversation inside GenAI model-call spans, in the three spellings instrumentations use:
// the semantic conventions' `gen_ai.input/output.messages` (parts of type text, tool_call,
// tool_call_response), OpenInference's flattened `llm.input_messages.<i>.message.*` keys, and the
// Vercel AI SDK's `ai.prompt.messages` / `ai.response.*`. Each becomes one list of
// `{role, parts}` in the conventions' shape, so one mapping turns them into events. A tool call
// the model asked for becomes a tool.call unless a tool span for the same call id exists (that
// span gives call and result); a tool_call_response for such a call becomes its result, of
// unknown outcome since a message does not say whether the tool succeeded.
import type { AdapterSink } from './define-adapter.ts';
import { attributesOf } from './otel-spans.ts';
import { asArray, asRecord, asString, parseArgs, parseResultData } from './shared.ts';
import type { Rec } from './shared.ts';

export interface ConversationState {
  /** User messages already emitted (chat spans repeat the history they were sent). */
  users: number;
  /** Call ids that tool spans carry: those spans emit call and result themselves. */
  toolSpanCalls: ReadonlySet<string>;
  /** Call ids emitted from model output, and those whose response was emitted. */
  calls: Set<string>;
  results: Set<string>;
}

interface Message {
  role: string;
  parts: Rec[];
}

/** The objects of a list, others dropped. */
function records(list: unknown): Rec[] {
  const out: Rec[] = [];
  for (const x of asArray(list)) {
    const rec = asRecord(x);
    if (rec !== undefined) out.push(rec);
  }
  return out;
}

const json = (value: unknown): unknown =>
  typeof value === 'string' ? parseResultData(value) : value;

function conventionMessages(value: unknown): Message[] {
  return records(json(value)).map((m) => ({
    role: asString(m['role']) ?? '',
    parts: records(m['parts']),
  }));
}

/** `llm.output_messages.0.message.tool_calls.1.tool_call.function.name` and kin, regrouped. */
const OPENINFERENCE_KEY = /^llm\.(input|output)_messages\.(\d+)\.message\.(.+)$/;

function openInferenceMessages(attrs: Rec, side: 'input' | 'output'): Message[] {
  const byIndex = new Map<number, Rec>();
  for (const key in attrs) {
    if (!key.startsWith('llm.')) continue;
    const match = OPENINFERENCE_KEY.exec(key);
    if (match === null || match[1] !== side) continue;
    const index = Number(match[2]);
    const fields = byIndex.get(index) ?? {};
    fields[match[3] ?? ''] = attrs[key];
    byIndex.set(index, fields);
  }
  if (byIndex.size === 0) return [];
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, f]) => {
      const parts: Rec[] = [];
      const content = asString(f['content']);
      const callId = asString(f['tool_call_id']);
      if (callId !== undefined)
        parts.push({ type: 'tool_call_response', id: callId, response: content });
      else if (content !== undefined) parts.push({ type: 'text', content });
      for (let j = 0; `tool_calls.${j}.tool_call.function.name` in f; j++) {
        const at = `tool_calls.${j}.tool_call.`;
        parts.push({
          type: 'tool_call',
          id: f[`${at}id`],
          name: f[`${at}function.name`],
          arguments: f[`${at}function.arguments`],
        });
      }
      return { role: asString(f['role']) ?? '', parts };
    });
}

/** An AI SDK message part (`text`, `tool-call`, `tool-result`) in the conventions' shape. */
function vercelPart(raw: unknown): Rec[] {
  const p = asRecord(raw);
  if (p === undefined) return typeof raw === 'string' ? [{ type: 'text', content: raw }] : [];
  if (p['type'] === 'text') return [{ type: 'text', content: p['text'] }];
  if (p['type'] === 'tool-call')
    return [
      {
        type: 'tool_call',
        id: p['toolCallId'],
        name: p['toolName'],
        arguments: p['input'] ?? p['args'],
      },
    ];
  if (p['type'] === 'tool-result')
    return [
      { type: 'tool_call_response', id: p['toolCallId'], response: p['output'] ?? p['result'] },
    ];
  return [];
}

function vercelMessages(attrs: Rec): { input: Message[]; output: Message[] } {
  const input = asArray(json(attrs['ai.prompt.messages'])).flatMap((raw) => {
    const m = asRecord(raw);
    if (m === undefined) return [];
    const content = m['content'];
    const parts =
      typeof content === 'string' ? vercelPart(content) : asArray(content).flatMap(vercelPart);
    return [{ role: asString(m['role']) ?? '', parts }];
  });
  // The outer ai.generateText span repeats what its doGenerate steps returned: read steps only.
  const step = /\.do(Generate|Stream)$/.test(asString(attrs['ai.operationId']) ?? '');
  const text = asString(attrs['ai.response.text']) ?? '';
  const calls = asArray(json(attrs['ai.response.toolCalls'])).flatMap((c) =>
    vercelPart({ ...asRecord(c), type: 'tool-call' }),
  );
  const output = step
    ? [{ role: 'assistant', parts: [{ type: 'text', content: text }, ...calls] }]
    : [];
  return { input, output };
}

function textOfParts(parts: Rec[]): string {
  let text: string | undefined;
  for (const p of parts) {
    if (p['type'] !== 'text' && p['type'] !== undefined) continue;
    const content = asString(p['content']) ?? '';
    text = text === undefined ? content : `${text}\n${content}`;
  }
  return text ?? '';
}

function emitInput(
  input: Message[],
  src: string,
  sink: AdapterSink,
  state: ConversationState,
): boolean {
  let emitted = false;
  const users = input.filter((m) => m.role === 'user');
  for (const m of users.slice(state.users)) {
    const text = textOfParts(m.parts);
    if (text !== '') sink.emit({ type: 'user.message', content: text, src });
    emitted = true;
  }
  state.users = Math.max(state.users, users.length);
  for (const m of input) {
    if (m.role === 'system') sink.noteRecordedWith({ prompt: textOfParts(m.parts) });
    for (const p of m.parts.filter((x) => x['type'] === 'tool_call_response')) {
      const callId = asString(p['id']);
      if (callId === undefined || !state.calls.has(callId) || state.results.has(callId)) continue;
      state.results.add(callId);
      sink.emit({ type: 'tool.result', callId, ok: null, data: json(p['response']), src });
      emitted = true;
    }
  }
  return emitted;
}

function emitOutput(
  output: Message[],
  src: string,
  sink: AdapterSink,
  state: ConversationState,
): boolean {
  let emitted = false;
  for (const m of output) {
    const text = textOfParts(m.parts);
    if (text.trim() !== '') {
      sink.emit({ type: 'assistant.message', content: text, src });
      emitted = true;
    }
    for (const [i, p] of m.parts.entries()) {
      if (p['type'] !== 'tool_call') continue;
      const callId = asString(p['id']) ?? `${src} part ${i}`;
      if (state.toolSpanCalls.has(callId) || state.calls.has(callId)) continue;
      state.calls.add(callId);
      const name = asString(p['name']) ?? 'tool';
      sink.emit({ type: 'tool.call', callId, name, src, ...parseArgs(p['arguments']) });
      emitted = true;
    }
  }
  return emitted;
}

/** Deprecated per-message span events (`gen_ai.user.message`, `gen_ai.choice`, …). */
function emitEvents(span: Rec, src: string, sink: AdapterSink): boolean {
  let emitted = false;
  for (const raw of asArray(span['events'])) {
    const event = asRecord(raw);
    const name = asString(event?.['name']);
    const ea = attributesOf(event?.['attributes']);
    const message = asRecord(json(ea['message']));
    const content = asString(ea['content']) ?? asString(message?.['content']);
    if (content === undefined || content.trim() === '') continue;
    if (name === 'gen_ai.user.message') sink.emit({ type: 'user.message', content, src });
    else if (name === 'gen_ai.assistant.message' || name === 'gen_ai.choice')
      sink.emit({ type: 'assistant.message', content, src });
    else continue;
    emitted = true;
  }
  return emitted;
}

/**
 * The span's conversation in the one spelling it uses; the conventions' attributes win when an
 * instrumentation writes two spellings of the same messages, so nothing is counted twice.
 */
function messagesOf(attrs: Rec): { input: Message[]; output: Message[] } {
  const input = attrs['gen_ai.input.messages'];
  const output = attrs['gen_ai.output.messages'];
  if (input !== undefined || output !== undefined)
    return { input: conventionMessages(input), output: conventionMessages(output) };
  if (attrs['ai.operationId'] !== undefined) return vercelMessages(attrs);
  return {
    input: openInferenceMessages(attrs, 'input'),
    output: openInferenceMessages(attrs, 'output'),
  };
}

/** Emits the messages and requested tool calls of one span; true when it emitted any. */
export function emitConversation(
  attrs: Rec,
  span: Rec,
  src: string,
  sink: AdapterSink,
  state: ConversationState,
): boolean {
  const instructions = attrs['gen_ai.system_instructions'] ?? attrs['gen_ai.system.instructions'];
  if (instructions !== undefined) {
    const parts = records(json(instructions));
    sink.noteRecordedWith({
      prompt: parts.length > 0 ? textOfParts(parts) : asString(instructions),
    });
  }
  const { input, output } = messagesOf(attrs);
  const fromInput = emitInput(input, src, sink, state);
  const fromOutput = emitOutput(output, src, sink, state);
  const fromEvents = emitEvents(span, src, sink);
  return fromInput || fromOutput || fromEvents;
}
