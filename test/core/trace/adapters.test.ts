// The adapter test matrix, on hand-written fixtures.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { TraceEvent } from '../../../scripts/lib/core/trace/events.ts';
import { adaptTrace } from '../../../scripts/lib/io/trace/adapt-trace.ts';
import { checkFile, FIXTURES, notPassing, packAt, tempFile } from '../../helpers/trace.ts';

const adapt = (file: string, adapter = 'auto') => adaptTrace(join(FIXTURES, file), file, adapter);
const brief = (events: TraceEvent[]) =>
  events.map((e) =>
    e.type === 'tool.call'
      ? `call ${e.callId} ${e.name}`
      : e.type === 'tool.result'
        ? `result ${e.callId} ${String(e.ok)}`
        : `${e.type} ${e.content}`,
  );

describe('openai-chat@1', () => {
  test('pairs parallel calls by tool_call_id and detects the final text', async () => {
    const r = await adapt('refund/good.openai-chat.json');
    expect(r.header.adapter).toBe('openai-chat@1');
    expect(brief(r.events).slice(3, 7)).toEqual([
      'call call_2 order_get',
      'call call_3 refund_policy',
      'result call_2 null',
      'result call_3 null',
    ]);
    expect(r.events.at(-1)).toMatchObject({
      type: 'assistant.message',
      content: expect.stringContaining('R-1001'),
    });
    expect(r.counts.skipped).toBe(1);
  });

  test('a declined refund is ok only through the pack okWhen, and the false claim is caught', async () => {
    const r = await adapt('openai-chat/declined-false-claim.json');
    expect(r.events[2]).toMatchObject({
      type: 'tool.result',
      ok: null,
      data: { ok: false, error: 'card_declined' },
    });
    const item = await checkFile(
      packAt('refund'),
      join(FIXTURES, 'openai-chat/declined-false-claim.json'),
    );
    expect(notPassing(item)).toMatchObject({
      REFUND_RESULT_REQUIRED: 'fail',
      NO_FALSE_SUCCESS_CLAIM: 'fail',
    });
  });

  test('invalid JSON arguments are kept raw with a parse error', async () => {
    const r = await adapt('openai-chat/invalid-args.json');
    expect(r.events[1]).toMatchObject({
      type: 'tool.call',
      callId: 'call_9',
      argsRaw: '{"orderId": "A7"',
    });
    expect((r.events[1] as { argsParseError?: string }).argsParseError).toBeTruthy();
    expect(r.events[2]).toMatchObject({
      type: 'tool.result',
      callId: 'call_9',
      data: 'Error: bad arguments',
    });
  });

  test('legacy function_call pairs by order, and choices[0].message is the final reply', async () => {
    const r = await adapt('openai-chat/legacy-function-call.json');
    expect(brief(r.events)).toEqual([
      'user.message What is the order state?',
      'call legacy:messages[1] order_get',
      'result legacy:messages[1] null',
      'assistant.message Order A7 is paid.',
    ]);
  });
});

describe('anthropic-messages@1', () => {
  test('is_error gives ok=false and mixed blocks keep their order', async () => {
    const r = await adapt('anthropic-messages/is-error-mixed.json');
    expect(brief(r.events)).toEqual([
      'user.message Refund A7.',
      'assistant.message Verifying you.',
      'call toolu_1 identity_verify',
      'assistant.message And fetching the order.',
      'call toolu_2 order_get',
      'result toolu_1 false',
      'result toolu_2 true',
      'assistant.message I could not verify you.',
    ]);
  });

  test('a server tool result error is a failure', async () => {
    const r = await adapt('anthropic-messages/server-tool-error.json', 'anthropic-messages');
    expect(brief(r.events)).toEqual([
      'call srvtoolu_1 web_search',
      'result srvtoolu_1 false',
      'assistant.message Search failed.',
    ]);
  });
});

