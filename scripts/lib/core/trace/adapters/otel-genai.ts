// OpenTelemetry GenAI spans as OTLP/JSON (`resourceSpans[].scopeSpans[].spans[]`), ordered by
// start time with a stable tie-break. Tool spans give call + result; ok comes from span status.
// Model-call spans give the conversation and the tool calls the model asked for (otel-messages.ts).
import { countUnknown } from '../events.ts';
import type { AdapterSink } from './define-adapter.ts';
import { anyVersion, defineAdapter } from './define-adapter.ts';
import { emitConversation } from './otel-messages.ts';
import type { ConversationState } from './otel-messages.ts';
import { attributesOf, resourceSpansOf, spansOf, statusCode } from './otel-spans.ts';
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

const json = (value: unknown): unknown =>
  typeof value === 'string' ? parseResultData(value) : value;

const isToolSpan = (attrs: Rec, span: Rec): boolean =>
  attrs['gen_ai.operation.name'] === 'execute_tool' ||
  attrs['openinference.span.kind'] === 'TOOL' ||
  attrs['ai.toolCall.name'] !== undefined ||
  /^execute_tool\b/.test(String(span['name']));

const toolCallId = (attrs: Rec, span: Rec, src: string): string =>
  asString(attrs['gen_ai.tool.call.id']) ??
  asString(attrs['ai.toolCall.id']) ??
  asString(span['spanId']) ??
  src;

/** Keys of GenAI instrumentations: a span carrying one is known even when it maps to no event. */
const GENAI_KEY = /^(gen_ai|llm|ai|openinference|traceloop)\./;

function emitTool(attrs: Rec, span: Rec, src: string, sink: AdapterSink): void {
  const name =
    asString(attrs['gen_ai.tool.name']) ??
    asString(attrs['tool.name']) ??
    asString(attrs['ai.toolCall.name']) ??
    scalarText(span['name'], 'tool').replace(/^execute_tool\s*/, '');
  const callId = toolCallId(attrs, span, src);
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
    const spans = spansOf(document).map((span) => ({
      span,
      attrs: attributesOf(span['attributes']),
      src: `span ${scalarText(span['spanId'], '?')}`,
    }));
    const state: ConversationState = {
      users: 0,
      toolSpanCalls: new Set(
        spans
          .filter((s) => isToolSpan(s.attrs, s.span))
          .map((s) => toolCallId(s.attrs, s.span, s.src)),
      ),
      calls: new Set(),
      results: new Set(),
    };
    for (const { span, attrs, src } of spans) {
      sink.counts.records++;
      const conversation = asString(attrs['gen_ai.conversation.id']);
      if (conversation !== undefined) sink.setSessionId(conversation);
      sink.noteRecordedWith({
        model:
          asString(attrs['gen_ai.response.model']) ??
          asString(attrs['gen_ai.request.model']) ??
          asString(attrs['llm.model_name']) ??
          asString(attrs['ai.response.model']) ??
          asString(attrs['ai.model.id']),
        skillVersion: asString(attrs['gen_ai.agent.version']),
      });
      const toolName = asString(attrs['gen_ai.tool.name']);
      const toolVersion = asString(attrs['gen_ai.tool.version']);
      if (toolName !== undefined && toolVersion !== undefined)
        sink.noteRecordedWith({ tool: { name: toolName, version: toolVersion } });
      if (isToolSpan(attrs, span)) {
        emitTool(attrs, span, src, sink);
        sink.counts.recognized++;
      } else if (emitConversation(attrs, span, src, sink, state)) {
        sink.counts.recognized++;
      } else if (Object.keys(attrs).some((k) => GENAI_KEY.test(k))) {
        sink.counts.skipped++;
      } else {
        countUnknown(sink.counts, `span ${String(span['name']).slice(0, 40)}`);
      }
    }
  },
});
