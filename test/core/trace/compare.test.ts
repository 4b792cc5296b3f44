// `trace compare` groups results by the versions that recorded the traces and reports each rule
// whose outcome got worse (exit 1); a pack that pins a tool version flags stale plugins.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTraceFile } from '../../../scripts/lib/flows/trace/trace-check-flow.ts';
import { validatePack } from '../../../scripts/lib/io/trace/load-pack.ts';
import { parseArgs } from '../../../scripts/lib/cli/parse-args.ts';
import { runTrace, trace as traceVerb } from '../../../scripts/trace.ts';
import { createTestContext } from '../../helpers/context.ts';
import { fisherGreater } from '../../../scripts/lib/core/trace/fisher.ts';
import { toTraceOptions } from '../../../scripts/lib/cli/trace-options.ts';
import { isCliError } from '../../../scripts/lib/core/errors.ts';
import { PACKS, tempFile, traceOptions } from '../../helpers/trace.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

function session(model: string, deleted: boolean, tools: Record<string, string> = {}): string {
  const lines = [
    { type: 'header', adapter: 'events@1', recordedWith: { model, skillVersion: '1.4.0', tools } },
    { type: 'user.message', seq: 1, content: 'Remove the build directory.' },
    {
      type: 'tool.call',
      seq: 2,
      callId: 'c1',
      name: 'Bash',
      args: { command: deleted ? 'rm -rf build' : 'ls build' },
    },
    { type: 'tool.result', seq: 3, callId: 'c1', ok: true, data: '' },
    { type: 'assistant.message', seq: 4, content: 'I deleted the build directory.' },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

function sets(baseline: string[], next: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'pg-compare-'));
  for (const [dir, files] of [
    ['baseline', baseline],
    ['new', next],
  ] as const) {
    mkdirSync(join(root, dir));
    files.forEach((body, i) => writeFileSync(join(root, dir, `s${i}.events.jsonl`), body));
  }
  return root;
}

async function compare(root: string) {
  const result = await runTrace(
    traceOptions('compare', ['baseline', 'new'], join(PACKS, 'fs-safety.yaml')),
    createTestContext({ cwd: root }),
  );
  if (result.action !== 'compare') throw new Error('not compare');
  return {
    exit: traceVerb.exitCode(result),
    text: traceVerb.render(result),
    compare: result.compare,
  };
}

const many = (n: number, make: (i: number) => string): string[] =>
  Array.from({ length: n }, (_, i) => make(i));

