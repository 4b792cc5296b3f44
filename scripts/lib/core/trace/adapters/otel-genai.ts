// OpenTelemetry GenAI spans as OTLP/JSON (`resourceSpans[].scopeSpans[].spans[]`), ordered by
// start time with a stable tie-break. Tool spans give call + result; ok comes from span status.
import { countUnknown } from '../events.ts';
import type { AdapterSink } from './define-adapter.ts';
import { anyVersion, defineAdapter } from './define-adapter.ts';
import {
  asArray,
  asRecord,
  asString,
  isList,
  parseArgs,
  parseResultData,
  scalarText,
} from './shared.ts';
import type { Rec } from './shared.ts';

function attrValue(value: unknown): unknown {
  const v = asRecord(value);
  if (v === undefined) return undefined;
  if ('stringValue' in v) return v['stringValue'];
  if ('boolValue' in v) return v['boolValue'];
  if ('intValue' in v) return Number(v['intValue']);
  if ('doubleValue' in v) return v['doubleValue'];
  if ('arrayValue' in v) return asArray(asRecord(v['arrayValue'])?.['values']).map(attrValue);
  if ('kvlistValue' in v) return attributesOf(asRecord(v['kvlistValue'])?.['values']);
  return undefined;
}

function attributesOf(list: unknown): Rec {
  const out: Rec = {};
  for (const raw of asArray(list)) {
    const kv = asRecord(raw);
    const key = asString(kv?.['key']);
    if (key !== undefined) out[key] = attrValue(kv?.['value']);
  }
  return out;
}

/**
 * Resource spans of any OTLP/JSON shape: current (`resourceSpans[].scopeSpans[]`), pre-1.0
 * (`instrumentationLibrarySpans[]`), and Tempo/Jaeger exports (`batches[]` in place of
 * `resourceSpans`).
 */
function resourceSpansOf(document: unknown): readonly unknown[] {
  const rec = asRecord(document);
  return isList(rec?.['resourceSpans']) ? rec['resourceSpans'] : asArray(rec?.['batches']);
}

function spansOf(document: unknown): Rec[] {
  const spans: Rec[] = [];
  for (const resource of resourceSpansOf(document)) {
    const res = asRecord(resource);
    const scopes = isList(res?.['scopeSpans'])
      ? res['scopeSpans']
      : asArray(res?.['instrumentationLibrarySpans']);
    for (const scope of scopes) {
      for (const span of asArray(asRecord(scope)?.['spans'])) spans.push(asRecord(span) ?? {});
    }
  }
  const start = (s: Rec): bigint => {
    try {
      return BigInt(scalarText(s['startTimeUnixNano'], '0'));
    } catch {
      return 0n;
    }
  };
  return spans
    .map((span, i) => ({ span, i, t: start(span) }))
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.i - b.i))
    .map((x) => x.span);
}

const json = (value: unknown): unknown =>
  typeof value === 'string' ? parseResultData(value) : value;

