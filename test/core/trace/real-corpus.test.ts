// Traces written by other people (shared/fixtures/traces-real beside the checkout, sources in its
// SOURCE.md; this repository does not commit them): each adapts with the asserted numbers of
// calls, results, failed results and results of unknown outcome, and the normalized events read
// back through the `events` adapter unchanged.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { adaptTrace, renderEventsJsonl } from '../../../scripts/lib/io/trace/adapt-trace.ts';
import { adapterNames } from '../../../scripts/lib/core/trace/adapters/index.ts';
import { sharedFixture } from '../../helpers/shared-fixture.ts';
import { tempFile } from '../../helpers/trace.ts';
import type { AdaptResult } from '../../../scripts/lib/core/world/trace-port.ts';

const corpus = sharedFixture('traces-real');
const CORPUS = corpus.path;

/** [file, adapter, calls, results, failed, unknown outcome] */
const EXPECTED: [string, string, number, number, number, number][] = [
  [
    'anthropic-messages/anthropic-code-execution-20250825.1.json',
    'anthropic-messages@1',
    2,
    2,
    0,
    0,
  ],
  [
    'anthropic-messages/anthropic-code-execution-20250825.pptx-skill.json',
    'anthropic-messages@1',
    61,
    61,
    1,
    0,
  ],
  ['anthropic-messages/anthropic-mcp.1.json', 'anthropic-messages@1', 1, 1, 0, 0],
  ['anthropic-messages/anthropic-web-fetch-tool.error.json', 'anthropic-messages@1', 1, 1, 1, 0],
  ['claude-code/55550000-0000-4000-8000-000000000001.jsonl', 'claude-code@1', 6, 6, 0, 0],
  ['claude-code/edge-cases.jsonl', 'claude-code@1', 3, 1, 1, 0],
  ['claude-code/representative-messages.jsonl', 'claude-code@1', 2, 2, 0, 0],
  ['claude-code/todowrite-examples.jsonl', 'claude-code@1', 3, 3, 0, 0],
  ['deepseek-harness/bash-tool-turn.jsonl', 'deepseek-harness@0', 1, 1, 0, 0],
  ['deepseek-harness/fs-delete-recreate.jsonl', 'deepseek-harness@0', 4, 4, 1, 0],
  ['deepseek-harness/fs-policy-reject.jsonl', 'deepseek-harness@0', 3, 3, 1, 0],
  ['deepseek-harness/tool-outcome-unknown.jsonl', 'deepseek-harness@0', 1, 1, 0, 1],
  ['openai-chat/deepseek-tool-call.json', 'openai-chat@1', 1, 0, 0, 0],
  ['openai-chat/xai-tool-call.json', 'openai-chat@1', 1, 0, 0, 0],
  ['otel-genai/litellm.json', 'otel-genai@1', 1, 0, 0, 0],
  ['otel-genai/openinference-openai.json', 'otel-genai@1', 1, 0, 0, 0],
  ['otel-genai/openllmetry.json', 'otel-genai@1', 1, 0, 0, 0],
  ['otel-genai/opentelemetry-openai-v2.json', 'otel-genai@1', 1, 0, 0, 0],
  ['otel-genai/vercel-ai.json', 'otel-genai@1', 1, 1, 0, 1],
  ['openai-responses/openai-local-shell-tool.1.json', 'openai-responses@2', 1, 0, 0, 0],
  ['openai-responses/openai-mcp-tool.1.json', 'openai-responses@2', 1, 1, 0, 0],
  ['openai-responses/openai-shell-tool.1.json', 'openai-responses@2', 3, 0, 0, 0],
  ['openai-responses/programmatic-tool-calling.2.json', 'openai-responses@2', 1, 0, 0, 0],
];

function tally(r: AdaptResult): [number, number, number, number] {
  const results = r.events.filter((e) => e.type === 'tool.result');
  return [
    r.events.filter((e) => e.type === 'tool.call').length,
    results.length,
    results.filter((e) => e.ok === false).length,
    results.filter((e) => e.ok === null).length,
  ];
}

