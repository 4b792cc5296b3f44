// The adapter test matrix, on hand-written fixtures.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { adaptTrace } from '../../../scripts/lib/io/trace/adapt-trace.ts';
import type { TraceEvent } from '../../../scripts/lib/core/trace/events.ts';
import { brief, checkFile, FIXTURES, notPassing, packAt } from '../../helpers/trace.ts';

const adapt = (file: string, adapter = 'auto') => adaptTrace(join(FIXTURES, file), file, adapter);

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
    // Each event points at the physical line that holds it, not the merged message's first line.
    expect(r.events[1]).toMatchObject({ src: 'L2' });
    expect(r.events[2]).toMatchObject({ src: 'L3' });
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

describe('openai-responses@2', () => {
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
