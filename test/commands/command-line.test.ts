// The command line's vocabulary (issue 31): at most 20 top-level verbs, each sub-action run by a
// verb module that declares its own flags, the old spellings still running for one release with
// one deprecation line on stderr (never on stdout), and every next command the code prints
// spelled with verbs, sub-actions and flags that exist.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTable, verbTable } from '../../scripts/cli.ts';
import { old, verbs } from '../../scripts/lib/cli/verb-rows.ts';
import { dispatchTable, topLevelHelp } from '../../scripts/lib/cli/dispatch-table.ts';
import { resolveSpelling } from '../../scripts/lib/cli/spellings.ts';
import { formatCiImportCommand } from '../../scripts/lib/core/brownfield/ci-tiers.ts';
import {
  ADOPT_COMMAND,
  formatAttestCommand,
  formatAuditCommand,
  formatAuthorityAddCommand,
  formatEvaluateCommand,
} from '../../scripts/lib/core/next/next-command.ts';
import { createTestContext } from '../helpers/context.ts';
import { choicesOf, isKnownFlag, optionsOf } from '../helpers/verb-options.ts';

const modules = new Set(verbTable.map((m) => m.name));
const resolve = (line: string) => resolveSpelling(line.split(' '), verbs, old);

describe('the verb list', () => {
  it('has at most 20 top-level verbs, each run by modules that exist', () => {
    expect(verbs.length).toBeLessThanOrEqual(20);
    expect(new Set(verbs.map((v) => v.name)).size).toBe(verbs.length);
    for (const verb of verbs) {
      if (verb.module !== undefined) expect(modules, verb.name).toContain(verb.module);
      for (const sub of verb.subs ?? []) expect(modules, sub.spelling).toContain(sub.module);
      expect(verb.module !== undefined || (verb.subs ?? []).length > 0).toBe(true);
    }
  });

  it('reaches every verb module by a new spelling', () => {
    const reached = new Set(
      verbs.flatMap((v) => [
        ...(v.module === undefined ? [] : [v.module]),
        ...(v.subs ?? []).map((s) => s.module),
      ]),
    );
    expect([...modules].filter((m) => !reached.has(m))).toEqual([]);
  });

  it('names, for each old spelling, a new one that runs without a deprecation', () => {
    for (const o of old) {
      expect(modules, o.spelling[0]).toContain(o.spelling[0]);
      const instead = o.instead.split(/[ ,(]/).filter((w) => w !== '');
      const words = instead.slice(1).map((w) => (w.startsWith('<') ? 'claude' : w));
      const r = resolveSpelling(words, verbs, old);
      expect(r.kind, o.instead).toBe('module');
      if (r.kind === 'module') expect(r.deprecation, o.instead).toBeUndefined();
    }
  });

  it('lists the 20 verbs under Commands in --help, the old spellings apart', () => {
    const help = topLevelHelp(cliTable);
    const commands = help.slice(help.indexOf('Commands:'), help.indexOf('Deprecated'));
    const listed = [...commands.matchAll(/^ {2}proofgate ([a-z-]+)/gm)].map((m) => m[1]);
    expect(listed).toEqual(verbs.map((v) => v.name));
    expect(listed).not.toContain('keys');
    expect(help.slice(help.indexOf('Deprecated'))).toContain('proofgate keys');
  });
});

describe('sub-actions run the module that declares their flags', () => {
  it.each([
    ['authority keys list', 'keys', 'keys list'],
    ['authority approve --control a', 'approve', 'approve --control a'],
    ['authority list', 'authority', 'authority list'],
    ['status --readiness --task t', 'readiness', 'readiness --task t'],
    ['status --json --blockers --scope release', 'query', 'query blockers --json --scope release'],
    ['status --next --top 3', 'next', 'next --top 3'],
    ['status --control tests', 'status', 'status --control tests'],
    ['init --render --check', 'render', 'render --check'],
    ['install --hook codex --subagent', 'hook', 'hook install --agent codex --subagent'],
    ['install --hook=codex', 'hook', 'hook install --agent codex'],
    ['install --skill --agent all', 'skill', 'skill install --agent all'],
    ['export --trust-root --out t.json', 'trust', 'trust export --out t.json'],
    ['campaign import-ci --workflow ci', 'ci-import', 'ci-import --workflow ci'],
    ['campaign list', 'campaign', 'campaign list'],
    ['knowledge memory list', 'memory', 'memory list'],
    ['--root /r knowledge explore --until-done', 'explore', '--root /r explore --until-done'],
    ['adopt --fills S -- npm run x --y', 'adopt', 'adopt --fills S -- npm run x --y'],
  ])('%s', (line, module, args) => {
    const r = resolve(line);
    expect(r).toMatchObject({ kind: 'module', module, args: args.split(' ') });
    if (r.kind === 'module') expect(r.deprecation).toBeUndefined();
  });

  it('asks for the sub-action of a verb without a module of its own', () => {
    expect(resolve('knowledge').kind).toBe('pick-sub');
    expect(resolve('install --local').kind).toBe('pick-sub');
  });

  it.each([
    ['keys list', 'keys'],
    ['query blockers', 'query'],
    ['query trace REQ-7', 'query'],
    ['hook install --agent codex', 'hook'],
    ['evaluate --claim --control t', 'evaluate'],
    ['evaluate --run --audit-stage self', 'evaluate'],
    ['status --base', 'status'],
    ['report --html r.html --base --json', 'report'],
    ['ci-import --workflow ci', 'ci-import'],
    ['explore', 'explore'],
  ])('the old spelling %s runs as before, deprecated', (line, module) => {
    const r = resolve(line);
    expect(r).toMatchObject({ kind: 'module', module, args: line.split(' ') });
    if (r.kind === 'module')
      expect(r.deprecation).toMatch(/^proofgate: ".*" (without a ref )?is deprecated.*use "/);
  });

  it('takes `status --base <ref>` and `report --base=<ref>` as the new spelling', () => {
    for (const line of ['status --base origin/main', 'report --html r --base=origin/main']) {
      const r = resolve(line);
      if (r.kind === 'module') expect(r.deprecation).toBeUndefined();
    }
    const r = resolve('status --base --json');
    expect(r.kind === 'module' && r.deprecation).toBeTruthy();
  });
});

describe('deprecation lines go to stderr only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-spell-'));

  it('an old spelling under --json: one line on stderr, stdout one JSON document', async () => {
    const ctx = createTestContext({ cwd: dir });
    await dispatchTable(cliTable, ['keys', 'list', '--json', '--root', dir], ctx);
    expect(() => JSON.parse(ctx.stdout()) as unknown).not.toThrow();
    expect(ctx.stdout()).not.toContain('deprecated');
    const lines = ctx
      .stderr()
      .split('\n')
      .filter((l) => l.includes('deprecated'));
    expect(lines).toEqual([
      'proofgate: "proofgate keys" is deprecated and goes in the next release; use "proofgate authority keys"',
    ]);
  });

  it('the new spelling prints no deprecation line', async () => {
    const ctx = createTestContext({ cwd: dir });
    await dispatchTable(cliTable, ['authority', 'keys', 'list', '--json', '--root', dir], ctx);
    expect(ctx.stderr()).not.toContain('deprecated');
    expect(() => JSON.parse(ctx.stdout()) as unknown).not.toThrow();
  });

  it('a verb that needs a sub-action is a usage error naming them, and --help lists them', async () => {
    const ctx = createTestContext({ cwd: dir });
    expect(await dispatchTable(cliTable, ['knowledge'], ctx)).toBe(2);
    expect(ctx.stderr()).toContain('knowledge memory');
    const help = createTestContext({ cwd: dir });
    expect(await dispatchTable(cliTable, ['install', '--help'], help)).toBe(0);
    expect(help.stdout()).toContain('proofgate install --hook <agent>');
    expect(help.stdout()).toContain('proofgate install --skill');
  });

  it("a sub-action's --help shows its own flags under the new spelling", async () => {
    const ctx = createTestContext({ cwd: dir });
    expect(await dispatchTable(cliTable, ['authority', 'keys', '--help'], ctx)).toBe(0);
    expect(ctx.stdout()).toContain('proofgate authority keys <action>');
    expect(ctx.stdout()).toContain('--if-missing');
    expect(ctx.stdout()).not.toMatch(/proofgate keys\b/);
  });
});

