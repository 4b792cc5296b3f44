// Pack patterns run on RE2 (linear time): a pattern that backtracks catastrophically in a
// backtracking engine finishes on long input, and patterns RE2 cannot run are refused at load.
import { describe, expect, test } from 'vitest';
import { compileRegex } from '../../../scripts/lib/core/trace/condition.ts';
import { checkTraceFile } from '../../../scripts/lib/flows/trace/trace-check-flow.ts';
import { validatePack } from '../../../scripts/lib/io/trace/load-pack.ts';
import { packAt, tempFile } from '../../helpers/trace.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

const evil = (pattern: string) =>
  validatePack(
    {
      pack: 'evil@1',
      rules: [
        {
          id: 'EVIL',
          level: 'block',
          type: 'forbid',
          message: 'evil',
          match: { tool: Bash, where: { 'args.command': pattern } },
        },
      ],
    },
    'evil.yaml',
  );
const Bash = 'Bash';

function oneCall(name: string, command: string): string {
  const lines = [
    { type: 'tool.call', seq: 1, callId: 'c1', name: 'Bash', args: { command } },
    { type: 'tool.result', seq: 2, callId: 'c1', ok: true, data: '' },
    { type: 'assistant.message', seq: 3, content: 'done' },
  ];
  return tempFile(name, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

describe('pattern safety', () => {
  test('/(a+)+$/ on a long run of a’s followed by ! completes and decides', async () => {
    const pack = evil('/(a+)+$/');
    for (const n of [40, 100_000]) {
      const item = await checkTraceFile(
        pack,
        { path: oneCall(`evil-${n}.jsonl`, `${'a'.repeat(n)}!`), shownAs: 't' },
        'events',
        TRACE_PART.trace,
      );
      expect(item.verdict?.rules[0]?.outcome).toBe('pass');
    }
    const hit = await checkTraceFile(
      pack,
      { path: oneCall('evil-hit.jsonl', 'aaaa'), shownAs: 't' },
      'events',
      TRACE_PART.trace,
    );
    expect(hit.verdict?.rules[0]?.outcome).toBe('fail');
  });

  test('the shipped fs-safety pack decides a 300 KB adversarial command', async () => {
    const command = `rm -${'r'.repeat(170_000)} ${'git push '.repeat(10_000)}${' -'.repeat(20_000)}x`;
    expect(command.length).toBeGreaterThan(300_000);
    const item = await checkTraceFile(
      packAt('fs-safety'),
      { path: oneCall('big-cmd.jsonl', command), shownAs: 't' },
      'events',
      TRACE_PART.trace,
    );
    expect(item.error).toBeUndefined();
    expect(item.verdict?.coverage.events).toBe(3);
  });

  test.each([
    ['a backreference', '/(a)\\1/'],
    ['a lookahead', '/a(?=b)/'],
    ['a negative lookahead', '/^(?!x)/'],
  ])('%s is refused when the pack loads, naming where', (_what, pattern) => {
    let problems: string[] = [];
    try {
      evil(pattern);
    } catch (error) {
      problems = (error as { problems: string[] }).problems;
    }
    expect(problems.join('\n')).toMatch(
      /evil\.yaml:\/rules\/0\/match\/where\/args\.command: invalid regular expression/,
    );
  });

  test('lookbehind with non-capturing groups runs (the shipped claim pattern uses it)', () => {
    const p = compileRegex("/(?<!(?:\\bnot|n't)\\b[^.]{0,20})\\bdeleted\\b/i");
    expect(p.test('I deleted it')).toBe(true);
    expect(p.test('I have not deleted it')).toBe(false);
  });
});
