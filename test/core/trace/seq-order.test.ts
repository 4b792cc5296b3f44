// Events are judged in seq order whatever the file order; a repeated seq, a gap, an unnumbered
// event among numbered ones or a malformed line makes the trace UNKNOWN (never PASS).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { createTestContext } from '../../helpers/context.ts';
import { checkTraceControl } from '../../../scripts/lib/flows/trace/trace-control.ts';
import { runTrace } from '../../../scripts/trace.ts';
import { trace as traceVerb } from '../../../scripts/trace.ts';
import { PACKS, traceOptions } from '../../helpers/trace.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

const PACK = join(PACKS, 'refund.yaml');
const good = readFileSync(join(PACKS, 'examples', 'refund', 'good.events.jsonl'), 'utf8')
  .trimEnd()
  .split('\n');
const bySeq = (seq: number): string => {
  const line = good.find((l) => (JSON.parse(l) as { seq?: number }).seq === seq);
  if (line === undefined) throw new Error(`no seq ${seq}`);
  return line;
};
/** Renumbers the good refund so identity.verify (seq 2, 3) comes after refund.create. */
function refundBeforeVerify(): string[] {
  const renumber = (line: string, seq: number): string =>
    JSON.stringify({ ...(JSON.parse(line) as object), seq });
  // File order still shows verify first; the seq numbers say it happened after the refund.
  return [
    good[0]!,
    renumber(bySeq(1), 1),
    renumber(bySeq(2), 8),
    renumber(bySeq(3), 9),
    renumber(bySeq(4), 2),
    renumber(bySeq(5), 3),
    renumber(bySeq(6), 4),
    renumber(bySeq(7), 5),
    renumber(bySeq(8), 6),
    renumber(bySeq(9), 7),
    renumber(bySeq(10), 10),
  ];
}

function scratch(name: string, lines: string[]): { root: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'pg-seq-'));
  // A trace control lists its traces the way git sees the working tree.
  execFileSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
  mkdirSync(join(root, 'traces'));
  const file = join(root, 'traces', name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { root, file };
}

async function check(file: string): Promise<{ exit: number; status: string; codes: string[] }> {
  const result = await runTrace(traceOptions('check', [file], PACK), createTestContext({}));
  if (result.action !== 'check') throw new Error('not a check');
  return {
    exit: traceVerb.exitCode(result),
    status: result.check.status,
    codes: result.check.traces.flatMap((t) => [
      ...(t.verdict?.findings.map((f) => f.rule) ?? []),
      ...(t.error === undefined ? [] : [t.error.code]),
    ]),
  };
}

describe('seq order', () => {
  test('the good refund passes as written', async () => {
    expect((await check(scratch('good.jsonl', good).file)).exit).toBe(0);
  });

  test('an identity check written first but numbered after the refund fails (trace check)', async () => {
    const { file } = scratch('reordered.jsonl', refundBeforeVerify());
    const result = await check(file);
    expect(result.exit).toBe(1);
    expect(result.codes).toContain('VERIFY_BEFORE_REFUND');
  });

  test('the same file fails as a trace control', async () => {
    const { root } = scratch('reordered.jsonl', refundBeforeVerify());
    mkdirSync(join(root, 'controls'));
    writeFileSync(join(root, 'controls', 'refund.yaml'), readFileSync(PACK));
    const result = await checkTraceControl(
      root,
      {
        pack: 'controls/refund.yaml',
        traces: ['traces/*.jsonl'],
      },
      TRACE_PART.trace,
    );
    expect(result.status).toBe('FAIL');
    expect(result.findings.map((f) => f.rule)).toContain('VERIFY_BEFORE_REFUND');
  });

  test('a shuffled good trace still passes: order comes from seq, not the file', async () => {
    const [header, ...events] = good;
    const shuffled = [
      header!,
      ...events.filter((_, i) => i % 2 === 1),
      ...events.filter((_, i) => i % 2 === 0),
    ];
    expect((await check(scratch('shuffled.jsonl', shuffled).file)).exit).toBe(0);
  });

  const cases: [string, (lines: string[]) => string[], RegExp][] = [
    ['a duplicate seq', (l) => [...l.slice(0, 5), l[4]!, ...l.slice(5)], /L6: duplicate seq 4/],
    [
      'a missing seq number (gap)',
      (l) => l.filter((_, i) => i !== 3),
      /seq 4 cannot be placed: seq 3 is missing/,
    ],
    [
      'an event without seq among numbered ones',
      (l) => [...l, '{"type":"assistant.message","content":"Refund done."}'],
      /L12: no seq, but earlier events are numbered/,
    ],
    [
      'a malformed line',
      (l) => [...l.slice(0, 3), '{"type":"tool.result",', ...l.slice(3)],
      /^L4: /,
    ],
  ];
  for (const [what, mutate, named] of cases) {
    test(`${what} makes the trace UNKNOWN, naming the line (exit 2, never PASS)`, async () => {
      const { root, file } = scratch('broken.jsonl', mutate(good));
      const result = await check(file);
      expect(result.exit).toBe(2);
      expect(result.status).toBe('error');
      expect(result.codes).toContain('TRACE_UNKNOWN');
      const item = await runTrace(traceOptions('check', [file], PACK), createTestContext({}));
      const problems = item.action === 'check' ? item.check.traces[0]?.error?.problems : [];
      expect(problems?.some((p) => named.test(p))).toBe(true);
      mkdirSync(join(root, 'controls'));
      writeFileSync(join(root, 'controls', 'refund.yaml'), readFileSync(PACK));
      const control = await checkTraceControl(
        root,
        {
          pack: 'controls/refund.yaml',
          traces: ['traces/*.jsonl'],
        },
        TRACE_PART.trace,
      );
      expect(control.status).toBe('FAIL');
    });
  }
});

propTest.prop([fc.shuffledSubarray(good.slice(1), { minLength: 10, maxLength: 10 })], {
  seed: 15,
  numRuns: 40,
})(
  'any line order of the good refund gives the same verdict as the written order',
  async (lines) => {
    const result = await check(scratch('permuted.jsonl', [good[0]!, ...lines]).file);
    expect(result).toEqual({ exit: 0, status: 'pass', codes: [] });
  },
);
