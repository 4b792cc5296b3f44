// A newcomer's journey on a copy of a project, through the installed package: the copy is
// committed as its own git repository, every command is the installed bin, and the way forward is
// read from the `next:` lines the tool prints (as a person following them would).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir, openRepo } from './git-repo.ts';
import type { TestRepo } from './git-repo.ts';
import { STACK_TRACE } from './packed.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/journeys/', import.meta.url));

export interface Run {
  args: string[];
  /** A printed line run through a shell, as given (args is then empty). */
  line?: string;
  code: number;
  stdout: string;
  stderr: string;
}

export interface Journey {
  repo: TestRepo;
  /** Runs the installed bin in the copy (or in `cwd`, another clone of it). */
  pg(args: readonly string[], cwd?: string): Run;
  /**
   * Runs a printed command line with `sh -c` in the copy (or in `cwd`, another clone of it), from
   * a PATH with no proofgate on it.
   */
  shell(line: string, cwd?: string): Run;
  /** Every command run so far, for the failure message and the stack-trace check. */
  log: Run[];
  /** git add -A && git commit, as the newcomer does at the commit points. */
  commit(message: string): void;
  remove(): void;
  /**
   * Directories the auditor's clone links from the copy (git-ignored installs such as
   * node_modules: what `npm ci` would give the auditor, without the network).
   */
  installed: readonly string[];
}

/** Copies test/fixtures/journeys/<name> into a fresh repository with one commit. */
export function startJourney(name: string, bin: string): Journey {
  return startJourneyFrom(join(FIXTURES, name), name, bin);
}

/**
 * Copies the working tree at `source` (its `.git` and the files named in `leaveOut` aside; ignored
 * files such as an installed node_modules come along) into a fresh repository on `main` with one
 * commit. `env` adds to the commands' environment (a toolchain's home, say).
 */