describe('claude-code@1', () => {
  test('merges split lines by message.id, keeps file order, counts unknown lines, reads failures', async () => {
    const r = await adapt('claude-code/session.jsonl');
    expect(r.header).toMatchObject({
      adapter: 'claude-code@1',
      sourceVersion: '2.0.14',
      sessionId: 's-cc',
    });
    expect(brief(r.events)).toEqual([
      'user.message clean the build dir',
      'assistant.message I will remove it.',
      'call toolu_1 Bash',
      'result toolu_1 false',
      'call toolu_2 Bash',
      'result toolu_2 false',
      'assistant.message The build directory could not be removed.',
    ]);
    expect(r.events[1]).toMatchObject({ src: 'L2-L3' });
    expect(r.counts).toMatchObject({
      unknown: 1,
      unknownKinds: { 'brand-new-line-type': 1 },
      skipped: 2,
    });
    expect(r.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('auto detects the format even when the first line is of an unknown new type', async () => {
    const { tempFile } = await import('../../helpers/trace.ts');
    const { readFileSync } = await import('node:fs');
    const body = readFileSync(join(FIXTURES, 'claude-code/session.jsonl'), 'utf8');
    const path = tempFile('new-first-line.jsonl', `{"type":"agent-setting","value":1}\n${body}`);
    const r = await adaptTrace(path, 'new-first-line', 'auto');
    expect(r.header.adapter).toBe('claude-code@1');
    expect(r.counts.unknownKinds).toMatchObject({ 'agent-setting': 1 });
  });

  test('reads a subagent (sidechain) file', async () => {
    const r = await adapt('claude-code/s-cc/subagents/agent-a1.jsonl');
    expect(brief(r.events)).toEqual([
      'user.message List the build dir',
      'call toolu_s1 Read',
      'result toolu_s1 false',
    ]);
  });
});

describe('otel-genai@1', () => {
  test('orders spans by start time (stable ties), ok from status, args unknown when not captured', async () => {
    const r = await adapt('otel-genai/messages-and-status.json');
    expect(r.header).toMatchObject({ adapter: 'otel-genai@1', sessionId: 'conv-1' });
    expect(brief(r.events)).toEqual([
      'user.message Refund A7',
      'call call_1a order_get',
      'result call_1a true',
      'call call_1b identity_verify',
      'result call_1b null',
      'call call_2 refund_create',
      'result call_2 false',
      'assistant.message Refund succeeded.',
    ]);
    expect(r.events[3]).toMatchObject({ argsMissing: true });
  });

  test('deprecated events and OpenInference keys; non-GenAI spans are counted unknown', async () => {
    const r = await adapt('otel-genai/deprecated-events.json', 'otel-genai');
    expect(brief(r.events)).toEqual([
      'call e2 order_get',
      'result e2 false',
      'user.message Is A7 paid?',
      'assistant.message Yes, A7 is paid.',
    ]);
    expect(r.counts.unknown).toBe(1);
  });

  const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
  /** [what, fixture, events in brief, [event index, what it must contain], header facts] */
  const conversations: [string, string, string[], [number, object], object][] = [
    [
      'tool calls the model asked for are calls once; a tool span for the same id wins; responses are results of unknown outcome',
      'requested-calls.json',
      [
        'user.message Refund A7',
        'assistant.message Checking.',
        'call call_a order_get',
        'call call_b refund_create',
        'result call_b false',
        'result call_a null',
        'assistant.message Refund declined.',
      ],
      [5, { data: { state: 'PAID' } }],
      { promptSha256: sha('You refund orders.') },
    ],
    [
      'OpenInference flattened messages: calls, tool responses, unparsable arguments kept raw',
      'openinference-messages.json',
      [
        'user.message Is A7 paid?',
        'call oi_1 order_get',
        'result oi_1 null',
        'assistant.message Yes, A7 is paid.',
      ],
      [1, { args: undefined, argsRaw: '{"orderId": "A7"' }],
      { model: 'gpt-test-1' },
    ],
    [
      'Vercel AI SDK: each doGenerate step once; the outer span repeats them and adds nothing',
      'vercel-steps.json',
      [
        'user.message Is A7 paid?',
        'call v1 order_get',
        'result v1 null',
        'assistant.message Yes, A7 is paid.',
      ],
      [2, { data: { state: 'PAID' } }],
      { model: 'gpt-test-2', promptSha256: sha('You check orders.') },
    ],
  ];
  for (const [what, file, events, [at, holds], recordedWith] of conversations) {
    test(what, async () => {
      const r = await adapt(`otel-genai/${file}`);
      expect(brief(r.events)).toEqual(events);
      expect(r.events[at]).toMatchObject(holds);
      expect(r.header.recordedWith).toMatchObject(recordedWith);
      expect(r.counts.unknown).toBe(0);
    });
  }

  test('a span writing the conventions and OpenInference spellings of one exchange counts it once', async () => {
    const kv = (key: string, value: string) => ({ key, value: { stringValue: value } });
    const span = {
      spanId: 'both',
      attributes: [
        kv('gen_ai.input.messages', '[{"role":"user","parts":[{"type":"text","content":"Hi"}]}]'),
        kv(
          'gen_ai.output.messages',
          '[{"role":"assistant","parts":[{"type":"tool_call","id":"c1","name":"f","arguments":{}}]}]',
        ),
        kv('llm.input_messages.0.message.role', 'user'),
        kv('llm.input_messages.0.message.content', 'Hi'),
        kv('llm.output_messages.0.message.tool_calls.0.tool_call.id', 'c1'),
        kv('llm.output_messages.0.message.tool_calls.0.tool_call.function.name', 'f'),
      ],
    };
    const file = tempFile(
      'both-spellings.json',
      JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }),
    );
    const r = await adaptTrace(file, 'both-spellings.json', 'auto');
    expect(brief(r.events)).toEqual(['user.message Hi', 'call c1 f']);
  });

  test('a requested call keeps its parsed arguments', async () => {
    const r = await adapt('otel-genai/requested-calls.json');
    expect(r.events[2]).toMatchObject({ args: { orderId: 'A7' } });
    const steps = await adapt('otel-genai/vercel-steps.json');
    expect(steps.events[1]).toMatchObject({ args: { orderId: 'A7' } });
  });

  test('an arg rule on uncaptured arguments is unknown, not pass', async () => {
    const item = await checkFile(
      packAt('refund'),
      join(FIXTURES, 'otel-genai/messages-and-status.json'),
    );
    expect(item.verdict?.coverage.undecidedResults).toBeGreaterThan(0);
    expect(notPassing(item)['NO_FALSE_SUCCESS_CLAIM']).toBe('fail');
  });
});

describe('openai-responses@1', () => {
  test('pairs on call_id, mcp_call.error and failed hosted calls are failures', async () => {
    const r = await adapt('openai-responses/items.json');
    expect(brief(r.events)).toEqual([
      'user.message Refund order A7',
      'call call_1 order_get',
      'result call_1 null',
      'call mcp_1 refund_create',
      'result mcp_1 false',
      'call ws_1 web_search_call',
      'result ws_1 false',
      'assistant.message Refund issued.',
    ]);
    expect(r.counts.skipped).toBe(1);
  });
});

describe('deepseek-harness@0', () => {
  test('skips chunk rows, maps isError to false and crash-repaired results to unknown', async () => {
    const r = await adapt('deepseek-harness/session.jsonl');
    expect(r.header).toMatchObject({
      adapter: 'deepseek-harness@0',
      sourceVersion: '0',
      sessionId: 's1',
    });
    expect(brief(r.events)).toEqual([
      'user.message Refund A7',
      'call c1 refund_create',
      'result c1 false',
      'call c2 order_get',
      'result c2 null',
      'assistant.message The refund was declined.',
    ]);
    expect(r.events[4]).toMatchObject({ error: { type: 'outcome_unknown' } });
    expect(r.counts.unknown).toBe(1);
    expect(r.events.map((e) => e.seq)).toEqual([2, 6, 7, 8, 9, 10].map((_, i) => i + 1));
  });
});

describe('events@1', () => {
  test('round-trips what trace adapt prints', async () => {
    const first = await adapt('claude-code/session.jsonl');
    const { renderEventsJsonl } = await import('../../../scripts/lib/io/trace/adapt-trace.ts');
    const { tempFile } = await import('../../helpers/trace.ts');
    const again = await adaptTrace(
      tempFile('roundtrip.jsonl', renderEventsJsonl(first)),
      'roundtrip',
      'auto',
    );
    expect(again.header.adapter).toBe('events@1');
    expect(again.header.sessionId).toBe('s-cc');
    const noSrc = (events: TraceEvent[]) => events.map(({ src: _src, ...rest }) => rest);
    expect(noSrc(again.events)).toEqual(noSrc(first.events));
  });
});