function emitMessages(
  attrs: Rec,
  span: Rec,
  src: string,
  sink: AdapterSink,
  state: { users: number },
): boolean {
  let emitted = false;
  const input = asArray(json(attrs['gen_ai.input.messages']));
  const users = input.filter((m) => asRecord(m)?.['role'] === 'user');
  for (const m of users.slice(state.users)) {
    const text = asArray(asRecord(m)?.['parts'])
      .map((p) => asString(asRecord(p)?.['content']) ?? '')
      .join('\n');
    if (text !== '') sink.emit({ type: 'user.message', content: text, src });
    emitted = true;
  }
  state.users = Math.max(state.users, users.length);
  for (const m of asArray(json(attrs['gen_ai.output.messages']))) {
    const parts = asArray(asRecord(m)?.['parts']).filter((p) => asRecord(p)?.['type'] === 'text');
    const text = parts.map((p) => asString(asRecord(p)?.['content']) ?? '').join('\n');
    if (text.trim() !== '') sink.emit({ type: 'assistant.message', content: text, src });
    emitted ||= text.trim() !== '';
  }
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

/** Status code as a number: OTLP writes 0/1/2, exporters such as Tempo write the enum names. */
function statusCode(value: unknown): number {
  if (typeof value === 'number') return value;
  const byName: Record<string, number> = {
    STATUS_CODE_UNSET: 0,
    STATUS_CODE_OK: 1,
    STATUS_CODE_ERROR: 2,
    UNSET: 0,
    OK: 1,
    ERROR: 2,
  };
  return typeof value === 'string' ? (byName[value.toUpperCase()] ?? Number(value)) || 0 : 0;
}

function emitTool(attrs: Rec, span: Rec, src: string, sink: AdapterSink): void {
  const name =
    asString(attrs['gen_ai.tool.name']) ??
    asString(attrs['tool.name']) ??
    asString(attrs['ai.toolCall.name']) ??
    scalarText(span['name'], 'tool').replace(/^execute_tool\s*/, '');
  const callId =
    asString(attrs['gen_ai.tool.call.id']) ??
    asString(attrs['ai.toolCall.id']) ??
    asString(span['spanId']) ??
    src;
  const rawArgs =
    attrs['gen_ai.tool.call.arguments'] ?? attrs['input.value'] ?? attrs['ai.toolCall.args'];
  const rawResult =
    attrs['gen_ai.tool.call.result'] ?? attrs['output.value'] ?? attrs['ai.toolCall.result'];
  const status = asRecord(span['status']);
  const code = statusCode(status?.['code']);
  const exception = asArray(span['events']).some((e) =>
    /exception$/.test(String(asRecord(e)?.['name'])),
  );
  const failed =
    code === 2 ||
    attrs['error.type'] !== undefined ||
    attrs['gen_ai.tool.result.is_error'] === true ||
    exception;
  sink.emit({
    type: 'tool.call',
    callId,
    name,
    src,
    ...(rawArgs === undefined ? { args: undefined, argsMissing: true } : parseArgs(rawArgs)),
  });
  sink.emit({
    type: 'tool.result',
    callId,
    ok: failed ? false : code === 1 ? true : null,
    data: rawResult === undefined ? undefined : json(rawResult),
    src,
    ...(failed
      ? {
          error: {
            type: asString(attrs['error.type']) ?? 'span_error',
            message: asString(status?.['message']) ?? '',
          },
        }
      : {}),
  });
}

export const otelGenaiAdapter = defineAdapter({
  kind: 'document',
  name: 'otel-genai',
  version: 1,
  describe:
    'OpenTelemetry GenAI semantic-convention spans, OTLP/JSON (also OpenInference and Vercel AI keys)',
  failure:
    'span status.code 2 / STATUS_CODE_ERROR, error.type, gen_ai.tool.result.is_error, or an exception event; status 1 = ok; unset = unknown (okWhen may decide)',
  formatVersions: 'any (OTLP/JSON current and legacy shapes)',
  knowsVersion: anyVersion,
  detectDocument: (document) =>
    resourceSpansOf(document).some((r) =>
      ['scopeSpans', 'instrumentationLibrarySpans'].some((k) => isList(asRecord(r)?.[k])),
    ),
  parseDocument: (document, sink) => {
    const state = { users: 0 };
    for (const span of spansOf(document)) {
      sink.counts.records++;
      const attrs = attributesOf(span['attributes']);
      const src = `span ${scalarText(span['spanId'], '?')}`;
      const conversation = asString(attrs['gen_ai.conversation.id']);
      if (conversation !== undefined) sink.setSessionId(conversation);
      sink.noteRecordedWith({
        model: asString(attrs['gen_ai.response.model']) ?? asString(attrs['gen_ai.request.model']),
        skillVersion: asString(attrs['gen_ai.agent.version']),
      });
      const toolName = asString(attrs['gen_ai.tool.name']);
      const toolVersion = asString(attrs['gen_ai.tool.version']);
      if (toolName !== undefined && toolVersion !== undefined)
        sink.noteRecordedWith({ tool: { name: toolName, version: toolVersion } });
      const isTool =
        attrs['gen_ai.operation.name'] === 'execute_tool' ||
        attrs['openinference.span.kind'] === 'TOOL' ||
        attrs['ai.toolCall.name'] !== undefined ||
        /^execute_tool\b/.test(String(span['name']));
      if (isTool) {
        emitTool(attrs, span, src, sink);
        sink.counts.recognized++;
      } else if (emitMessages(attrs, span, src, sink, state)) {
        sink.counts.recognized++;
      } else if (Object.keys(attrs).some((k) => k.startsWith('gen_ai.'))) {
        sink.counts.skipped++;
      } else {
        countUnknown(sink.counts, `span ${String(span['name']).slice(0, 40)}`);
      }
    }
  },
});
