import { describe, expect, test } from 'vitest';
import type { TraceEvent } from '../../../scripts/lib/core/trace/events.ts';
import {
  checkEvents,
  checkFile,
  FIXTURES,
  FORMATS,
  notPassing,
  packAt,
} from '../../helpers/trace.ts';
import { join } from 'node:path';

const pack = packAt('refund');

const call = (seq: number, callId: string, name: string, args: unknown): TraceEvent => ({
  type: 'tool.call',
  seq,
  callId,
  name,
  args,
});
const ok = (seq: number, callId: string, data: unknown): TraceEvent => ({
  type: 'tool.result',
  seq,
  callId,
  ok: true,
  data,
});
const failed = (seq: number, callId: string, data: unknown): TraceEvent => ({
  type: 'tool.result',
  seq,
  callId,
  ok: false,
  data,
});
const renumber = (events: TraceEvent[]): TraceEvent[] =>
  events.map((e, i) => ({ ...e, seq: i + 1 }));
const say = (seq: number, content: string): TraceEvent => ({
  type: 'assistant.message',
  seq,
  content,
});

/** The good conversation; each bad trace changes one thing. */
function good(
  o: {
    verified?: boolean;
    state?: string;
    approved?: boolean;
    amount?: unknown;
    final?: string;
    orderId?: string;
  } = {},
): TraceEvent[] {
  return [
    { type: 'user.message', seq: 1, content: 'Please refund order A7. Customer C42.' },
    call(2, 'c1', 'identity.verify', { customerId: 'C42' }),
    ok(3, 'c1', { verified: o.verified ?? true }),
    call(4, 'c2', 'order.get', { orderId: o.orderId ?? 'A7' }),
    ok(5, 'c2', { id: o.orderId ?? 'A7', refundableCents: 4000, state: o.state ?? 'PAID' }),
    call(6, 'c3', 'refund.policy', { orderId: 'A7' }),
    ok(7, 'c3', { approved: o.approved ?? true, maxRefundCents: 5000 }),
    call(8, 'c4', 'refund.create', {
      orderId: 'A7',
      ...(o.amount === undefined
        ? { amountCents: 4000 }
        : o.amount === null
          ? {}
          : { amountCents: o.amount }),
    }),
    ok(9, 'c4', { refundId: 'R-1001' }),
    say(10, o.final ?? 'Your refund has been issued: refund id R-1001.'),
  ];
}

const badTraces: Record<string, TraceEvent[]> = {
  VERIFY_BEFORE_REFUND: good({ verified: false }),
  NO_DUPLICATE_REFUND: [
    ...good().slice(0, 9),
    call(10, 'c5', 'refund.create', { orderId: 'A7', amountCents: 4000 }),
    ok(11, 'c5', { refundId: 'R-1002' }),
    say(12, 'Refunded: R-1001 and R-1002.'),
  ],
  VALID_ORDER_REQUIRED: good({ state: 'SHIPPED' }),
  POLICY_REQUIRED: good({ approved: false }),
  REFUND_AMOUNT_BOUNDARY: good({ amount: 4500 }),
  ORPHAN_TOOL_RESULT: [
    ...good().slice(0, 9),
    ok(10, 'ghost', { refundId: 'R-9' }),
    say(11, 'Your refund has been issued: refund id R-1001.'),
  ],
  REFUND_RESULT_REQUIRED: [
    ...good().slice(0, 8),
    failed(9, 'c4', { error: 'card_declined' }),
    say(10, 'Sorry, the refund could not be completed.'),
  ],
  NO_FALSE_SUCCESS_CLAIM: [
    { type: 'user.message', seq: 1, content: '请退款' },
    call(2, 'c1', 'order.get', { orderId: 'A7' }),
    ok(3, 'c1', { id: 'A7', refundableCents: 4000, state: 'PAID' }),
    say(4, '退款已成功，已为您退款。'),
  ],
  WEAK_USER_EVIDENCE: good({ final: 'Your refund has been issued.' }),
};

describe('refund pack', () => {
  test.each(FORMATS)('passes the good conversation as %s', async (format) => {
    const item = await checkEvents(pack, good(), format);
    expect(item.error).toBeUndefined();
    expect(notPassing(item)).toEqual({});
    expect(item.verdict?.coverage.events).toBe(10);
  });

  test.each(['good.openai-chat.json', 'good.anthropic-messages.json', 'good.claude-code.jsonl'])(
    'passes the hand-written %s',
    async (file) => {
      const item = await checkFile(pack, join(FIXTURES, 'refund', file));
      expect(notPassing(item)).toEqual({});
    },
  );

  for (const format of FORMATS) {
    test.each(Object.keys(badTraces))(`catches %s alone (${format})`, async (rule) => {
      const item = await checkEvents(pack, badTraces[rule]!, format);
      expect(notPassing(item)).toEqual({ [rule]: 'fail' });
      const finding = item.verdict!.findings.find((f) => f.rule === rule)!;
      expect(finding.level).toBe(rule === 'WEAK_USER_EVIDENCE' ? 'warn' : 'block');
      expect(finding.at.length + finding.evidence.length).toBeGreaterThan(0);
    });
  }

  test('identity counts only when the latest verify succeeded and returned verified: true (seed semantics)', async () => {
    const events = good();
    const laterFailure = renumber([
      ...events.slice(0, 7),
      call(0, 'cx', 'identity.verify', { customerId: 'C42' }),
      failed(0, 'cx', { error: 'timeout' }),
      ...events.slice(7),
    ]);
    expect(notPassing(await checkEvents(pack, laterFailure))).toEqual({
      VERIFY_BEFORE_REFUND: 'fail',
    });
    const notOk = [...events.slice(0, 2), failed(3, 'c1', { verified: true }), ...events.slice(3)];
    expect(notPassing(await checkEvents(pack, notOk))).toEqual({ VERIFY_BEFORE_REFUND: 'fail' });
  });

  test('a missing amount or another order id fails like the original gate', async () => {
    expect(notPassing(await checkEvents(pack, good({ amount: null })))).toEqual({
      REFUND_AMOUNT_BOUNDARY: 'fail',
    });
    expect(notPassing(await checkEvents(pack, good({ amount: '4000' })))).toEqual({
      REFUND_AMOUNT_BOUNDARY: 'fail',
    });
    expect(notPassing(await checkEvents(pack, good({ orderId: 'A8' })))).toEqual({
      VALID_ORDER_REQUIRED: 'fail',
    });
  });

  test('English claims are caught too, and a failed refund with a success claim is two block findings', async () => {
    const events = [
      ...good().slice(0, 8),
      failed(9, 'c4', { error: 'declined' }),
      say(10, 'Good news: the refund succeeded.'),
    ];
    expect(notPassing(await checkEvents(pack, events))).toEqual({
      REFUND_RESULT_REQUIRED: 'fail',
      NO_FALSE_SUCCESS_CLAIM: 'fail',
    });
  });

  test('without okWhen a chat tool result is unknown, never ok', async () => {
    const tools = Object.fromEntries(
      Object.entries(pack.tools ?? {}).map(([name, policy]) => [
        name,
        { aliases: policy.aliases ?? [] },
      ]),
    );
    const item = await checkEvents({ ...pack, tools }, good(), 'openai-chat');
    expect(item.verdict?.coverage.undecidedResults).toBe(4);
    const outcomes = notPassing(item);
    expect(Object.values(outcomes)).not.toContain('pass');
    expect(outcomes['VERIFY_BEFORE_REFUND']).not.toBeUndefined();
  });
});
