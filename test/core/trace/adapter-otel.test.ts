// The otel-genai adapter on hand-written OTLP/JSON fixtures: span order and status, the three
// spellings of a model call's conversation, and the tool calls a model asked for.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { adaptTrace } from '../../../scripts/lib/io/trace/adapt-trace.ts';
import { brief, checkFile, FIXTURES, notPassing, packAt, tempFile } from '../../helpers/trace.ts';

const adapt = (file: string, adapter = 'auto') => adaptTrace(join(FIXTURES, file), file, adapter);

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
