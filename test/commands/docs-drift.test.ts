// The docs cannot drift from the code: every verb in the table has a page and an INDEX.md line,
// every `--flag` the docs show for a command exists in the declarations of the module that runs
// it, no renamed spelling is shown as one that runs, the always-loaded files stay within their
// line limits, and SKILL.md's frontmatter passes the Agent Skills spec rules. Generic over the
// verb table (scripts/cli.ts): a verb added later is checked the moment it is registered.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { verbs } from '../../scripts/cli.ts';
import { resolveCommand } from '../../scripts/lib/cli/dispatch.ts';
import { renamed } from '../../scripts/cli.ts';
import type { AnyVerb } from '../../scripts/lib/cli/define-verb.ts';
import { COMMAND_WORDS, isKnownFlag } from '../helpers/verb-options.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (rel: string): string => readFileSync(join(ROOT, rel), 'utf8');
const referenceFiles = readdirSync(join(ROOT, 'references'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `references/${f}`);
const DOCS = ['SKILL.md', 'INDEX.md', 'README.md', ...referenceFiles].filter((f) =>
  existsSync(join(ROOT, f)),
);

/** Every command of the table by its spelling (`claim`, `authority keys`), with its module. */
const COMMANDS = new Map<string, () => Promise<AnyVerb>>(
  verbs.flatMap((row) => [
    ...(row.load === undefined ? [] : [[row.name, row.load] as const]),
    ...(row.actions ?? []).map((a) => [`${row.name} ${a.spelling}`, a.load] as const),
  ]),
);

/** The reference pages of actions, each with the command it documents. */
const ACTION_PAGES: Readonly<Record<string, string>> = {
  render: 'init --render',
  skill: 'install --skill',
  readiness: 'status --readiness',
  handoff: 'status --handoff',
  next: 'status --next',
  candidates: 'verify --candidate',
  trust: 'export --trust-root',
  keys: 'authority keys',
  approve: 'authority approve',
  'ci-import': 'campaign import-ci',
  ...Object.fromEntries(
    ['memory', 'decision', 'hypothesis', 'casebase', 'sync', 'explore'].map((k) => [
      k,
      `knowledge ${k}`,
    ]),
  ),
};

/** The commands whose flags a page's flag table lists: a verb's page, its flag actions too. */
function pageCommands(page: string): string[] {
  const action = ACTION_PAGES[page];
  if (action !== undefined) return [action];
  const row = verbs.find((v) => v.name === page);
  if (row === undefined) return [];
  const flagActions = (row.actions ?? []).filter((a) => a.spelling.startsWith('--'));
  return [
    ...(row.load === undefined ? [] : [row.name]),
    ...flagActions.map((a) => `${row.name} ${a.spelling}`),
  ];
}

export interface FlagUse {
  file: string;
  line: number;
  /** The commands (spellings) the flag must exist in one of. */
  commands: string[];
  flag: string;
  /** Set when the command is written in a spelling that is refused now. */
  renamed?: boolean;
}

/** `proofgate <verb> … --flag` on one line, cut at a backtick, a table pipe or the next command. */
export function flagUses(file: string, text: string): FlagUse[] {
  const uses: FlagUse[] = [];
  const page = /^references\/([a-z-]+)\.md$/.exec(file)?.[1];
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    // An inline code span left open on this line continues on the next one (wrapped commands).
    const open = (raw.match(/`/g) ?? []).length % 2 === 1 && !raw.trimStart().startsWith('```');
    const lineText = open ? `${raw} ${(lines[index + 1] ?? '').trimStart()}` : raw;
    for (const match of lineText.matchAll(/proofgate(?:\.js)?\s+([a-z][a-z-]*)/g)) {
      const verb = match[1]!;
      if (!COMMAND_WORDS.has(verb)) continue;
      const rest = lineText.slice(match.index + match[0].length);
      // a lone `--` ends proofgate's flags: the words after it are the command a verb records
      const end = rest.search(/`|\||proofgate|\s--(\s|$)/);
      const segment = end === -1 ? rest : rest.slice(0, end);
      const words = segment
        .split(/\s+/)
        .map((w) => w.replace(/^[[(]+/, '').replace(/[\])]+$/, ''))
        .filter((w) => w !== '');
      const resolved = resolveCommand(verbs, [verb, ...words], renamed);
      if (resolved.kind === 'renamed') {
        uses.push({ file, line, commands: [], flag: '', renamed: true });
        continue;
      }
      // A verb named alone in prose (`proofgate knowledge` alone exits 2) shows no flag.
      if (resolved.kind !== 'run') continue;
      const commands = [resolved.command.spelling];
      uses.push({ file, line, commands, flag: '' });
      for (const w of resolved.args) {
        const flag = /^--([a-z][a-z0-9-]*)/.exec(w);
        if (flag !== null) uses.push({ file, line, commands, flag: flag[1]! });
      }
    }
    const row = /^\|\s*`--([a-z][a-z0-9-]*)/.exec(raw);
    const documented = page === undefined ? [] : pageCommands(page);
    if (documented.length > 0 && row !== null)
      uses.push({ file, line, commands: documented, flag: row[1]! });
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

  test('every flag shown for a command exists in its declarations or the common options', async () => {
    const uses = DOCS.flatMap((file) => flagUses(file, read(file)));
    expect(uses.length).toBeGreaterThan(20);
    const modules = new Map<string, AnyVerb>();
    for (const [spelling, load] of COMMANDS) modules.set(spelling, await load());
    const unknown = uses
      .filter((u) => u.flag !== '' && !u.commands.some((c) => isKnownFlag(modules.get(c)!, u.flag)))
      .map((u) => `${u.file}:${u.line}: proofgate ${u.commands.join(' / ')} has no --${u.flag}`);
    expect(unknown).toEqual([]);
  });

  test('the docs show no renamed spelling as a command, except where they say it is refused', () => {
    const marked = /renamed|old spelling|formerly|refused/i;
    const stale = DOCS.flatMap((file) => {
      const lines = read(file).split('\n');
      return flagUses(file, read(file))
        .filter((u) => u.renamed === true && !marked.test(lines[u.line - 1] ?? ''))
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
    expect(uses.filter((u) => u.flag !== '').map((u) => `${u.commands[0]} ${u.flag}`)).toEqual([
      'verify fulll',
      'verify base',
      'hook agent',
    ]);
  });

  test('an action is checked against the module that runs it; a renamed spelling is marked', () => {
    const uses = flagUses(
      'x.md',
      '`proofgate authority keys generate --if-missing` and `proofgate keys list`',
    );
    expect(uses.filter((u) => u.flag !== '').map((u) => `${u.commands[0]} ${u.flag}`)).toEqual([
      'authority keys if-missing',
    ]);
    expect(uses.filter((u) => u.renamed === true)).toHaveLength(1);
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
