// The command line's vocabulary: at most 20 verbs, each action run by the module that declares
// its flags (no words rewritten), every word of an earlier release refused (exit 2) with the
// spelling that does the same now, no table of old spellings in --help, and every next command
// the code prints spelled with verbs, actions and flags that exist.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchCommand, renamed, verbs } from '../../scripts/cli.ts';
import { resolveCommand } from '../../scripts/lib/cli/dispatch.ts';
import { formatCiImportCommand } from '../../scripts/lib/core/brownfield/ci-tiers.ts';
import {
  ADOPT_COMMAND,
  formatAttestCommand,
  formatAuditCommand,
  formatAuthorityAddCommand,
  formatEvaluateCommand,
} from '../../scripts/lib/core/next/next-command.ts';
import { createTestContext } from '../helpers/context.ts';
import { choicesOf, commandOf, isKnownFlag } from '../helpers/verb-options.ts';

const resolve = (line: string) => resolveCommand(verbs, line.split(' '), renamed);

describe('actions run the module that declares their flags', () => {
  it.each([
    ['authority keys list', 'authority keys', 'list'],
    ['authority approve --control a', 'authority approve', '--control a'],
    ['authority list', 'authority', 'list'],
    ['status --readiness --task t', 'status --readiness', '--readiness --task t'],
    [
      'status --json --blockers --scope release',
      'status --blockers',
      '--json --blockers --scope release',
    ],
    ['status --next --top 3', 'status --next', '--next --top 3'],
    ['status --control tests', 'status', '--control tests'],
    ['init --render --check', 'init --render', '--render --check'],
    ['install --hook codex --subagent', 'install --hook', '--hook codex --subagent'],
    ['install --hook=codex', 'install --hook', '--hook=codex'],
    ['install --skill --agent all', 'install --skill', '--skill --agent all'],
    ['export --trust-root --out t.json', 'export --trust-root', '--trust-root --out t.json'],
    [
      'verify --candidate plane-mutator m.json',
      'verify --candidate',
      '--candidate plane-mutator m.json',
    ],
    ['query handoff notes', 'query handoff', 'notes'],
    ['campaign import-ci --workflow ci', 'campaign import-ci', '--workflow ci'],
    ['campaign list', 'campaign', 'list'],
    ['knowledge memory list', 'knowledge memory', 'list'],
    ['--root /r knowledge explore --until-done', 'knowledge explore', '--root /r --until-done'],
    ['adopt --fills S -- npm run x --y', 'adopt', '--fills S -- npm run x --y'],
  ])('%s', (line, spelling, args) => {
    expect(resolve(line)).toMatchObject({
      kind: 'run',
      command: { spelling },
      args: args.split(' '),
    });
  });

  it('asks for the action of a verb without a module of its own', () => {
    expect(resolve('knowledge').kind).toBe('pick');
    expect(resolve('install --local').kind).toBe('pick');
  });
});

