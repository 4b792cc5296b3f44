// Format versions, legacy shapes and server-tool failures: what the adapters know and refuse.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findAdapter } from '../../../scripts/lib/core/trace/adapters/index.ts';
import { adaptTrace } from '../../../scripts/lib/io/trace/adapt-trace.ts';
import { parseArgs } from '../../../scripts/lib/cli/parse-args.ts';
import { toTraceOptions } from '../../../scripts/lib/cli/trace-options.ts';
import { trace } from '../../../scripts/trace.ts';
import { isCliError } from '../../../scripts/lib/core/errors.ts';
import { FIXTURES, packAt, tempFile } from '../../helpers/trace.ts';
import { checkTraceFile } from '../../../scripts/lib/flows/trace/trace-check-flow.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

const common = { root: undefined, json: false, limit: 8192 };
const argv = (adapter: string) =>
  parseArgs(trace, ['adapt', 't.jsonl', '--adapter', adapter], 'trace');

describe('adapter versions', () => {
  test('--adapter with a version this build does not have is exit 2; the real one is accepted', () => {
    expect(findAdapter('deepseek-harness@0')?.name).toBe('deepseek-harness');
    expect(findAdapter('deepseek-harness@7')).toBeUndefined();
    expect(findAdapter('claude-code@01x')).toBeUndefined();
    for (const bad of ['deepseek-harness@7', 'claude-code@2', 'events@']) {
      let code: number | undefined;
      try {
        toTraceOptions(argv(bad), common);
      } catch (error) {
        code = isCliError(error) ? error.exitCode : -1;
      }
      expect(code, bad).toBe(2);
    }
    expect(toTraceOptions(argv('deepseek-harness@0'), common).adapter).toBe('deepseek-harness@0');
  });

  test('a session declaring a format version the adapter does not know is UNKNOWN', async () => {
    const session = [
      '{"type":"session","version":3,"id":"s-v3","createdAt":0}',
      '{"type":"tool/call","seq":1,"data":{"callId":"c1","name":"bash","arguments":"{}"}}',
      '{"type":"tool/result","seq":2,"data":{"callId":"c1","content":[],"isError":false}}',
    ].join('\n');
    const path = tempFile('dsh-v3.jsonl', `${session}\n`);
    const item = await checkTraceFile(
      packAt('fs-safety'),
      { path, shownAs: 'dsh-v3' },
      'auto',
      TRACE_PART.trace,
    );
    expect(item.error?.code).toBe('TRACE_UNKNOWN');
    expect(item.error?.problems?.[0]).toMatch(
      /declares format version 3; deepseek-harness@0 knows 0/,
    );
    await expect(adaptTrace(path, 'dsh-v3', 'auto')).rejects.toMatchObject({
      code: 'TRACE_UNKNOWN',
      exitCode: 2,
    });
    const claude = tempFile(
      'cc-v9.jsonl',
      '{"type":"user","sessionId":"s","version":"9.0.0","message":{"role":"user","content":"hi"}}\n',
    );
    await expect(adaptTrace(claude, 'cc-v9', 'auto')).rejects.toMatchObject({
      code: 'TRACE_UNKNOWN',
    });
  });

  test('legacy OTLP JSON (batches, instrumentationLibrarySpans, enum names) adapts, auto and named', async () => {
    for (const adapter of ['auto', 'otel-genai']) {
      const r = await adaptTrace(join(FIXTURES, 'otel-genai/legacy-tempo.json'), 'legacy', adapter);
      expect(r.header.adapter).toBe('otel-genai@1');
      expect(
        r.events.map((e) => (e.type === 'tool.result' ? `${e.callId} ${String(e.ok)}` : e.type)),
      ).toEqual(['tool.call', 't1 true', 'tool.call', 't2 false']);
      expect(r.header.recordedWith?.tools).toEqual({ refund_create: '2.4.1' });
    }
  });

  test('Anthropic server tool results: return_code != 0 and *_error types are failures', async () => {
    const doc = {
      role: 'assistant',
      content: [
        {
          type: 'server_tool_use',
          id: 's1',
          name: 'bash_code_execution',
          input: { command: 'false' },
        },
        {
          type: 'bash_code_execution_tool_result',
          tool_use_id: 's1',
          content: {
            type: 'bash_code_execution_result',
            stdout: '',
            stderr: 'boom',
            return_code: 1,
            content: [],
          },
        },
        {
          type: 'server_tool_use',
          id: 's2',
          name: 'bash_code_execution',
          input: { command: 'true' },
        },
        {
          type: 'bash_code_execution_tool_result',
          tool_use_id: 's2',
          content: {
            type: 'bash_code_execution_result',
            stdout: '',
            stderr: '',
            return_code: 0,
            content: [],
          },
        },
        { type: 'server_tool_use', id: 's3', name: 'bash_code_execution', input: { command: 'x' } },
        {
          type: 'bash_code_execution_tool_result',
          tool_use_id: 's3',
          content: { type: 'bash_code_execution_tool_result_error', error_code: 'unavailable' },
        },
      ],
    };
    const r = await adaptTrace(tempFile('server.json', JSON.stringify(doc)), 'server', 'auto');
    const results = r.events.filter((e) => e.type === 'tool.result');
    expect(results.map((e) => (e.type === 'tool.result' ? e.ok : undefined))).toEqual([
      false,
      true,
      false,
    ]);
    expect(results[0]?.type === 'tool.result' && results[0].error?.message).toBe(
      'return_code 1: boom',
    );
    expect(results[2]?.type === 'tool.result' && results[2].error?.message).toBe('unavailable');
  });
});
