// Property: every adapter is total. Arbitrary JSON (records, documents, near-miss shapes) yields
// events or counts, never an exception.
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { adapters } from '../../scripts/lib/core/trace/adapters/index.ts';
import {
  createSink,
  RecordRejected,
} from '../../scripts/lib/core/trace/adapters/define-adapter.ts';
import { createEvaluator } from '../../scripts/lib/core/trace/evaluate.ts';
import { emptyCounts } from '../../scripts/lib/core/trace/events.ts';
import { packAt } from '../helpers/trace.ts';

const packs = ['refund', 'fs-safety', 'db-migration', 'honest-completion'].map(packAt);

const type = fc.constantFrom(
  'tool.call',
  'tool.result',
  'user',
  'assistant',
  'session',
  'tool/call',
  'tool/result',
  'message',
  'function_call',
  'mcp_call',
  'tool_use',
  'tool_result',
  'text',
);
const shaped = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    tie('object'),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
  object: fc.record(
    {
      type,
      role: fc.constantFrom('user', 'assistant', 'tool', 'system', 42),
      content: tie('value'),
      message: tie('value'),
      data: tie('value'),
      callId: fc.oneof(fc.string(), fc.integer()),
      tool_calls: tie('value'),
      seq: fc.oneof(fc.integer(), fc.string()),
      resourceSpans: tie('value'),
      spans: tie('value'),
      attributes: tie('value'),
      messages: tie('value'),
    },
    { requiredKeys: [] },
  ),
}));

test.prop([fc.array(shaped.value, { maxLength: 8 })], { seed: 7, numRuns: 300 })(
  'no adapter and no shipped pack throws on arbitrary JSON',
  (records) => {
    for (const adapter of adapters) {
      const counts = emptyCounts();
      const evaluators = packs.map((p) => createEvaluator(p));
      const sink = createSink(counts, (event) => evaluators.forEach((e) => e.push(event)));
      if (adapter.kind === 'lines') {
        adapter.detectRecord(records[0]);
        const parser = adapter.createParser(sink);
        records.forEach((r, i) => {
          try {
            parser.record(r, i + 1);
          } catch (error) {
            expect(error).toBeInstanceOf(RecordRejected);
          }
        });
        parser.end();
      } else {
        for (const doc of [
          records,
          { messages: records },
          { input: records, output: records },
          { resourceSpans: [{ scopeSpans: [{ spans: records }] }] },
        ]) {
          adapter.detectDocument(doc);
          try {
            adapter.parseDocument(doc, sink);
          } catch (error) {
            expect(error).toBeInstanceOf(RecordRejected);
          }
        }
      }
      for (const evaluator of evaluators)
        evaluator.finish({ adapter: adapter.name, rawSha256: '' }, counts);
    }
  },
  60_000,
);
