// Parity: the evaluator offers each view only to the rules whose `wants` accepts its shape. That
// index must never change a verdict: on random traces and on every trace under test/fixtures, the
// catalog examples and the shared real-trace corpus (shared/fixtures/traces-real), the indexed
// and the unindexed evaluator give identical verdicts (rules, outcomes, findings and their order,
// coverage), for the shipped packs and for a pack that uses every primitive.
import { fc, test } from '@fast-check/vitest';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test as example } from 'vitest';
import { createEvaluator } from '../../scripts/lib/core/trace/evaluate.ts';
import { emptyCounts } from '../../scripts/lib/core/trace/events.ts';
import type { TraceEvent } from '../../scripts/lib/core/trace/events.ts';
import type { Pack } from '../../scripts/lib/core/trace/pack.ts';
import { ruleTypes } from '../../scripts/lib/core/trace/rules/index.ts';
import { adaptTrace } from '../../scripts/lib/io/trace/adapt-trace.ts';
import { sharedFixture } from '../helpers/shared-fixture.ts';
import { FIXTURES, PACKS, REPO, packAt } from '../helpers/trace.ts';

const realCorpus = sharedFixture('traces-real');

/** A pack using every primitive (and every sequence mode) over the tools `a`, `b`, `c`. */
function everyPrimitive([a, b, c]: readonly [string, string, string]): Pack {
  const rules: Record<string, unknown>[] = [
    { type: 'require', match: { tool: a, ok: true } },
    { type: 'require', match: { tool: [`${c.slice(0, 1)}*`, b] }, min: 2 },
    { type: 'forbid', match: { tool: `${c}*`, where: { 'args.k': '/bad/' } } },
    { type: 'forbid', match: { event: 'assistant.message', where: { content: '/secret/' } } },
    {
      type: 'before',
      then: { tool: b },
      first: { tool: a, where: { 'data.v': 1 } },
      same: { 'args.k': 'data.k' },
    },
    {
      type: 'before',
      then: { tool: [b, c] },
      latest: { tool: a, ok: 'any' },
      first: { tool: a, ok: true },
      onMissing: 'fail',
    },
    { type: 'before', then: { event: 'assistant.message' }, first: { tool: c, ok: false } },
    { type: 'not_after', first: { tool: c }, then: { tool: a } },
    {
      type: 'not_after',
      first: { tool: b, ok: 'any' },
      then: { event: 'assistant.message' },
      unless_between: { event: 'user.message', where: { content: '/ok/' } },
    },
    { type: 'at_most', match: { tool: b }, max: 1, key: 'args.k' },
    { type: 'at_most', match: { tool: a, ok: false }, max: 1 },
    { type: 'unique', match: { tool: a }, key: 'args.k' },
    { type: 'arg', call: { tool: a }, path: 'args.k', enum: [1, 2] },
    { type: 'arg', call: { tool: [b, c] }, path: 'args.n', max: 3, onMissing: 'pass' },
    {
      type: 'arg_bound',
      call: { tool: b },
      onMissing: 'fail',
      checks: [
        { path: 'args.n', op: '<=', ref: { tool: a, path: 'data.v', pick: 'latest' } },
        { path: 'args.n', op: '>=', ref: { tool: c, ok: 'any', path: 'data.v', pick: 'all' } },
        { path: 'args.n', op: '>=', value: 0 },
      ],
    },
    { type: 'result_required', match: { tool: c } },
    { type: 'result_required', match: { tool: a }, ok: 'any' },
    { type: 'no_orphans', dangling_calls: true },
    { type: 'no_orphans' },
    {
      type: 'claim_requires',
      pattern: '/done/i',
      evidence: { tool: b, ok: true, pick: 'latest' },
    },
    {
      type: 'claim_requires',
      pattern: ['/nope/', '/1/'],
      evidence: [{ tool: c }, { event: 'user.message', where: { content: '/ok/' } }],
    },
    { type: 'final_mentions', evidence: { tool: a, path: 'data.v' } },
    {
      type: 'final_claim',
      claim: '/done/i',
      hedge: '/nope/',
      last: [{ tool: b }, { tool: c, ok: true }],
      failedWhen: { 'data.v': 1 },
      show: 'args.x',
    },
    { type: 'final_claim', claim: ['/1/'], last: { tool: a }, pick: 'any' },
    ...(['exact', 'in_order', 'any_order'] as const).map((mode) => ({
      type: 'sequence',
      mode,
      steps: [{ tool: a }, { tool: b, optional: true }, { tool: c, ok: true }],
    })),
  ];
  return {
    pack: 'parity@1',
    tools: {
      [b]: { aliases: [`mcp__*__${b}`], okWhen: { 'data.error': { exists: false } } },
    },
    rules: rules.map(
      (r, i) => ({ id: `R${i}`, level: 'block', message: `rule ${i}`, ...r }) as Pack['rules'][0],
    ),
  };
}