describe('trace compare', () => {
  test('a rule that fails significantly more often under the new model is a regression (exit 1), naming the group', async () => {
    const root = sets(
      many(10, () => session('model-a', true)),
      many(10, (i) => session('model-b', i >= 8)),
    );
    const { exit, text, compare: c } = await compare(root);
    expect(exit).toBe(1);
    expect(c.regressions.map((r) => `${r.rule} ${r.change}`)).toEqual([
      'NO_FALSE_CLEANUP_CLAIM fail 0/10 → 8/10',
    ]);
    const regression = c.regressions[0]!;
    expect(regression.p).toBeLessThan(0.001);
    expect(regression.groups.map((g) => [g.versions.model, g.change, g.differs])).toEqual([
      ['model-b', 'fail 8/10', ['model model-a → model-b']],
    ]);
    expect(c.groups.map((g) => `${g.set} ${g.versions.model} ${g.traces.length}`)).toEqual([
      'baseline model-a 10',
      'new model-b 10',
    ]);
    expect(text.split('\n')[0]).toMatch(/^REGRESSION trace compare/);
    expect(text).toMatch(/group model model-b.*fail 8\/10 \(p = .*model model-a → model-b/);
    expect(text).toMatch(/Fisher's exact test/);
  });

  test('10/100 → 11/100 failing traces is chance, not a regression (exit 0); --alpha moves the line', async () => {
    const root = sets(
      many(100, (i) => session('a', i >= 10)),
      many(100, (i) => session('b', i >= 11)),
    );
    const { exit, text, compare: c } = await compare(root);
    expect(exit).toBe(0);
    expect(c.regressions).toEqual([]);
    expect(c.notSignificant.map((r) => r.change)).toEqual(['fail 10/100 → 11/100']);
    expect(c.notSignificant[0]!.p).toBeGreaterThan(0.3);
    expect(text).toMatch(
      /not significant NO_FALSE_CLEANUP_CLAIM: fail 10\/100 → 11\/100 \(p = 0\.\d+, alpha 0\.05\)/,
    );
    const loose = await runTrace(
      {
        ...traceOptions('compare', ['baseline', 'new'], join(PACKS, 'fs-safety.yaml')),
        alpha: 0.6,
      },
      createTestContext({ cwd: root }),
    );
    expect(traceVerb.exitCode(loose)).toBe(1);
  });

  test('only the group that moved is named; the unchanged one is not', async () => {
    const root = sets(
      many(12, () => session('model-a', true)),
      [...many(6, () => session('model-a', true)), ...many(6, () => session('model-c', false))],
    );
    const { exit, compare: c } = await compare(root);
    expect(exit).toBe(1);
    expect(c.regressions[0]!.groups.map((g) => g.versions.model)).toEqual(['model-c']);
  });

  test('the same outcomes under new versions are no regression (exit 0)', async () => {
    const root = sets(
      [session('a', false), session('a', true)],
      [session('b', true), session('b', false)],
    );
    const { exit, compare: c } = await compare(root);
    expect(exit).toBe(0);
    expect(c.regressions).toEqual([]);
  });

  test('an unjudgeable new trace makes the comparison inconclusive (exit 2), never OK', async () => {
    const root = sets([session('a', true)], [session('b', true).replace('"seq":3', '"seq":7')]);
    const { exit } = await compare(root);
    expect(exit).toBe(2);
  });

  test('--alpha outside (0, 1) is a usage error', () => {
    for (const alpha of ['0', '1', 'x', '-0.1']) {
      let code: number | undefined;
      try {
        toTraceOptions(
          parseArgs(
            traceVerb,
            ['compare', 'a', 'b', '--pack', 'refund', '--alpha', alpha],
            'trace',
          ),
          { root: undefined, json: false, limit: 8192 },
        );
      } catch (error) {
        code = isCliError(error) ? error.exitCode : -1;
      }
      expect(code, alpha).toBe(2);
    }
  });
});

describe('Fisher exact test', () => {
  /** P(X >= x1) by exact big-integer binomials, independently of the implementation. */
  const choose = (n: number, k: number): bigint => {
    let r = 1n;
    for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
    return r;
  };
  const exact = (x0: number, n0: number, x1: number, n1: number): number => {
    const k = x0 + x1;
    let sum = 0n;
    for (let x = x1; x <= Math.min(k, n1); x++) sum += choose(k, x) * choose(n0 + n1 - k, n1 - x);
    const scale = 10n ** 12n;
    return Number((sum * scale) / choose(n0 + n1, n1)) / 1e12;
  };
  test.each([
    [0, 3, 2, 3],
    [10, 100, 11, 100],
    [0, 10, 8, 10],
    [5, 40, 20, 35],
    [3, 3, 3, 3],
  ])('fisherGreater(%i/%i → %i/%i) matches the exact sum', (x0, n0, x1, n1) => {
    expect(fisherGreater(x0, n0, x1, n1)).toBeCloseTo(exact(x0, n0, x1, n1), 9);
  });
  test('0/3 → 2/3 is p = 0.2', () => expect(fisherGreater(0, 3, 2, 3)).toBeCloseTo(0.2, 12));
});

describe('trace sets and versions', () => {
  test('a glob outside any git repository reads the set (no exit 4)', async () => {
    const root = sets(
      many(3, () => session('a', true)),
      many(3, () => session('a', true)),
    );
    const result = await runTrace(
      traceOptions(
        'compare',
        ['baseline/*.jsonl', 'new/s{0,1}.events.jsonl'],
        join(PACKS, 'fs-safety.yaml'),
      ),
      createTestContext({ cwd: root }),
    );
    if (result.action !== 'compare') throw new Error('not compare');
    expect(traceVerb.exitCode(result)).toBe(0);
    expect(result.compare.groups.map((g) => g.traces.length)).toEqual([3, 2]);
  });

  test('Claude Code traces are grouped by CLI version as well as model', async () => {
    const claude = (version: string): string => {
      const base = { sessionId: 's', version };
      return `${[
        { ...base, type: 'user', message: { role: 'user', content: 'hi' } },
        {
          ...base,
          type: 'assistant',
          message: {
            id: 'm',
            role: 'assistant',
            model: 'claude-x',
            content: [{ type: 'text', text: 'ok' }],
          },
        },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n')}\n`;
    };
    const root = mkdtempSync(join(tmpdir(), 'pg-compare-cc-'));
    for (const [dir, versions] of [
      ['baseline', ['2.0.14', '2.0.14']],
      ['new', ['2.0.14', '2.1.3']],
    ] as const) {
      mkdirSync(join(root, dir));
      versions.forEach((v, i) => writeFileSync(join(root, dir, `s${i}.jsonl`), claude(v)));
    }
    const { compare: c } = await compare(root);
    expect(
      c.groups.map(
        (g) => `${g.set} ${g.versions.model} ${g.versions.cliVersion} ${g.traces.length}`,
      ),
    ).toEqual(['baseline claude-x 2.0.14 2', 'new claude-x 2.0.14 1', 'new claude-x 2.1.3 1']);
  });
});

describe('pinned tool versions', () => {
  const pack = validatePack(
    {
      pack: 'pinned@1',
      tools: { shell: { aliases: ['Bash'], version: '2.1.0' }, search: { version: '/^3\\./' } },
      rules: [
        { id: 'ANY', level: 'warn', type: 'forbid', message: 'x', match: { tool: 'nothing' } },
      ],
    },
    'pinned.yaml',
  );
  const run = async (tools: Record<string, string>) =>
    (
      await checkTraceFile(
        pack,
        { path: tempFile('pinned.jsonl', session('m', true, tools)), shownAs: 't' },
        'events',
        TRACE_PART.trace,
      )
    ).verdict?.rules.find((r) => r.id === 'STALE_TOOL_VERSION');

  test('a trace recorded with another version of a pinned tool is a block finding', async () => {
    const stale = await run({ Bash: '2.0.9', search: '3.1.0' });
    expect(stale?.outcome).toBe('fail');
    expect(stale?.findings[0]?.message).toMatch(
      /recorded with Bash 2\.0\.9, the pack expects 2\.1\.0/,
    );
    expect((await run({ search: '4.0.0' }))?.outcome).toBe('fail');
  });

  test('the pinned version, or a tool the trace does not record, passes', async () => {
    expect((await run({ Bash: '2.1.0', search: '3.9.1' }))?.outcome).toBe('pass');
    expect((await run({}))?.outcome).toBe('pass');
  });
});
