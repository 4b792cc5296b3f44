import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../../scripts/lib/core/errors.ts';
import { validatePack } from '../../../scripts/lib/io/trace/load-pack.ts';
import { loadPack } from '../../../scripts/lib/io/trace/load-pack.ts';
import { tempFile } from '../../helpers/trace.ts';

function problemsOf(value: unknown): string[] {
  try {
    validatePack(value, 'p.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  return [];
}

const rule = { id: 'R', level: 'block', message: 'm', type: 'forbid', match: { tool: 'x' } };

describe('pack validation', () => {
  test('accepts a minimal pack', () => {
    expect(problemsOf({ pack: 'p@1', rules: [rule] })).toEqual([]);
  });

  test('reports every problem at once as file:/path: message', () => {
    const problems = problemsOf({
      pack: 'no-version',
      rules: [
        { ...rule, level: 'fatal' },
        { id: 'B', level: 'warn', message: 'm', type: 'before', then: { tool: 'x' } },
        { ...rule, id: 'C', extra: 1 },
        { id: 'D', level: 'warn', message: 'm', type: 'arg', call: { tool: 'x' }, path: 'args.a' },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^p\.yaml:\/pack: must match pattern/),
        expect.stringMatching(
          /^p\.yaml:\/rules\/0\/level: must be equal to one of the allowed values/,
        ),
        expect.stringMatching(/^p\.yaml:\/rules\/1: must have required property 'first'/),
        expect.stringMatching(/^p\.yaml:\/rules\/2: must NOT have unevaluated properties .*extra/),
        expect.stringMatching(/^p\.yaml:\/rules\/3: must have required property 'match'/),
      ]),
    );
  });

  test('semantic checks: duplicate ids, bad regexes, ambiguous aliases', () => {
    const problems = problemsOf({
      pack: 'p@1',
      tools: { a: { aliases: ['x'] }, b: { aliases: ['x'] } },
      rules: [rule, { ...rule, type: 'arg', call: { tool: 'x' }, path: 'args.a', match: '/([/' }],
    });
    expect(problems).toEqual([
      'p.yaml:/rules/1/id: duplicate rule id R (first at /rules/0)',
      expect.stringMatching(/^p\.yaml:\/rules\/1\/match: invalid regular expression/),
      'p.yaml:/tools/b/aliases: alias x is also an alias of a',
    ]);
  });

  test('invalid YAML and a missing file are exit-2 errors', () => {
    expect(() => loadPack(tempFile('bad.yaml', 'pack: [\n'), 'bad.yaml')).toThrow(/not valid YAML/);
    expect(() => loadPack('/nonexistent.yaml', 'nonexistent.yaml')).toThrow(/cannot read pack/);
  });
});
