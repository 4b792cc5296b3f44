// Primitive semantics not exercised by the shipped packs' examples.
import { describe, expect, test } from 'vitest';
import { createEvaluator } from '../../../scripts/lib/core/trace/evaluate.ts';
import { emptyCounts } from '../../../scripts/lib/core/trace/events.ts';
import type { TraceEvent } from '../../../scripts/lib/core/trace/events.ts';
import type { Pack } from '../../../scripts/lib/core/trace/pack.ts';

function run(rule: Record<string, unknown>, events: TraceEvent[], tools?: Pack['tools']) {
  const pack: Pack = {
    pack: 't@1',
    ...(tools ? { tools } : {}),
    rules: [{ id: 'R', level: 'block', message: 'm', ...rule } as Pack['rules'][0]],
  };
  const evaluator = createEvaluator(pack);
  events.forEach((e, i) => evaluator.push({ ...e, seq: i + 1 }));
  const verdict = evaluator.finish({ adapter: 'events@1', rawSha256: '' }, emptyCounts());
  return { outcome: verdict.rules[0]!.outcome, findings: verdict.findings };
}

const call = (callId: string, name: string, args: unknown = {}): TraceEvent => ({
  type: 'tool.call',
  seq: 0,
  callId,
  name,
  args,
});
const result = (callId: string, ok: boolean | null, data: unknown = {}): TraceEvent => ({
  type: 'tool.result',
  seq: 0,
  callId,
  ok,
  data,
});
const say = (content: string): TraceEvent => ({ type: 'assistant.message', seq: 0, content });

