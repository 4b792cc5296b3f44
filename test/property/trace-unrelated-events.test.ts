// Property: events unrelated to every rule of a pack (other tools, user chatter) never change the
// verdict, wherever they are inserted.
import { fc, test } from '@fast-check/vitest';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createEvaluator } from '../../scripts/lib/core/trace/evaluate.ts';
import { emptyCounts } from '../../scripts/lib/core/trace/events.ts';
import type { TraceEvent } from '../../scripts/lib/core/trace/events.ts';
import type { Pack } from '../../scripts/lib/core/trace/pack.ts';
import { adaptTrace } from '../../scripts/lib/io/trace/adapt-trace.ts';
import { packAt, PACKS } from '../helpers/trace.ts';

interface Base {
  pack: Pack;
  events: TraceEvent[];
}

const bases: Base[] = [];
for (const name of ['refund', 'fs-safety', 'db-migration', 'honest-completion']) {
  const pack = packAt(name);
  for (const kind of ['good', 'bad']) {
    const file = join(PACKS, 'examples', name, `${kind}.events.jsonl`);
    bases.push({ pack, events: (await adaptTrace(file, file, 'events')).events });
  }
}

function verdictOf(pack: Pack, events: readonly TraceEvent[]): string[] {
  const evaluator = createEvaluator(pack);
  events.forEach((e, i) => evaluator.push({ ...e, seq: i + 1 }));
  const verdict = evaluator.finish({ adapter: 'events@1', rawSha256: '' }, emptyCounts());
  return verdict.rules.map((r) => `${r.id}:${r.outcome}:${r.findings.length + r.droppedFindings}`);
}

const unrelatedTool = fc.constantFrom(
  'weather.get',
  'kb.search',
  'calendar.list',
  'Read',
  'translate',
);
const chatter = fc.constantFrom('thanks', 'ok', 'what is the weather?', 'hmm', '');
const noise = fc.record({
  kind: fc.constantFrom('pair', 'dangling', 'user'),
  tool: unrelatedTool,
  ok: fc.constantFrom(true, false, null),
  text: chatter,
  at: fc.nat(),
  gap: fc.nat({ max: 5 }),
});

test.prop([fc.nat({ max: bases.length - 1 }), fc.array(noise, { maxLength: 12 })], {
  seed: 20260101,
  numRuns: 400,
})('adding unrelated events never changes the verdict', (which, additions) => {
  const base = bases[which]!;
  const events: TraceEvent[] = [...base.events];
  additions.forEach((n, i) => {
    const at = n.at % (events.length + 1);
    const callId = `unrelated-${i}`;
    if (n.kind === 'user') {
      events.splice(at, 0, { type: 'user.message', seq: 0, content: n.text });
    } else {
      events.splice(at, 0, {
        type: 'tool.call',
        seq: 0,
        callId,
        name: n.tool,
        args: { q: n.text },
      });
      if (n.kind === 'pair') {
        const resultAt = Math.min(events.length, at + 1 + n.gap);
        events.splice(resultAt, 0, {
          type: 'tool.result',
          seq: 0,
          callId,
          ok: n.ok,
          data: { text: n.text },
        });
      }
    }
  });
  expect(verdictOf(base.pack, events)).toEqual(verdictOf(base.pack, base.events));
});
