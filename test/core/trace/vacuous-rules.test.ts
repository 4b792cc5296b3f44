// A rule whose subject never occurs passes vacuously, except `require` (references/trajectory-
// rules.md). Every shipped pack on every real trace under shared/fixtures/traces-real (beside the
// checkout, not committed here): db-migration must not warn about a migration path on a trace that
// has no migration in it.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createEvaluator } from '../../../scripts/lib/core/trace/evaluate.ts';
import { emptyCounts } from '../../../scripts/lib/core/trace/events.ts';
import type { TraceEvent } from '../../../scripts/lib/core/trace/events.ts';
import type { Pack } from '../../../scripts/lib/core/trace/pack.ts';
import { sharedFixture } from '../../helpers/shared-fixture.ts';
import { checkFile, packAt } from '../../helpers/trace.ts';

const corpus = sharedFixture('traces-real');
const CORPUS = corpus.path;

/** The corpus traces (subagent files are read with their session). */
function traces(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'subagents' ? [] : traces(path);
    return /\.jsonl?$/.test(name) ? [path] : [];
  });
}

describe.skipIf(corpus.isMissing)('vacuous rules pass vacuously on the real corpus', () => {
  const files = corpus.isMissing ? [] : traces(CORPUS);
  test('the corpus is the real one', () => expect(files.length).toBeGreaterThanOrEqual(20));

  test.each(files.map((f) => relative(CORPUS, f)))(
    'db-migration on %s: no warning, no finding about a migration that never happened',
    async (file) => {
      const item = await checkFile(packAt('db-migration'), join(CORPUS, file));
      expect(item.error).toBeUndefined();
      const notPassing = (item.verdict?.rules ?? []).filter((r) => r.outcome !== 'pass');
      expect(notPassing.map((r) => `${r.id} ${r.level} ${r.outcome}`)).toEqual([]);
    },
  );
});

describe('vacuous rules pass vacuously', () => {
  const call = (name: string, args: unknown = {}): TraceEvent => ({
    type: 'tool.call',
    seq: 0,
    callId: name,
    name,
    args,
  });
  const run = (rule: Record<string, unknown>, events: TraceEvent[]): string => {
    const pack: Pack = {
      pack: 't@1',
      rules: [{ id: 'R', level: 'warn', message: 'm', ...rule } as Pack['rules'][0]],
    };
    const evaluator = createEvaluator(pack);
    events.forEach((e, i) => evaluator.push({ ...e, seq: i + 1 }));
    return evaluator.finish({ adapter: 'events@1', rawSha256: '' }, emptyCounts()).rules[0]!
      .outcome;
  };

  test.each(['in_order', 'exact', 'any_order'])(
    'sequence (%s) with no step in the trace passes; one step present without the rest fails',
    (mode) => {
      const steps = [{ tool: 'snap' }, { tool: 'migrate' }, { tool: 'verify' }];
      const rule = { type: 'sequence', steps, mode };
      expect(run(rule, [call('ls'), call('cat')])).toBe('pass');
      expect(run(rule, [])).toBe('pass');
      expect(run(rule, [call('ls'), call('migrate')])).toBe('fail');
    },
  );

  test('exact: an unexpected call before the first step still fails once a step occurs', () => {
    const rule = { type: 'sequence', steps: [{ tool: 'a' }, { tool: 'b' }], mode: 'exact' };
    expect(run(rule, [call('x'), call('a'), call('b')])).toBe('fail');
    expect(run(rule, [call('a'), call('b')])).toBe('pass');
  });

  test('require still fails when its subject never occurs', () => {
    expect(run({ type: 'require', match: { tool: 'lint', ok: true }, min: 1 }, [call('ls')])).toBe(
      'fail',
    );
  });
});
