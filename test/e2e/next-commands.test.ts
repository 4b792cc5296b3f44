// Every `next:` a verb prints is a command that runs as printed: this drives the newcomer's path
// (init → adopt → evaluate → claim → audit → attest → claim) through the bundle in a scratch
// repository, harvests each `next` from the human and the --json output, runs every proofgate
// command among them from the repository (as a person pasting it would), and fails when one is a
// usage error (exit 2).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN } from '../helpers/cli.ts';
import { makeRepo, makeTempDir } from '../helpers/git-repo.ts';

const repo = makeRepo({
  'package.json': JSON.stringify({
    name: 'demo',
    version: '1.0.0',
    scripts: { test: 'node -e "console.log(1)"', lint: 'node -e 0' },
  }),
  LICENSE: 'MIT\n',
});
const profileDir = makeTempDir('proofgate-profile-');
// A next: line may generate a signing key: it goes to this empty HOME, never the user's.
const home = makeTempDir('proofgate-home-');
afterAll(() => repo.remove());

const env = {
  PATH: process.env['PATH'] ?? '',
  HOME: home,
  NO_COLOR: '1',
  TZ: 'UTC',
  USER: 'tester',
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function proofgate(args: readonly string[]): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, encoding: 'utf8', env });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Splits one POSIX command line into words (single and double quotes, no expansions). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of line) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else word = (word ?? '') + ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      if (ch === '<' || ch === '>' || ch === '|' || ch === ';')
        throw new Error(`unquoted shell metacharacter ${ch} in: ${line}`);
      word = (word ?? '') + ch;
    }
  }
  if (quote !== undefined) throw new Error(`unterminated quote in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}

const harvested = new Map<string, string>();

function collectJson(value: unknown, from: string): void {
  if (Array.isArray(value)) for (const v of value) collectJson(v, from);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'next' && typeof v === 'string') harvested.set(v, `${from} (json)`);
      else collectJson(v, from);
    }
  }
}

function collectText(text: string, from: string): void {
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    // "next, all 3 at once: …" is one command for several blockers' own next lines.
    const m = /^\s*next(?:, all \d+ at once)?:\s*(.*)$/i.exec(line);
    if (m === null) return;
    if (m[1] !== '') harvested.set(m[1]!.trim(), from);
    for (const item of lines.slice(i + 1)) {
      const bullet = /^\s+- (.*)$/.exec(item);
      if (bullet === null) break;
      harvested.set(bullet[1]!.trim(), from);
    }
  });
}

/** Runs `args` in human and --json form and harvests both; returns the human run. */
function step(args: readonly string[]): Run {
  const from = `proofgate ${args.join(' ')}`;
  const human = proofgate(args);
  collectText(human.stdout + human.stderr, from);
  const json = proofgate([...args, '--json']);
  try {
    collectJson(JSON.parse(json.stdout), from);
  } catch {
    // a usage error prints its JSON on stderr
    try {
      collectJson(JSON.parse(json.stderr), from);
    } catch {
      collectText(json.stderr, from);
    }
  }
  return human;
}

/** The proofgate commands in a harvested `next` (a && chain counts as one command list). */
function commandsIn(next: string): string[][] | undefined {
  if (!next.startsWith('proofgate ')) return undefined;
  return next.split(' && ').map((part) => shellWords(part));
}

describe('every next: command runs as printed', () => {
  test('the newcomer path, refusals included, offers no next command that is a usage error', () => {
    const profile = join(profileDir, 'profile.yaml');
    writeFileSync(
      profile,
      [
        'development_mode: ai_greenfield',
        'target_maturity: engineering_ready',
        'product_type: [library]',
        'distribution_model: open_source',
        'criticality: low',
        'data_sensitivity: public',
        'ai_system: false',
        'scope_mode: full_repo',
        '',
      ].join('\n'),
    );
    expect(proofgate(['init', '--profile', profile]).code).toBe(0);
    step(['adopt', '--list']);
    expect(step(['adopt', 'npm:test', '--fills', 'ENG.TESTS']).code).toBe(0);
    repo.commit('plane');
    step(['evaluate', '--run', '--control', 'ENG.TESTS']);
    step(['status']);
    step(['claim', '--control', 'ENG.TESTS']);
    step(['claim']);
    step(['claim', '--scope', 'project']);
    step(['evaluate', '--run']);
    step(['attest', '--control', 'ENG.AGENT_SCOPE', '--status', 'PASS', '--note', 'x']);
    step(['audit', '--audit-stage', 'cross', '--review-run', 'latest']);
    step(['status']);
    step(['status', '--next']);
    step(['authority', 'add', 'human:tester']);
    // A failing run: its FAIL lines quote the output and name the command that reads more of it.
    repo.write(
      'package.json',
      JSON.stringify({
        name: 'demo',
        version: '1.0.0',
        scripts: { test: 'node -e "console.log(2);process.exit(1)"', lint: 'node -e 0' },
      }),
    );
    repo.commit('a failing test');
    step(['evaluate', '--run', '--control', 'ENG.TESTS']);
    step(['status']);
    step(['claim', '--control', 'ENG.TESTS']);
    step(['status', '--next']);
    expect(
      [...harvested.keys()].filter((n) => /^proofgate query evidence \S+ --tail 50$/.test(n))
        .length,
    ).toBeGreaterThan(0);
    // status's efficacy advice is kind-aware: the file check ENG.LICENSE is measured by the same
    // `--mutate all` command as the command control (it runs; it was a usage error before).
    expect(
      [...harvested.keys()].filter(
        (n) => /^proofgate efficacy .*--mutate all$/.test(n) && n.includes('--control ENG.LICENSE'),
      ).length,
    ).toBeGreaterThan(0);
    // next names items without a `next:` prefix; only commands follow `next:`.
    expect([...harvested.keys()].filter((n) => /^(control|gap|hypothesis) /.test(n))).toEqual([]);

    const commands = [...harvested.entries()].flatMap(([next, from]) => {
      const chain = commandsIn(next);
      return chain === undefined ? [] : [{ next, from, chain }];
    });
    expect(commands.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const { next, from, chain } of commands) {
      for (const words of chain) {
        const run = proofgate(words.slice(1));
        if (run.code === 2) {
          failures.push(`${next}\n  printed by: ${from}\n  ${run.stderr.split('\n')[0] ?? ''}`);
          break;
        }
        if (run.code !== 0) break;
      }
    }
    expect(failures).toEqual([]);
  }, 240_000); // every printed next: line of a newcomer's whole path, run: about a minute on two loaded cores

  test('shellWords refuses unquoted placeholders, so a <slot> in a next: line fails the test', () => {
    expect(shellWords(`proofgate attest --note '<what was checked>'`)).toEqual([
      'proofgate',
      'attest',
      '--note',
      '<what was checked>',
    ]);
    expect(() => shellWords('proofgate adopt <candidate> --fills <slot>')).toThrow(/metacharacter/);
  });
});