// ---- every next command the code can print -------------------------------------------------

const SCRIPTS = join(import.meta.dirname, '..', '..', 'scripts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Prose that names proofgate in a message, not a command ("proofgate never reads …"). */
const PROSE = new Set(['has', 'never', 'events', 'is', 'does', 'writes', 'reads']);

/** Each `proofgate …` command written in a `next` string of the source, up to where it ends. */
function nextCommandsInSource(): { where: string; command: string }[] {
  const found: { where: string; command: string }[] = [];
  for (const file of sourceFiles(SCRIPTS)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/next[^\n]{0,40}?[:=][\s\S]{0,12}?(['"`])([^\n]*?)\1/g)) {
      for (const c of m[2]!.matchAll(
        /proofgate ([a-z][^'"`()\n]*?)(?=$|&&| or | then |[;,)"`]|\. )/g,
      ))
        if (!PROSE.has(c[1]!.split(' ')[0]!))
          found.push({
            where: file.slice(SCRIPTS.length + 1),
            command: `proofgate ${c[1]!.trim()}`,
          });
    }
  }
  return found;
}

/** What the next-command builders print, for every branch they have. */
function builtCommands(): string[] {
  const actor = { label: 'agent 1', authority: 'virtual:developer', context: 'local:x' };
  const keyed = [{ id: 'virtual:quality', kind: 'virtual', stages: ['cross'], keys: [{}] }];
  return [
    formatEvaluateCommand({ control: 'T.a' }),
    formatEvaluateCommand({ control: 'T.a', actor, authorize: ['secrets'], repeat: 3 }),
    formatAuthorityAddCommand('human:o', 'self'),
    formatAuditCommand('T.a', 'cross'),
    formatAuditCommand('T.a', 'cross', actor),
    formatAuditCommand('T.a', 'release_authority', undefined, [], true),
    formatAuditCommand('T.a', 'cross', undefined, keyed, true),
    formatAttestCommand('T.a'),
    ADOPT_COMMAND,
    formatCiImportCommand('ci', 'abc1234'),
  ].flatMap((line) => line.split(' && '));
}

/** Shell words of a command, placeholders replaced by a harmless value. */
function words(command: string): string[] {
  const out: string[] = [];
  for (const m of command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out.slice(1).map((w) => (/[<>$]|^\.\.\.$/.test(w) ? 'x1' : w));
}

const optionCache = new Map<string, Promise<Set<string>>>();
const cachedOptions = (module: string): Promise<Set<string>> => {
  if (!optionCache.has(module)) optionCache.set(module, optionsOf(module));
  return optionCache.get(module)!;
};

async function problemsOf(command: string): Promise<string[]> {
  const args = words(command);
  const r = resolveSpelling(args, verbs, old);
  if (r.kind !== 'module') return [`${command}: no such verb or sub-action`];
  if (r.deprecation !== undefined) return [`${command}: an old spelling (${r.deprecation})`];
  const options = await cachedOptions(r.module);
  const end = r.args.indexOf('--');
  const problems = (end === -1 ? r.args : r.args.slice(0, end))
    .filter((w) => w.startsWith('--'))
    .map((w) => w.slice(2).split('=')[0]!)
    .filter((flag) => !isKnownFlag(options, flag))
    .map((flag) => `${command}: ${r.module} has no --${flag}`);
  // The first positional of a verb with actions must be one of them.
  const row = verbTable.find((m) => m.name === r.module)!;
  const first = ((await row.load()).command ?? '').split(' ')[1]?.replace(/[<>[\]]/g, '');
  const word = r.args.slice(1).find((w) => !w.startsWith('-'));
  const choices = first === undefined ? undefined : await choicesOf(r.module, first);
  if (choices !== undefined && word !== undefined && word !== 'x1' && !choices.includes(word))
    problems.push(`${command}: ${word} is not one of ${choices.join(', ')}`);
  return problems;
}

describe(
  'every next command the code prints parses against the verbs and flags that exist',
  { timeout: 60_000 },
  () => {
    it('the builders', async () => {
      const problems = (await Promise.all(builtCommands().map(problemsOf))).flat();
      expect(problems).toEqual([]);
    });

    it('the examples each verb shows in its help', async () => {
      const examples: string[] = [];
      for (const row of verbTable)
        for (const [command] of (await row.load()).examples ?? []) examples.push(command);
      expect(examples.length).toBeGreaterThan(40);
      const problems = (await Promise.all(examples.map(problemsOf))).flat();
      expect(problems).toEqual([]);
    });

    it('the `next:` strings written in the source', async () => {
      const found = nextCommandsInSource();
      expect(found.length).toBeGreaterThan(40);
      const problems: string[] = [];
      for (const { where, command } of found)
        for (const p of await problemsOf(command)) problems.push(`${where}: ${p}`);
      expect(problems).toEqual([]);
    });
  },
);
