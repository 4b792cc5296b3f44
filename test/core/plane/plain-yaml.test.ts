// The quick YAML reading (core/plane/plain-yaml.ts) answers only where it agrees with the yaml
// package, the reading of record: every YAML file this repository tracks and the shared fixtures
// hold, read both ways, and the shapes where it must say nothing (the caller then reads with the
// yaml package: its value, or its error with file:line:col).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { readPlainYaml } from '../../../scripts/lib/core/plane/plain-yaml.ts';
import type { ConfigError } from '../../../scripts/lib/core/errors.ts';
import { parseYamlText } from '../../../scripts/lib/io/plane/plane.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHARED = join(ROOT, '..', 'shared', 'fixtures');

// The yaml package's value of a text, as parseYamlText reads it without the quick reading.
function byDocument(text: string): unknown {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) return { errors: doc.errors.map((e) => e.code) };
  return doc.toJS({ maxAliasCount: 100 });
}

function yamlFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...yamlFilesUnder(path));
    else if (/\.ya?ml$/.test(name)) found.push(path);
  }
  return found;
}

const tracked = execFileSync('git', ['ls-files', '-z', '--', '*.yaml', '*.yml'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\0')
  .filter(Boolean)
  .map((path) => join(ROOT, path));

describe('the quick reading agrees with the yaml package', () => {
  const files = [...tracked, ...yamlFilesUnder(SHARED)];

  test.each(files.map((f) => [f.slice(ROOT.length)]))('%s', (shown) => {
    const text = readFileSync(join(ROOT, shown), 'utf8');
    const plain = readPlainYaml(text);
    if (plain !== undefined) expect(plain.value).toStrictEqual(byDocument(text));
  });

  test('it reads proofgate own plane and the shipped templates', () => {
    const ours = ['controls/manifest.yaml', 'controls/registry.yaml'];
    for (const file of ours) {
      expect(readPlainYaml(readFileSync(join(ROOT, file), 'utf8')), file).toBeDefined();
    }
    const templates = tracked.filter((f) => f.startsWith(join(ROOT, 'templates')));
    expect(templates.length).toBeGreaterThan(0);
    for (const file of templates) {
      expect(readPlainYaml(readFileSync(file, 'utf8')), file).toBeDefined();
    }
  });
});

describe('scalars resolve by the YAML 1.2 core schema, as the yaml package does', () => {
  const texts = [
    'a: yes\nb: no\nc: on\nd: off\ne: y\n', // YAML 1.1 booleans are strings in 1.2
    'a: 012\nb: 0o12\nc: 0x1F\nd: +12\ne: -0\nf: 1_000\ng: 1:20\n', // 1.1 octal, underscores, base 60
    'a: 1e3\nb: .5\nc: 1.\nd: .inf\ne: -.Inf\nf: .NaN\ng: 9007199254740993\n',
    'a: ~\nb: null\nc: Null\nd:\ne: TRUE\nf: False\ng: 2026-01-01\nh: 12:30:00\n',
    "a: \"tab\\tnew\\nline \\u00e9 \\x41\"\nb: 'it''s'\nc: |\n  one\n  two\n\nd: >-\n  folded\n  text\n",
    'a: plain\n  continued\nb: [x, "y", {c: d}]\nc: {}\nd: []\ne: "# not a comment" # a comment\n',
    'list:\n- one\n-   two\n- - nested\n  - seq\n- key: value\n  other: 2\n',
  ];
  test.each(texts.map((t) => [t]))('%j', (text) => {
    const plain = readPlainYaml(text);
    expect(plain).toBeDefined();
    expect(plain?.value).toStrictEqual(byDocument(text));
  });
});

describe('it says nothing where the two could differ, and the yaml package reads it', () => {
  const cases: [string, string][] = [
    ['an anchor and an alias', 'a: &x {b: 1}\nc: *x\n'],
    ['a scalar anchor', 'a: &x 1\n'],
    ['a tag', 'a: !!str 12\n'],
    ['a local tag', 'a: !custom 12\n'],
    ['a YAML 1.1 directive', '%YAML 1.1\n---\na: yes\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['no document', ''],
    ['a comment only', '# nothing\n'],
    ['a null key', 'null: a\n'],
    ['an empty key', ': a\n'],
    ['a number key', '1: a\n'],
    ['a boolean key', 'true: a\n'],
    ['a float key', '1.5: a\n'],
    ['a sequence key', '[a, b]: c\n'],
    ['an explicit mapping key', '? {a: b}\n: c\n'],
    ['a __proto__ key', '__proto__: {polluted: true}\n'],
    ['a quoted __proto__ key', 'a: {"__proto__": 1}\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a syntax error', 'a: [1, 2\n'],
    ['a tab as indentation', 'a:\n\tb: 1\n'],
    ['nesting deeper than 100', `${'['.repeat(101)}${']'.repeat(101)}\n`],
  ];
  test.each(cases)('%s', (_name, text) => {
    expect(readPlainYaml(text)).toBeUndefined();
  });

  test('a quoted number key is a string key, read quickly', () => {
    expect(readPlainYaml('"1": a\n\'true\': b\n')?.value).toStrictEqual({ 1: 'a', true: 'b' });
  });

  test('parseYamlText still reports the yaml package error, with its position', () => {
    expect(() => parseYamlText('a: 1\na: 2\n', 'x.yaml')).toThrow(/x\.yaml is not valid YAML/);
    try {
      parseYamlText('a: [1, 2\n', 'x.yaml');
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems[0]).toMatch(/^x\.yaml:\d+:\d+: /);
    }
  });

  test('parseYamlText reads an alias through the yaml package, within its alias bound', () => {
    expect(parseYamlText('a: &x {b: 1}\nc: *x\n', 'x.yaml')).toStrictEqual({
      a: { b: 1 },
      c: { b: 1 },
    });
    const laughs = [
      'a: &a [x, x]',
      ...Array.from({ length: 12 }, (_, i) => {
        const [from, to] = [String.fromCharCode(97 + i), String.fromCharCode(98 + i)];
        return `${to}: &${to} [*${from}, *${from}, *${from}, *${from}]`;
      }),
    ].join('\n');
    expect(() => parseYamlText(laughs, 'x.yaml')).toThrow(/x\.yaml is not usable YAML/);
  });
});