function verdictOf(pack: Pack, events: readonly TraceEvent[], indexed: boolean): unknown {
  const evaluator = createEvaluator(pack, { indexed });
  for (const event of events) evaluator.push(structuredClone(event));
  return evaluator.finish({ adapter: 'events@1', rawSha256: '' }, emptyCounts());
}

function expectParity(pack: Pack, events: readonly TraceEvent[]): void {
  expect(verdictOf(pack, events, true)).toEqual(verdictOf(pack, events, false));
}

const shipped = ['refund', 'fs-safety', 'db-migration', 'honest-completion'].map(packAt);
const synthetic = everyPrimitive(['a', 'b', 'c']);

example('the synthetic pack uses every rule primitive', () => {
  const used = new Set(synthetic.rules.map((r) => r.type));
  expect(ruleTypes.map((t) => t.type).filter((t) => !used.has(t))).toEqual([]);
});

const names = ['a', 'b', 'c', 'cc', 'mcp__s__b', 'zzz', 'order.get', 'refund.create', 'Bash'];
const step = fc.oneof(
  fc.record({
    type: fc.constant('tool.call' as const),
    callId: fc.constantFrom('1', '2', '3', '4'),
    name: fc.constantFrom(...names),
    args: fc.oneof(
      fc.constant(undefined),
      fc.record(
        {
          k: fc.constantFrom(1, 2, 'bad', 'A1'),
          n: fc.integer({ min: -1, max: 5 }),
          orderId: fc.constantFrom('A1', 'A2'),
          amountCents: fc.constantFrom(100, 5000),
          command: fc.constantFrom('ls', 'rm -rf /', 'git push --force'),
        },
        { requiredKeys: [] },
      ),
    ),
  }),
  fc.record({
    type: fc.constant('tool.result' as const),
    callId: fc.constantFrom('1', '2', '3', '4', '9'),
    ok: fc.constantFrom(true, false, null),
    data: fc.record(
      {
        v: fc.constantFrom(0, 1, 2, 'x'),
        k: fc.constantFrom(1, 2),
        error: fc.constant('boom'),
        id: fc.constantFrom('A1', 'A2'),
        refundableCents: fc.constantFrom(100, 5000),
        verified: fc.boolean(),
        refundId: fc.constant('R-1'),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    type: fc.constantFrom('user.message' as const, 'assistant.message' as const),
    content: fc.constantFrom('ok', 'hi', 'done', 'nope 1', 'secret', 'refund has been issued R-1'),
    sub: fc.boolean(),
  }),
);

test.prop([fc.array(step, { minLength: 8, maxLength: 60 })], { seed: 20261201, numRuns: 1000 })(
  'indexed and unindexed evaluators agree on random traces',
  (steps) => {
    const events = steps.map((s, i): TraceEvent => {
      if (s.type === 'tool.call') {
        const { args, ...rest } = s;
        return { ...rest, seq: i + 1, args, ...(args === undefined ? { argsMissing: true } : {}) };
      }
      if (s.type === 'tool.result') return { ...s, seq: i + 1 };
      return {
        type: s.type,
        seq: i + 1,
        content: s.content,
        ...(s.sub ? { agent: 'sub' } : {}),
      };
    });
    for (const pack of [synthetic, everyPrimitive(['b', 'c', 'cc']), ...shipped])
      expectParity(pack, events);
  },
);

function traceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.jsonl?$/.test(e.name) && !e.parentPath.endsWith('subagents'))
    .map((e) => join(e.parentPath, e.name));
}

describe('indexed and unindexed evaluators agree on every stored trace', () => {
  const dirs = [
    FIXTURES,
    join(PACKS, 'examples'),
    ...(realCorpus.isMissing ? [] : [realCorpus.path]),
  ];
  const files = dirs.flatMap(traceFiles).sort();
  example.skipIf(realCorpus.isMissing)('the corpus is not empty', () =>
    expect(files.length).toBeGreaterThan(35),
  );
  for (const file of files) {
    example.concurrent(relative(REPO, file), async () => {
      const events = (await adaptTrace(file, file, 'auto')).events;
      const tools = [
        ...new Set(events.flatMap((e) => (e.type === 'tool.call' ? [e.name] : []))),
        'none1',
        'none2',
        'none3',
      ];
      const own = everyPrimitive([tools[0]!, tools[1]!, tools[2]!]);
      for (const pack of [own, synthetic, ...shipped]) expectParity(pack, events);
    });
  }
});
