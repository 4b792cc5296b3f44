// A newcomer's journey on a copy of a real repository, through the installed package: the copy is
// committed as its own git repository, every command is the installed bin, and the way forward is
// read from the `next:` lines the tool prints (as a person following them would).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir, openRepo } from './git-repo.ts';
import type { TestRepo } from './git-repo.ts';
import { STACK_TRACE } from './packed.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/journeys/', import.meta.url));

export interface Run {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
}

export interface Journey {
  repo: TestRepo;
  /** Runs the installed bin in the copy (or in `cwd`, another clone of it). */
  pg(args: readonly string[], cwd?: string): Run;
  /** Every command run so far, for the failure message and the stack-trace check. */
  log: Run[];
  /** git add -A && git commit, as the newcomer does at the commit points. */
  commit(message: string): void;
  remove(): void;
}

/** Copies test/fixtures/journeys/<name> into a fresh repository with one commit. */
export function startJourney(name: string, bin: string): Journey {
  const repo = openRepo(makeTempDir(`pg-journey-${name}-`));
  cpSync(join(FIXTURES, name), repo.dir, { recursive: true });
  repo.git('init', '-q', '-b', 'main');
  repo.commit(`import ${name}`);
  const home = mkdtempSync(join(tmpdir(), 'pg-journey-home-'));
  const log: Run[] = [];
  return {
    repo,
    log,
    pg(args, cwd = repo.dir) {
      const run = spawnSync(bin, args, {
        cwd,
        encoding: 'utf8',
        input: '',
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: home,
          NO_COLOR: '1',
          TZ: 'UTC',
          USER: 'alice',
        },
      });
      const result = {
        args: [...args],
        code: run.status ?? -1,
        stdout: run.stdout,
        stderr: run.stderr,
      };
      log.push(result);
      return result;
    },
    commit(message) {
      repo.commit(message);
    },
    remove() {
      repo.remove();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** `next: proofgate …`, or `next: from a clone other than <id> (…): proofgate …`. */
const NEXT_LINE =
  /^\s*(?:-\s*)?next: (from a clone other than [0-9a-f]{8} \([^)]*\): )?(proofgate [^\n]+)$/gm;
const ANOTHER_CLONE = /^from a clone other than [0-9a-f]{8} \([^)]*\): /;

/**
 * Runs `args` as an auditor in a clone of its own does: the evidence so far committed, the
 * repository cloned, the command run there, its ledger segment committed and pulled back.
 */
function runInAnotherClone(journey: Journey, args: string[]): Run {
  journey.commit('evidence so far');
  const dir = join(makeTempDir('pg-journey-auditor-'), 'c');
  journey.repo.git('clone', '-q', journey.repo.dir, dir);
  const run = journey.pg(args, dir);
  openRepo(dir).commit('audit from the auditor clone');
  journey.repo.git('pull', '-q', '--no-rebase', dir, 'main');
  rmSync(join(dir, '..'), { recursive: true, force: true });
  return run;
}

/** The commands of the `next:` lines in `text` ("next: proofgate …"), in order, without repeats. */
export function nextCommands(text: string): string[] {
  const found = [...text.matchAll(NEXT_LINE)].map((m) => `${m[1] ?? ''}${m[2]!}`);
  return [...new Set(found.map((line) => line.trim()))];
}

/** Splits a printed command into words as a POSIX shell does for plain, '…' and "…" words. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] ?? '';
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else current += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && i + 1 < line.length) current += line[++i] ?? '';
      else current += ch;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      inWord = true;
      if (ch === "'" || ch === '"') quote = ch;
      else current += ch;
    }
  }
  if (inWord) words.push(current);
  return words;
}

/** A placeholder a person fills in (`'<what was checked>'`) gets a real sentence. */
function fillPlaceholders(words: string[], note: string): string[] {
  return words.map((w) => (/^<[^>]+>$/.test(w) ? note : w));
}

/** Outputs of the journey that contain a stack trace (there must be none). */
export function tracedOutputs(log: readonly Run[]): string[] {
  return log
    .filter((r) => STACK_TRACE.test(r.stdout + r.stderr))
    .map((r) => `proofgate ${r.args.join(' ')}`);
}

export function describeLog(log: readonly Run[], last = 6): string {
  return log
    .slice(-last)
    .map((r) => `$ proofgate ${r.args.join(' ')}  → exit ${r.code}\n${r.stdout}${r.stderr}`)
    .join('\n');
}

/**
 * The same evaluate or audit printed once per control, as a person reads it: the first line as
 * printed (so its form is proven), then the same command once for every control.
 */
function collapse(commands: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const line of commands) {
    const bare = line.replace(/ --control \S+/, '');
    const repeated = commands.filter((l) => l.replace(/ --control \S+/, '') === bare).length > 1;
    if (!repeated || !/^proofgate (evaluate|audit) /.test(line)) out.push(line);
    else if (!seen.has(bare)) {
      seen.add(bare);
      out.push(line, bare);
    }
  }
  return out;
}

/**
 * Asks for the project claim and, while it is refused, runs every `next:` command the refusal
 * prints (each must run: never exit 2), then asks again. Returns the rounds it took and the
 * commands it ran; throws with the last outputs when the claim is not granted in `maxRounds`.
 */
export function followToProjectClaim(
  journey: Journey,
  note: string,
  maxRounds = 8,
): { rounds: number; ran: string[] } {
  const ran: string[] = [];
  for (let round = 1; round <= maxRounds; round++) {
    const claim = journey.pg(['claim', '--scope', 'project']);
    if (claim.code === 0) return { rounds: round, ran };
    const commands = nextCommands(claim.stdout + claim.stderr);
    if (claim.code !== 1 || commands.length === 0)
      throw new Error(`the project claim gave no way forward\n${describeLog(journey.log, 2)}`);
    for (const line of collapse(commands)) {
      ran.push(line);
      // `a && b`, as a shell runs it: b only when a succeeded.
      const elsewhere = ANOTHER_CLONE.test(line);
      for (const part of line.replace(ANOTHER_CLONE, '').split(' && ')) {
        const args = fillPlaceholders(shellWords(part).slice(1), note);
        const step = elsewhere ? runInAnotherClone(journey, args) : journey.pg(args);
        if (step.code === 2 || step.code === 3 || step.code === -1)
          throw new Error(
            `a next: line does not run as printed: ${line}\n${describeLog(journey.log, 2)}`,
          );
        if (step.code !== 0) break;
      }
    }
  }
  throw new Error(
    `the project claim was still refused after ${maxRounds} rounds\n${describeLog(journey.log)}`,
  );
}
