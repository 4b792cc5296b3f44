// The docs cannot drift from the code: every verb in the table has a page and an INDEX.md line,
// every `--flag` the docs show for a verb exists in that verb's parser, the always-loaded files
// stay within their line limits, and SKILL.md's frontmatter passes the Agent Skills spec rules.
// Generic over verbTable: a verb added later is checked the moment it is registered.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { resolveSpelling } from '../../scripts/lib/cli/spellings.ts';
import { old, verbs } from '../../scripts/lib/cli/verb-rows.ts';
import { isKnownFlag, optionsOf, VERB_NAMES } from '../helpers/verb-options.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (rel: string): string => readFileSync(join(ROOT, rel), 'utf8');
const referenceFiles = readdirSync(join(ROOT, 'references'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `references/${f}`);
const DOCS = ['SKILL.md', 'INDEX.md', 'README.md', ...referenceFiles].filter((f) =>
  existsSync(join(ROOT, f)),
);
/** The words a command may start with: the top-level verbs and the modules (old spellings). */
const VERBS = new Set([...verbs.map((v) => v.name), ...VERB_NAMES]);

export interface FlagUse {
  file: string;
  line: number;
  /** The verb module whose parser the flag must exist in (after sub-action routing). */
  verb: string;
  flag: string;
  /** Set when the command is written in an old spelling. */
  deprecated?: boolean;
}

/** `proofgate <verb> … --flag` on one line, cut at a backtick, a table pipe or the next command. */
export function flagUses(file: string, text: string): FlagUse[] {
  const uses: FlagUse[] = [];
  const pageVerb = /^references\/([a-z-]+)\.md$/.exec(file)?.[1];
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    // An inline code span left open on this line continues on the next one (wrapped commands).
    const open = (raw.match(/`/g) ?? []).length % 2 === 1 && !raw.trimStart().startsWith('```');
    const lineText = open ? `${raw} ${(lines[index + 1] ?? '').trimStart()}` : raw;
    for (const match of lineText.matchAll(/proofgate(?:\.js)?\s+([a-z][a-z-]*)/g)) {
      const verb = match[1]!;
      if (!VERBS.has(verb)) continue;
      const rest = lineText.slice(match.index + match[0].length);
      // a lone `--` ends proofgate's flags: the words after it are the command a verb records
      const end = rest.search(/`|\||proofgate|\s--(\s|$)/);
      const segment = end === -1 ? rest : rest.slice(0, end);
      const words = segment
        .split(/\s+/)
        .map((w) => w.replace(/^[[(]+/, '').replace(/[\])]+$/, ''))
        .filter((w) => w !== '');
      const resolved = resolveSpelling([verb, ...words], verbs, old);
      // A verb named alone in prose (`proofgate knowledge` alone exits 2) shows no flag.
      if (resolved.kind !== 'module') continue;
      const stop = resolved.args.indexOf('--');
      const routed = stop === -1 ? resolved.args : resolved.args.slice(0, stop);
      const deprecated = resolved.deprecation === undefined ? {} : { deprecated: true };
      uses.push({ file, line, verb: resolved.module, flag: '', ...deprecated });
      for (const w of routed) {
        const flag = /^--([a-z][a-z0-9-]*)/.exec(w);
        if (flag !== null)
          uses.push({ file, line, verb: resolved.module, flag: flag[1]!, ...deprecated });
      }
    }
    const row = /^\|\s*`--([a-z][a-z0-9-]*)/.exec(raw);
    if (pageVerb !== undefined && VERB_NAMES.has(pageVerb) && row !== null) {
      uses.push({ file, line, verb: pageVerb, flag: row[1]! });
    }
  });
  return uses;
}

describe('docs drift', () => {
  test.each(verbs.map((row) => [row.name]))('%s has references/<verb>.md', (name) => {
    expect(existsSync(join(ROOT, 'references', `${name}.md`))).toBe(true);
  });

  test.each(verbs.map((row) => [row.name]))('%s has a line in INDEX.md', (name) => {
    expect(read('INDEX.md')).toMatch(new RegExp(`^\\| ${name} \\|`, 'm'));
  });

  test('every flag shown for a verb exists in its parser or the common options', async () => {
    const uses = DOCS.flatMap((file) => flagUses(file, read(file)));
    expect(uses.length).toBeGreaterThan(20);
    const unknown: string[] = [];
    for (const name of VERB_NAMES) {
      const options = await optionsOf(name);
      for (const use of uses.filter(
        (u) => u.verb === name && u.flag !== '' && !isKnownFlag(options, u.flag),
      )) {
        unknown.push(`${use.file}:${use.line}: proofgate ${use.verb} has no --${use.flag}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  test('the docs write every command in its current spelling, old ones only where so marked', () => {
    const marked = /deprecated|old spelling|formerly/i;
    const stale = DOCS.flatMap((file) => {
      const lines = read(file).split('\n');
      return flagUses(file, read(file))
        .filter((u) => u.deprecated === true && !marked.test(lines[u.line - 1] ?? ''))
        .map((u) => `${u.file}:${u.line}`);
    });
    expect([...new Set(stale)]).toEqual([]);
  });

  test('a command wrapped inside one code span is read across the line break', () => {
    const uses = flagUses('x.md', 'run `proofgate verify --base x\n   --nope y` then');
    expect(uses.map((u) => u.flag).filter((f) => f !== '')).toEqual(['base', 'nope']);
  });

  test('the flag parser sees flags and can fail', () => {
    const uses = flagUses(
      'x.md',
      'run `proofgate verify --fulll --base x` then proofgate hook stop --agent codex',
    );
    expect(uses.filter((u) => u.flag !== '').map((u) => `${u.verb} ${u.flag}`)).toEqual([
      'verify fulll',
      'verify base',
      'hook agent',
    ]);
  });

  test('a sub-action is checked against the module that runs it', () => {
    const uses = flagUses(
      'x.md',
      '`proofgate authority keys generate --if-missing` and `proofgate keys list`',
    );
    expect(uses.filter((u) => u.flag !== '').map((u) => `${u.verb} ${u.flag}`)).toEqual([
      'keys if-missing',
    ]);
    expect(uses.filter((u) => u.deprecated === true).map((u) => u.verb)).toEqual(['keys']);
  });

  test('SKILL.md < 300 lines, INDEX.md < 150, every reference < 300', () => {
    expect(read('SKILL.md').split('\n').length).toBeLessThan(300);
    expect(read('INDEX.md').split('\n').length).toBeLessThan(150);
    const long = referenceFiles.filter((f) => read(f).split('\n').length >= 300);
    expect(long).toEqual([]);
  });
});

describe('SKILL.md frontmatter (Agent Skills spec)', () => {
  const text = read('SKILL.md');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const front = parse(match?.[1] ?? '') as Record<string, unknown>;

  test('only the spec keys', () => {
    expect(match).not.toBeNull();
    const allowed = [
      'name',
      'description',
      'license',
      'compatibility',
      'metadata',
      'allowed-tools',
    ];
    expect(Object.keys(front).filter((k) => !allowed.includes(k))).toEqual([]);
  });

  test('name: 1-64 lowercase letters, digits, single hyphens; no reserved words; the package name', () => {
    const name = front['name'];
    expect(typeof name).toBe('string');
    expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect((name as string).length).toBeLessThanOrEqual(64);
    expect(name).not.toMatch(/anthropic|claude/);
    expect(name).toBe((JSON.parse(read('package.json')) as { name: string }).name);
  });

  test('description: 1-1024 characters, no angle brackets, says when to use it', () => {
    const description = front['description'];
    expect(typeof description).toBe('string');
    expect((description as string).length).toBeGreaterThan(0);
    expect((description as string).length).toBeLessThanOrEqual(1024);
    expect(description).not.toMatch(/[<>]/);
    expect(description).toMatch(/^Use (before|when)/);
  });

  test('compatibility <= 500 characters; metadata is a map of strings', () => {
    expect(((front['compatibility'] as string | undefined) ?? '').length).toBeLessThanOrEqual(500);
    const metadata = (front['metadata'] ?? {}) as Record<string, unknown>;
    expect(Object.values(metadata).every((v) => typeof v === 'string')).toBe(true);
  });

  test('refusal rules come first and are at most 12 numbered lines', () => {
    const body = text.slice(match![0].length);
    const headings = [...body.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect(headings[0]).toMatch(/^Refusal rules/);
    const section = body.split(/^## /m)[1]!;
    expect(section.split('\n').filter((l) => /^\d+\. /.test(l)).length).toBeLessThanOrEqual(12);
  });
});
