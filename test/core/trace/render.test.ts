import { describe, expect, test } from 'vitest';
import type { TraceCheckResult } from '../../../scripts/lib/flows/trace/trace-check-flow.ts';
import { escapeXml, renderTraceJunit } from '../../../scripts/lib/render/trace/junit.ts';
import { renderTraceMarkdown } from '../../../scripts/lib/render/trace/markdown.ts';
import { renderTraceSarif } from '../../../scripts/lib/render/trace/sarif.ts';
import { renderTraceCheck, verdictLine } from '../../../scripts/lib/render/trace/text.ts';
import { checkEvents, packAt } from '../../helpers/trace.ts';

async function resultWithUnknown(): Promise<TraceCheckResult> {
  const pack = packAt('refund');
  const item = await checkEvents(pack, [
    {
      type: 'tool.call',
      seq: 1,
      callId: 'c1',
      name: 'refund.create',
      args: { orderId: 'A<7>', amountCents: 1 },
    },
    { type: 'tool.result', seq: 2, callId: 'c1', ok: null, data: undefined },
  ]);
  return {
    pack: pack.pack,
    packFile: 'refund.yaml',
    adapter: 'auto',
    failOn: 'block',
    status: 'fail',
    traces: [item, { file: 'x "y".jsonl', error: { code: 'TRACE_EMPTY', message: 'no <events>' } }],
  };
}

describe('trace renderers', () => {
  test('the verdict line leads and names unknowns as not proven', async () => {
    const result = await resultWithUnknown();
    expect(verdictLine({ ...result, status: 'pass' })).toMatch(
      /^PASS .* \(unknown = undecidable, not proven\)$/,
    );
    expect(renderTraceCheck({ ...result, status: 'error' }).split('\n')[0]).toMatch(
      /^ERROR trace check: 1 of 2 trace\(s\) could not be evaluated/,
    );
    expect(renderTraceCheck(result)).toMatch(/ERROR \[TRACE_EMPTY\]: no <events>/);
  });

  test('JUnit escapes markup and control characters; unknown is skipped, errors are errors', async () => {
    expect(escapeXml('a<b>&"c"\u0001')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    const xml = renderTraceJunit(await resultWithUnknown());
    expect(xml).toMatch(/<skipped message="unknown: /);
    expect(xml).toMatch(
      /<testsuite name="x &quot;y&quot;.jsonl" tests="1" failures="0" errors="1" skipped="0">/,
    );
    expect(xml).not.toMatch(/A<7>/);
  });

  test('SARIF maps block → error, warn → warning, unknown → note', async () => {
    const sarif = JSON.parse(
      renderTraceSarif(await resultWithUnknown(), '0.1.0', undefined, {
        root: '/repo',
        pathOf: (f: string) => `/repo/${f}`,
      }),
    );
    const levels = sarif.runs[0].results.map(
      (r: { ruleId: string; level: string }) => `${r.ruleId}:${r.level}`,
    );
    expect(levels).toContain('TRACE_EMPTY:error');
    expect(levels).toContain('REFUND_RESULT_REQUIRED:note');
    expect(levels).toContain('VERIFY_BEFORE_REFUND:error');
  });

  test('Markdown escapes table cells', async () => {
    const md = renderTraceMarkdown(await resultWithUnknown());
    expect(md.split('\n')[0]).toMatch(/^## ❌ FAIL trace check/);
    expect(md).toMatch(/\| VERIFY_BEFORE_REFUND \| block \| fail \|/);
  });
});