describe('rule primitives', () => {
  test('require counts matches and is unknown when only undecidable ones exist', () => {
    const rule = { type: 'require', match: { tool: 'lint', ok: true }, min: 1 };
    expect(run(rule, [call('a', 'lint'), result('a', true)]).outcome).toBe('pass');
    expect(run(rule, [call('a', 'lint'), result('a', null)]).outcome).toBe('unknown');
    expect(run(rule, [call('a', 'lint'), result('a', false)]).outcome).toBe('fail');
  });

  test('not_after is reset by unless_between', () => {
    const rule = {
      type: 'not_after',
      first: { tool: 'm', ok: false },
      then: { tool: 'w' },
      unless_between: { tool: 'restore' },
    };
    expect(
      run(rule, [
        call('1', 'm'),
        result('1', false),
        call('2', 'restore'),
        result('2', true),
        call('3', 'w'),
      ]).outcome,
    ).toBe('pass');
    expect(
      run(rule, [call('1', 'm'), result('1', false), call('3', 'w')]).findings[0],
    ).toMatchObject({ at: [3], evidence: [1, 2] });
  });

  test('unique groups by key; a missing key is unknown', () => {
    const rule = { type: 'unique', match: { tool: 'refund' }, key: 'args.orderId' };
    expect(
      run(rule, [call('1', 'refund', { orderId: 'A' }), call('2', 'refund', { orderId: 'B' })])
        .outcome,
    ).toBe('pass');
    expect(
      run(rule, [call('1', 'refund', { orderId: 'A' }), call('2', 'refund', { orderId: 'A' })])
        .findings[0],
    ).toMatchObject({ at: [2], evidence: [1] });
    expect(run(rule, [call('1', 'refund', {})]).outcome).toBe('unknown');
  });

  test('arg: match, range and type problems; missing → unknown by default', () => {
    const rule = { type: 'arg', call: { tool: 'pay' }, path: 'args.amount', min: 1, max: 100 };
    expect(run(rule, [call('1', 'pay', { amount: 50 })]).outcome).toBe('pass');
    expect(run(rule, [call('1', 'pay', { amount: 500 })]).outcome).toBe('fail');
    expect(run(rule, [call('1', 'pay', { amount: '5' })]).outcome).toBe('unknown');
    expect(run(rule, [call('1', 'pay', {})]).outcome).toBe('unknown');
    expect(run({ ...rule, onMissing: 'fail' }, [call('1', 'pay', {})]).outcome).toBe('fail');
    const regex = { type: 'arg', call: { tool: 'open' }, path: 'args.path', match: '/^\\/srv\\//' };
    expect(run(regex, [call('1', 'open', { path: '/etc/shadow' })]).outcome).toBe('fail');
  });

  test('sequence modes', () => {
    const steps = [{ tool: 'a' }, { tool: 'b', optional: true }, { tool: 'c' }];
    const trace = [call('1', 'a'), call('2', 'x'), call('3', 'c')];
    expect(run({ type: 'sequence', steps, mode: 'in_order' }, trace).outcome).toBe('pass');
    expect(run({ type: 'sequence', steps, mode: 'exact' }, trace).findings[0]?.message).toMatch(
      /unexpected call x at seq 2/,
    );
    expect(
      run({ type: 'sequence', steps, mode: 'exact' }, [call('1', 'a'), call('3', 'c')]).outcome,
    ).toBe('pass');
    expect(
      run({ type: 'sequence', steps, mode: 'any_order' }, [call('1', 'c'), call('2', 'a')]).outcome,
    ).toBe('pass');
    expect(
      run({ type: 'sequence', steps, mode: 'in_order' }, [call('1', 'c'), call('2', 'a')]).outcome,
    ).toBe('fail');
  });

  test('before with same correlates per occurrence; evidence must precede the call', () => {
    const rule = {
      type: 'before',
      then: { tool: 'refund' },
      first: { tool: 'verify', ok: true },
      same: { 'args.c': 'args.c' },
    };
    const ok = [
      call('1', 'verify', { c: 'X' }),
      result('1', true),
      call('2', 'refund', { c: 'X' }),
    ];
    expect(run(rule, ok).outcome).toBe('pass');
    expect(run(rule, [...ok, call('3', 'refund', { c: 'Y' })]).findings.map((f) => f.at)).toEqual([
      [4],
    ]);
    expect(
      run(rule, [
        call('1', 'verify', { c: 'X' }),
        call('2', 'refund', { c: 'X' }),
        result('1', true),
      ]).outcome,
    ).toBe('fail');
  });

  test('okWhen can veto a native ok and decides where the format cannot', () => {
    const rule = { type: 'result_required', match: { tool: 'pay' } };
    const tools = { pay: { okWhen: { 'data.status': 'paid' } } };
    expect(
      run(rule, [call('1', 'pay'), result('1', true, { status: 'declined' })], tools).outcome,
    ).toBe('fail');
    expect(
      run(rule, [call('1', 'pay'), result('1', null, { status: 'paid' })], tools).outcome,
    ).toBe('pass');
    expect(run(rule, [call('1', 'pay'), result('1', null, {})], tools).outcome).toBe('unknown');
    expect(run(rule, [call('1', 'pay'), result('1', null, { status: 'paid' })]).outcome).toBe(
      'unknown',
    );
  });

  test('claim_requires looks only at evidence before the final reply', () => {
    const rule = { type: 'claim_requires', pattern: '/done/', evidence: { tool: 'deploy' } };
    expect(run(rule, [say('done'), call('1', 'deploy'), result('1', true)]).outcome).toBe('fail');
    expect(run(rule, [call('1', 'deploy'), result('1', true), say('done')]).outcome).toBe('pass');
    expect(run(rule, [call('1', 'deploy'), result('1', true), say('not finished')]).outcome).toBe(
      'pass',
    );
  });

  test('findings per rule are capped, the rest counted', () => {
    const rule = { type: 'forbid', match: { tool: 'x' } };
    const events = Array.from({ length: 200 }, (_, i) => call(String(i), 'x'));
    const pack: Pack = { pack: 't@1', rules: [{ id: 'R', level: 'block', message: 'm', ...rule }] };
    const evaluator = createEvaluator(pack);
    events.forEach((e, i) => evaluator.push({ ...e, seq: i + 1 }));
    const verdict = evaluator.finish({ adapter: 'events@1', rawSha256: '' }, emptyCounts());
    expect(verdict.rules[0]).toMatchObject({ outcome: 'fail', droppedFindings: 150 });
  });
});

describe('onUnknown', () => {
  test('onUnknown: fail turns an undecidable outcome into a failure', () => {
    const rule = { type: 'result_required', match: { tool: 'pay' } };
    const events = [call('1', 'pay'), result('1', null)];
    expect(run(rule, events).outcome).toBe('unknown');
    const strict = run({ ...rule, onUnknown: 'fail' }, events);
    expect(strict.outcome).toBe('fail');
    expect(strict.findings[0]?.message).toMatch(/undecidable/);
  });

  test('before with latest: an undecidable latest evidence is unknown, not fail', () => {
    const rule = {
      type: 'before',
      then: { tool: 'refund' },
      latest: { tool: 'verify', ok: 'any' },
      first: { tool: 'verify', ok: true },
    };
    expect(run(rule, [call('1', 'verify'), result('1', null), call('2', 'refund')]).outcome).toBe(
      'unknown',
    );
    expect(
      run(rule, [
        call('1', 'verify'),
        result('1', true),
        call('2', 'verify'),
        result('2', false),
        call('3', 'refund'),
      ]).outcome,
    ).toBe('fail');
  });
});