describe.skipIf(corpus.isMissing)('real-trace corpus', () => {
  test('every trace in the corpus has asserted counts', () => {
    const files = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.jsonl?$/.test(f) && !f.includes('/subagents/'))
      .sort();
    expect(files).toEqual(EXPECTED.map(([f]) => f).sort());
  });

  for (const [file, adapter, calls, results, failed, unknown] of EXPECTED) {
    test(`${file}: ${calls} calls, ${results} results, ${failed} failed`, async () => {
      const r = await adaptTrace(join(CORPUS, file), file, 'auto');
      expect(r.header.adapter).toBe(adapter);
      expect(r.counts.malformed).toBe(0);
      expect(tally(r)).toEqual([calls, results, failed, unknown]);
      const again = await adaptTrace(
        tempFile(`${file.replace(/\//g, '_')}.events.jsonl`, renderEventsJsonl(r)),
        file,
        'events',
      );
      expect(tally(again)).toEqual([calls, results, failed, unknown]);
      expect(again.events.map((e) => e.seq)).toEqual(r.events.map((e) => e.seq));
    });
  }

  test('the server tool result with return_code 1 is the failed one', async () => {
    const file = 'anthropic-messages/anthropic-code-execution-20250825.pptx-skill.json';
    const r = await adaptTrace(join(CORPUS, file), file, 'auto');
    const failed = r.events.find((e) => e.type === 'tool.result' && e.ok === false);
    expect(failed?.type === 'tool.result' && failed.error?.message).toMatch(/^return_code 1/);
  });

  test('Claude Code subagent files merge where each agent returned, attributed to it', async () => {
    const file = 'claude-code/55550000-0000-4000-8000-000000000001.jsonl';
    const r = await adaptTrace(join(CORPUS, file), file, 'auto');
    expect(r.header.agents).toEqual(['showcol1', 'showcol2']);
    const order = r.events.map((e) =>
      e.type === 'tool.call' || e.type === 'tool.result'
        ? `${e.type} ${e.callId}${e.agent ? ` @${e.agent}` : ''}`
        : `${e.type}${e.agent ? ` @${e.agent}` : ''}`,
    );
    const at = (s: string): number => order.indexOf(s);
    expect(at('tool.call toolu_sc_showcol1')).toBeLessThan(at('user.message @showcol1'));
    expect(at('assistant.message @showcol1')).toBeLessThan(at('tool.result toolu_sc_showcol1'));
    expect(at('tool.result toolu_sc_showcol1')).toBeLessThan(
      at('tool.call toolu_sc_grep @showcol2'),
    );
    expect(at('tool.result toolu_sc_grep @showcol2')).toBeLessThan(
      at('tool.result toolu_sc_showcol2'),
    );
    expect(order[order.length - 1]).toBe('assistant.message');
    expect(r.header.recordedWith?.model).toBe('claude-haiku-4-5-20251001');
  });

  test('every adapter a user can pick by format has traces here', () => {
    const formats = new Set(EXPECTED.map(([, adapter]) => adapter.replace(/@.*/, '')));
    // `events` is proofgate's own normalized format: nobody else writes it.
    expect([...formats].sort()).toEqual(adapterNames.filter((n) => n !== 'events').sort());
  });

  test('OTel GenAI: the tool the model asked for is one call, also when a tool span records it', async () => {
    const file = 'otel-genai/vercel-ai.json';
    const r = await adaptTrace(join(CORPUS, file), file, 'auto');
    expect(r.events.map((e) => e.type)).toEqual(['user.message', 'tool.call', 'tool.result']);
    expect(r.events[1]).toMatchObject({
      callId: 'call_9RtYbK2mXqLp',
      name: 'lookup_order',
      args: { order_id: 'A-1187' },
    });
    expect(r.events[2]).toMatchObject({ data: { status: 'in_transit', eta: '2026-06-15' } });
    expect(r.counts).toMatchObject({ unknown: 0, skipped: 1 });
    const raw = 'otel-genai/opentelemetry-openai-v2.json';
    const official = await adaptTrace(join(CORPUS, raw), raw, 'auto');
    expect(official.events[0]).toMatchObject({
      type: 'user.message',
      content: 'Where is order A-1187?',
    });
    expect(official.header.recordedWith).toMatchObject({ model: 'gpt-4o-mini-2024-07-18' });
    expect(official.header.recordedWith?.promptSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the header records the model the source names', async () => {
    const file = 'deepseek-harness/fs-delete-recreate.jsonl';
    const r = await adaptTrace(join(CORPUS, file), file, 'auto');
    expect(r.header.recordedWith?.model).toBe('deepseek-v4-flash');
    expect(r.header.recordedWith?.promptSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
