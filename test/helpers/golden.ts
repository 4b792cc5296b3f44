// Golden transcripts through the built CLI (bin/proofgate.js): the command line, stdout, stderr
// and the exit code of one run on a real temporary git repository, with every value that differs
// between runs or machines replaced by a named placeholder (temp paths, host, hashes, durations,
// sizes). The clock is fixed with PROOFGATE_NOW and each repository's clone id is pinned, so a
// transcript differs only when the CLI's behaviour does.
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BIN } from './cli.ts';
import { makeGateRepo, type GateRepo } from './gate-repo.ts';
import { makeTempDir } from './git-repo.ts';

/** The fixed clock of every golden run. */
export const GOLDEN_NOW = '2026-01-02T03:04:05.000Z';

/** The pinned clone ids (see pinCloneId): the repository's own, and an auditor's clone. */
export const CLONE_A = 'c1000001';
export const CLONE_B = 'c2000002';

/** A temporary path in the output and the placeholder that replaces it, e.g. `['/tmp/x', '<repo>']`. */
export type PathLabel = readonly [path: string, label: string];

export interface GoldenRun {
  /** Where the CLI runs (the repository, unless the case is about something else). */
  cwd: string;
  /** $HOME of the run: a temporary directory of the case, never the user's. */
  home: string;
  /** Temporary paths to name in the transcript; the first match wins, so list deeper ones first. */
  paths: readonly PathLabel[];
  env?: Record<string, string>;
  stdin?: string;
}

/**
 * Replaces what differs between runs and machines, and nothing else: each named temp path (and
 * its real path), the pinned clone ids, the host name (as a whole word), a ledger segment's id,
 * key fingerprints, 64-, 40- and 7-to-12-hex ids (digests, commits, entry and key ids),
 * durations, the report's size, the skill's file count and the ledger byte counts and offsets in
 * findings (an entry holds the host name, so its length varies with the machine). Words,
 * statuses, other counts, output sizes, line numbers and exit codes stay. The one normaliser of
 * every golden transcript, spawned or in-process.
 */
export function normaliseGolden(text: string, paths: readonly PathLabel[]): string {
  let out = text;
  for (const [path, label] of paths) {
    for (const variant of new Set([realpathSync(path), path])) out = out.split(variant).join(label);
  }
  return (
    out
      .replace(new RegExp(`(?<![\\w.-])${escapeRegExp(hostname())}(?![\\w-])`, 'g'), '<host>')
      // A handoff blocker's id digests its reason, which holds a duration.
      .replace(/\bBLK-[0-9a-f]{16}\b/g, 'BLK-<id>')
      .replace(/SHA256:[A-Za-z0-9+/]{43}/g, 'SHA256:<fingerprint>')
      .replace(/fork point [0-9a-f]{7}\b/g, 'fork point <commit>')
      .replace(/\b[0-9a-f]{64}\b/g, '<sha256>')
      .replace(/\b[0-9a-f]{40}\b/g, '<sha1>')
      .replaceAll(CLONE_A, '<clone-a>')
      .replaceAll(CLONE_B, '<clone-b>')
      // An unpinned clone id names the segment.
      .replace(/\b[0-9a-f]{8}(?=-main\b)/g, '<ledger>')
      .replace(/\b[0-9a-f]{7,12}\b/g, '<hash>')
      // The skill's file count follows the shipped pages, not the change under test.
      .replace(/\d+ (file\(s\) )?written/g, '<n> $1written')
      .replace(/\b\d+ ?ms\b/g, '<n>ms')
      .replace(/\b\d+(\.\d+)? s\b/g, '<n> s')
      .replace(/"(duration_ms|durationMs|bytes)": \d+/g, '"$1": <n>')
      .replace(/\(\d+ KB, /g, '(<n> KB, ')
      .replace(/\bat byte \d+/g, 'at byte <n>')
      .replace(/has \d+ bytes, fewer than the \d+/g, 'has <n> bytes, fewer than the <n>')
  );
}

/** A run's Markdown transcript: its command line, stdin, stdout, stderr and exit code. */
function formatTranscript(
  args: readonly string[],
  result: { stdout: string; stderr: string; exit: string },
  paths: readonly PathLabel[],
  stdin?: string,
): string {
  const shown = normaliseGolden(args.map(quoteArg).join(' '), paths);
  const given =
    stdin === undefined ? '' : `## stdin\n\n\`\`\`\n${normaliseGolden(stdin, paths)}\n\`\`\`\n\n`;
  const block = (text: string): string => {
    const body = normaliseGolden(text, paths);
    return `\`\`\`\n${body}${body === '' || body.endsWith('\n') ? '' : '\n'}\`\`\``;
  };
  return `# proofgate ${shown}\n\n${given}## stdout\n\n${block(result.stdout)}\n\n## stderr\n\n${block(result.stderr)}\n\nExit code: ${result.exit}\n`;
}

/** Runs bin/proofgate.js with `args` and returns its Markdown transcript. */
export function goldenTranscript(args: readonly string[], run: GoldenRun): string {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: run.cwd,
    encoding: 'utf8',
    input: run.stdin ?? '',
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: run.home,
      NO_COLOR: '1',
      TZ: 'UTC',
      USER: 'dev',
      PROOFGATE_NOW: GOLDEN_NOW,
      ...run.env,
    },
  });
  const exit = `${result.status ?? `signal ${result.signal ?? '?'}`}`;
  return formatTranscript(args, { ...result, exit }, run.paths, run.stdin);
}

