// Synthetic refund traces for the trace benchmarks: N conversations of 10 events each, as events
// JSONL, written in chunks so generating a large file never holds it in memory.
import { closeSync, openSync, writeSync } from 'node:fs';

export function writeRefundTrace(
  path: string,
  conversations: number,
): { events: number; bytes: number } {
  const fd = openSync(path, 'w');
  let seq = 0;
  let bytes = 0;
  let chunk: string[] = [];
  const line = (event: Record<string, unknown>): void => {
    chunk.push(JSON.stringify({ ...event, seq: ++seq }));
    if (chunk.length >= 5000) flush();
  };
  const flush = (): void => {
    const text = `${chunk.join('\n')}\n`;
    bytes += writeSync(fd, text);
    chunk = [];
  };
  for (let i = 0; i < conversations; i++) {
    const order = `A${i}`;
    line({ type: 'user.message', content: `Please refund order ${order}.` });
    line({
      type: 'tool.call',
      callId: `v${i}`,
      name: 'identity.verify',
      args: { customerId: `C${i}` },
    });
    line({ type: 'tool.result', callId: `v${i}`, ok: true, data: { verified: true } });
    line({ type: 'tool.call', callId: `o${i}`, name: 'order.get', args: { orderId: order } });
    line({
      type: 'tool.result',
      callId: `o${i}`,
      ok: true,
      data: { id: order, refundableCents: 4000, state: 'PAID' },
    });
    line({ type: 'tool.call', callId: `p${i}`, name: 'refund.policy', args: { orderId: order } });
    line({
      type: 'tool.result',
      callId: `p${i}`,
      ok: true,
      data: { approved: true, maxRefundCents: 5000 },
    });
    line({
      type: 'tool.call',
      callId: `r${i}`,
      name: 'refund.create',
      args: { orderId: order, amountCents: 4000 },
    });
    line({ type: 'tool.result', callId: `r${i}`, ok: true, data: { refundId: `R-${i}` } });
    line({ type: 'assistant.message', content: `Your refund has been issued: refund id R-${i}.` });
  }
  flush();
  closeSync(fd);
  return { events: seq, bytes };
}
