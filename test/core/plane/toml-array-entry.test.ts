import { describe, expect, test } from 'vitest';
import { ensureTomlArrayEntry } from '../../../scripts/lib/core/plane/toml-array-entry.ts';

const edited = (text: string, table: string[], key: string, value: string): string => {
  const edit = ensureTomlArrayEntry(text, table, key, value);
  if (edit.kind !== 'edited') throw new Error(`not edited: ${JSON.stringify(edit)}`);
  return edit.text;
};

describe('ensureTomlArrayEntry', () => {
  test('appends to a one-line array, keeping a trailing comment', () => {
    const text = '[package]\nname = "x" # n\nexclude = ["a"]  # keep\n\n[dependencies]\n';
    expect(edited(text, ['package'], 'exclude', '.proofgate/')).toBe(
      '[package]\nname = "x" # n\nexclude = ["a", ".proofgate/"]  # keep\n\n[dependencies]\n',
    );
  });

  test('adds a line to a multi-line array, indented like the last element', () => {
    const text = '[package]\nexclude = [\n  "a",\n  "b" # last\n]\n';
    expect(edited(text, ['package'], 'exclude', '.p/')).toBe(
      '[package]\nexclude = [\n  "a",\n  "b", # last\n  ".p/",\n]\n',
    );
  });

  test('a new key goes at the end of its table; a new table at the end of the file', () => {
    expect(edited('[package]\nname = "x"\n\n[deps]\n', ['package'], 'exclude', '.p/')).toBe(
      '[package]\nname = "x"\nexclude = [".p/"]\n\n[deps]\n',
    );
    expect(edited('[project]\nname = "x"\n', ['tool', 'flit', 'sdist'], 'exclude', '.p')).toBe(
      '[project]\nname = "x"\n\n[tool.flit.sdist]\nexclude = [".p"]\n',
    );
  });

  test('present already: nothing; not an array, invalid TOML or an inline table: refused', () => {
    expect(
      ensureTomlArrayEntry('[package]\nexclude = [".p/"]\n', ['package'], 'exclude', '.p/'),
    ).toEqual({ kind: 'present' });
    expect(
      ensureTomlArrayEntry('[package]\nexclude = "x"\n', ['package'], 'exclude', '.p/').kind,
    ).toBe('unsafe');
    expect(ensureTomlArrayEntry('[package\n', ['package'], 'exclude', '.p/').kind).toBe('unsafe');
    const inline = ensureTomlArrayEntry(
      '[tool.hatch.build.targets]\nsdist = { include = ["a"] }\n',
      ['tool', 'hatch', 'build', 'targets', 'sdist'],
      'exclude',
      '.p',
    );
    expect(inline).toMatchObject({
      kind: 'unsafe',
      lines: ['[tool.hatch.build.targets.sdist]', expect.stringContaining('exclude = [".p"]')],
    });
  });
});