/**
 * The transcript of `proofgate <args>` dispatched in-process in `repo` (GateRepo.run: the
 * sources, not the bundle) at the golden clock, with its exit code; `repo.dir` shows as `<repo>`
 * after the other `paths`.
 */
export async function inProcessTranscript(
  repo: GateRepo,
  args: readonly string[],
  options: { paths?: readonly PathLabel[]; env?: Record<string, string> } = {},
): Promise<{ text: string; code: number }> {
  const { code, out, err } = await repo.run([...args], options.env ?? {}, GOLDEN_NOW);
  const paths: PathLabel[] = [...(options.paths ?? []), [repo.dir, '<repo>']];
  return {
    text: formatTranscript(args, { stdout: out, stderr: err, exit: `${code}` }, paths),
    code,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * Pins the clone id of `dir` (scripts/lib/io/repo/clone-id.ts): its segments are then named
 * `<id>-<branch>` on every run, where a fresh random id would reorder sorted segment lists.
 */
export function pinCloneId(dir: string, id: string): void {
  const common = realpathSync(join(dir, '.git'));
  mkdirSync(join(common, 'proofgate'), { recursive: true });
  writeFileSync(
    join(common, 'proofgate', 'clone-id'),
    `${id}\nino:${statSync(common).ino} ${common}\n`,
  );
}

export interface GoldenRepo extends GateRepo {
  /** $HOME of every run of this repository (keys live under it unless PROOFGATE_KEY_DIR says otherwise). */
  home: string;
  /** Another temporary directory of the case, shown as `<out>` (trust files, envelopes, reports). */
  out: string;
  /** The transcript of `proofgate <args>` run in the repository. */
  transcript(
    args: readonly string[],
    options?: { env?: Record<string, string>; stdin?: string },
  ): string;
}

/**
 * A gate repository (test/helpers/gate-repo.ts) with a pinned clone id, a home and an output
 * directory of its own; `run` is the in-process setup at the golden clock, `transcript` the built
 * CLI. `remove` deletes all three directories.
 */
export function makeGoldenRepo(...args: Parameters<typeof makeGateRepo>): GoldenRepo {
  const repo = makeGateRepo(...args);
  pinCloneId(repo.dir, CLONE_A);
  const home = makeTempDir('pg-golden-home-');
  const out = makeTempDir('pg-golden-out-');
  const paths: PathLabel[] = [
    [home, '<home>'],
    [out, '<out>'],
    [repo.dir, '<repo>'],
  ];
  return {
    ...repo,
    home,
    out,
    run: (argv, env = {}, now = GOLDEN_NOW) => repo.run(argv, { HOME: home, ...env }, now),
    transcript: (argv, options = {}) =>
      goldenTranscript(argv, { cwd: repo.dir, home, paths, ...options }),
    remove() {
      repo.remove();
      rmSync(home, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    },
  };
}