export function startJourneyFrom(
  source: string,
  name: string,
  bin: string,
  options: {
    leaveOut?: readonly string[];
    env?: Record<string, string>;
    installed?: readonly string[];
  } = {},
): Journey {
  const repo = openRepo(makeTempDir(`pg-journey-${name}-`));
  const leaveOut = new Set(['.git', ...(options.leaveOut ?? [])].map((f) => join(source, f)));
  cpSync(source, repo.dir, { recursive: true, filter: (from) => !leaveOut.has(from) });
  repo.git('init', '-q', '-b', 'main');
  repo.commit(`import ${name}`);
  const home = mkdtempSync(join(tmpdir(), 'pg-journey-home-'));
  const log: Run[] = [];
  const env = { ...options.env, HOME: home, NO_COLOR: '1', TZ: 'UTC', USER: 'alice' };
  return {
    repo,
    log,
    pg(args, cwd = repo.dir) {
      const run = spawnSync(bin, args, {
        cwd,
        encoding: 'utf8',
        input: '',
        env: { PATH: process.env['PATH'] ?? '', ...env },
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
    shell(line, cwd = repo.dir) {
      const run = runInShell(line, cwd, env);
      const result = {
        args: [],
        line,
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
    installed: options.installed ?? [],
    remove() {
      repo.remove();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** How a printed command starts proofgate: `npx proofgate`, `node <bin>`, or bare. */
const INVOCATION =
  /(?:npx proofgate|node (?:'[^']*\/bin\/proofgate\.js'|\S*\/bin\/proofgate\.js)|proofgate)(?= )/g;

/** A `next:` line an auditor runs in a clone of its own: `from a clone other than <id> (…): `. */
const ANOTHER_CLONE = /^from a clone other than [0-9a-f]{8} \([^)]*\): /;

/** The `next:` lines in `text` exactly as printed (the invocation included), without repeats. */
export function printedNextLines(text: string): string[] {
  const found = [
    ...text.matchAll(
      /^\s*(?:-\s*)?next: ((?:from a clone other than [0-9a-f]{8} \([^)]*\): )?(?:npx proofgate|node \S+\/bin\/proofgate\.js'?|proofgate) [^\n]+)$/gm,
    ),
  ].map((m) => m[1]!.trim());
  return [...new Set(found)];
}

/**
 * Runs a printed `line` as an auditor in a clone of its own does: the evidence so far committed,
 * the repository cloned, the line run there, its ledger segment committed and pulled back.
 */
function runInAnotherClone(journey: Journey, line: string): Run {
  journey.commit('evidence so far');
  const dir = join(makeTempDir('pg-journey-auditor-'), 'c');
  journey.repo.git('clone', '-q', journey.repo.dir, dir);
  for (const name of journey.installed) symlinkSync(join(journey.repo.dir, name), join(dir, name));
  const run = journey.shell(line, dir);
  openRepo(dir).commit('audit from the auditor clone');
  journey.repo.git('pull', '-q', '--no-rebase', dir, 'main');
  rmSync(join(dir, '..'), { recursive: true, force: true });
  return run;
}

/**
 * The commands of the `next:` lines in `text`, in order, without repeats, each invocation written
 * as a bare `proofgate` ("proofgate evaluate …") whatever the tool printed for this shell.
 */
export function nextCommands(text: string): string[] {
  return [...new Set(printedNextLines(text).map((line) => line.replace(INVOCATION, 'proofgate')))];
}

/** PATH without any directory that holds a `proofgate` command: a shell where it is not installed. */
function pathWithoutProofgate(): string {
  return (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !existsSync(join(dir, 'proofgate')))
    .join(delimiter);
}

/** Runs a printed command line with `sh -c` in `cwd`, from a PATH with no proofgate on it. */
export function runInShell(
  line: string,
  cwd: string,
  env: Record<string, string>,
): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('sh', ['-c', line], {
    cwd,
    encoding: 'utf8',
    input: '',
    env: { PATH: pathWithoutProofgate(), ...env },
  });
}

/** A placeholder a person fills in (`'<what was checked>'`) gets a real sentence. */
function fillPlaceholders(line: string, note: string): string {
  return line.replace(/'<[^'>]+>'|<[^\s>]+>/g, `'${note.replaceAll("'", '')}'`);
}

function shown(run: Run): string {
  return run.line ?? `proofgate ${run.args.join(' ')}`;
}

/** Outputs of the journey that contain a stack trace (there must be none). */
export function tracedOutputs(log: readonly Run[]): string[] {
  return log.filter((r) => STACK_TRACE.test(r.stdout + r.stderr)).map(shown);
}

export function describeLog(log: readonly Run[], last = 6): string {
  return log
    .slice(-last)
    .map((r) => `$ ${shown(r)}  → exit ${r.code}\n${r.stdout}${r.stderr}`)
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
    const verb = /^proofgate (evaluate|audit) /.test(
      line.replace(ANOTHER_CLONE, '').replace(INVOCATION, 'proofgate'),
    );
    if (!repeated || !verb) out.push(line);
    else if (!seen.has(bare)) {
      seen.add(bare);
      out.push(line, bare);
    }
  }
  return out;
}

/**
 * Asks for the project claim and, while it is refused, runs every `next:` line the refusal prints
 * as printed, through a shell with no proofgate on PATH (each must run: never exit 2, 3 or 127),
 * then asks again. Returns the rounds it took and the commands it ran (as `proofgate …`); throws
 * with the last outputs when the claim is not granted in `maxRounds`.
 */
export function followToProjectClaim(
  journey: Journey,
  note: string,
  maxRounds = 8,
): { rounds: number; ran: string[] } {
  return followToClaim(journey, ['claim', '--scope', 'project'], note, maxRounds);
}

/** As followToProjectClaim, for the claim `claimArgs` asks (a task claim, say). */
export function followToClaim(
  journey: Journey,
  claimArgs: readonly string[],
  note: string,
  maxRounds = 8,
): { rounds: number; ran: string[] } {
  const ran: string[] = [];
  for (let round = 1; round <= maxRounds; round++) {
    const claim = journey.pg(claimArgs);
    if (claim.code === 0) return { rounds: round, ran };
    const lines = printedNextLines(claim.stdout + claim.stderr);
    if (claim.code !== 1 || lines.length === 0)
      throw new Error(`the claim gave no way forward\n${describeLog(journey.log, 2)}`);
    for (const line of collapse(lines)) {
      ran.push(line.replace(INVOCATION, 'proofgate'));
      // `a && b` runs as a shell runs it: b only when a succeeded. A line an auditor runs in a
      // clone of its own runs there, its segment pulled back.
      const command = fillPlaceholders(line.replace(ANOTHER_CLONE, ''), note);
      const step = ANOTHER_CLONE.test(line)
        ? runInAnotherClone(journey, command)
        : journey.shell(command);
      if ([2, 3, 126, 127, -1].includes(step.code))
        throw new Error(
          `a next: line does not run as printed: ${line}\n${describeLog(journey.log, 2)}`,
        );
    }
  }
  throw new Error(
    `the claim (${claimArgs.join(' ')}) was still refused after ${maxRounds} rounds\n${describeLog(journey.log)}`,
  );
}