describe('the words of an earlier release', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-renamed-'));

  it.each(renamed.map((r) => [r.words.join(' '), r] as const))(
    '%s is refused, naming what does the same now, which runs',
    async (_line, r) => {
      const line = [...r.words, ...(r.words[0] === 'query' ? ['x1'] : [])];
      const ctx = createTestContext({ cwd: dir });
      expect(await dispatchCommand([...line, '--root', dir], ctx)).toBe(2);
      expect(ctx.stdout()).toBe('');
      expect(ctx.stderr()).toContain(
        `error [BAD_FLAG]: unknown command '${r.words.join(' ')}': did you mean '${r.instead}'?`,
      );
      // The advice itself runs: each command it names resolves to a module, under no old word.
      for (const [, command] of r.instead.matchAll(/proofgate ([a-z][^,;()]*)/g)) {
        const filled = command!
          .trim()
          .split(' ')
          .map((w) => (w.startsWith('<') ? 'claude' : w));
        expect(resolveCommand(verbs, filled, renamed).kind, command).toBe('run');
      }
    },
  );

  it('under --json: one JSON error document on stdout, the same message', async () => {
    const ctx = createTestContext({ cwd: dir });
    expect(await dispatchCommand(['keys', 'list', '--json', '--root', dir], ctx)).toBe(2);
    expect(JSON.parse(ctx.stdout())).toMatchObject({
      error: {
        code: 'BAD_FLAG',
        exitCode: 2,
        message: "unknown command 'keys': did you mean 'proofgate authority keys'?",
      },
    });
  });

  it('a bare --base of status and report is refused: it takes a ref', async () => {
    for (const line of [
      ['status', '--base'],
      ['report', '--html', 'r.html', '--base'],
    ]) {
      const ctx = createTestContext({ cwd: dir });
      expect(await dispatchCommand([...line, '--root', dir], ctx)).toBe(2);
      expect(ctx.stderr()).toContain('error [MISSING_ARG]: --base needs a git ref');
    }
  });

  it('--help lists the verbs of the table, in order, and no old spelling', async () => {
    const ctx = createTestContext({ cwd: dir });
    expect(await dispatchCommand(['--help'], ctx)).toBe(0);
    const help = ctx.stdout();
    const listed = [...help.matchAll(/^ {2}proofgate ([a-z-]+)/gm)].map((m) => m[1]);
    expect(listed).toEqual(verbs.map((v) => v.name));
    expect(help).not.toMatch(/deprecated/i);
  });
});

describe('help of a verb and of its actions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-help-'));

  it('a verb that needs an action is a usage error naming them, and --help lists them', async () => {
    const ctx = createTestContext({ cwd: dir });
    expect(await dispatchCommand(['knowledge'], ctx)).toBe(2);
    expect(ctx.stderr()).toContain('knowledge memory');
    const help = createTestContext({ cwd: dir });
    expect(await dispatchCommand(['install', '--help'], help)).toBe(0);
    expect(help.stdout()).toContain('proofgate install --hook <agent>');
    expect(help.stdout()).toContain('proofgate install --skill');
  });

  it("an action's --help shows its own flags under its spelling", async () => {
    const ctx = createTestContext({ cwd: dir });
    expect(await dispatchCommand(['authority', 'keys', '--help'], ctx)).toBe(0);
    expect(ctx.stdout()).toMatch(/^proofgate authority keys <action>\n/);
    expect(ctx.stdout()).toContain('--if-missing');
    const hook = createTestContext({ cwd: dir });
    expect(await dispatchCommand(['install', '--hook', '--help'], hook)).toBe(0);
    expect(hook.stdout()).toMatch(/^proofgate install --hook <agent>\n/);
    expect(hook.stdout()).toContain('--subagent');
  });

  it("a verb's --help lists its actions after its own flags", async () => {
    const ctx = createTestContext({ cwd: dir });
    expect(await dispatchCommand(['status', '--help'], ctx)).toBe(0);
    expect(ctx.stdout()).toContain('--markdown');
    expect(ctx.stdout()).toContain('proofgate status --readiness');
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

async function problemsOf(command: string): Promise<string[]> {
  const resolved = await commandOf(words(command));
  if (typeof resolved === 'string') return [`${command}: ${resolved}`];
  const { spelling, verb, args } = resolved;
  const end = args.indexOf('--');
  const problems = (end === -1 ? args : args.slice(0, end))
    .filter((w) => w.startsWith('--'))
    .map((w) => w.slice(2).split('=')[0]!)
    .filter((flag) => !isKnownFlag(verb, flag))
    .map((flag) => `${command}: ${spelling} has no --${flag}`);
  // The first positional of a verb with actions must be one of them.
  const word = args.find((w) => !w.startsWith('-'));
  const choices = choicesOf(verb, 'action');
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
      for (const row of verbs)
        for (const load of [row.load, ...(row.actions ?? []).map((a) => a.load)])
          if (load !== undefined)
            for (const [command] of (await load()).examples) examples.push(command);
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
