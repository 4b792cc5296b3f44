// A synthetic 50k-file repository with a proofgate plane whose 5 controls are run and
// cross-audited (so `claim`, `status` and `hook stop` all answer "current PASS"), shared by the
// whole-process benches, plus a timer for one CLI process. Built once per bench process through
// the CLI itself, so it does not depend on how the flows are laid out inside.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import { crossAuditArgv } from '../helpers/audit-argv.ts';
import { spawnMeasured } from './child-usage.ts';
import type { Bench } from './harness.ts';

const FILES = 50_000;
const PER_DIR = 100;
export const ENV = {
  PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  HOME: process.env['HOME'] ?? '/tmp',
};
export const BIN = fileURLToPath(new URL('../../bin/proofgate.js', import.meta.url));
/**
 * A second `bin/proofgate.js` (e.g. built from the base commit into /tmp) measured beside this
 * one in the same run, so before/after figures share one machine state.
 */
export const PREVIOUS_BIN = process.env['PROOFGATE_PREVIOUS_BIN'];
export const STOP_PAYLOAD = JSON.stringify({ hook_event_name: 'Stop', stop_hook_active: false });

const control = (id: string): string => `  - id: ${id}
    title: ${id}
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: ['true'] }
    evidence_required: [command output]
`;

export function git(dir: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.name=b',
      '-c',
      'user.email=b@b',
      '-c',
      'gc.auto=0',
      '-c',
      'maintenance.auto=false',
      ...args,
    ],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    },
  );
}

/** Runs one CLI process to completion; throws on an exit code other than `expect`. */
/** The developer's `evaluate --run` every bench repository starts its ledger with. */
export const DEV_EVALUATE = [
  ...['evaluate', '--run', '--authority-id', 'virtual:developer'],
  ...['--execution-context', 'one'],
];

export function runCli(
  bin: string,
  dir: string,
  args: string[],
  input = '',
  expect = 0,
  env: Record<string, string> = {},
): void {
  const result = spawnMeasured(process.execPath, [bin, ...args], {
    cwd: dir,
    input,
    env: { ...ENV, ...env },
  });
  if (result.status !== expect) {
    throw new Error(`${args.join(' ')}: exit ${result.status}: ${result.stderr.toString()}`);
  }
}

/**
 * A fresh git repository in a temporary directory holding `files` files of ~1 KB (100 per
 * directory under src/), not committed yet. Removed when the bench process exits unless
 * `keep` is set (the caller's teardown removes it).
 */
export function syntheticRepo(prefix: string, files = FILES, keep = false): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (!keep)
    process.on('exit', () => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'gc.auto', '0'); // no background gc racing the benchmark or the cleanup
  for (let i = 0; i < files; i++) {
    const sub = join(dir, 'src', `d${Math.floor(i / PER_DIR)}`);
    if (i % PER_DIR === 0) mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `f${i}.ts`), `export const v${i} = ${i};\n`.repeat(30));
  }
  return dir;
}

let repo: Promise<string> | undefined;

/**
 * PROOFGATE_BENCH_UPSTREAM=1: the plane repository tracks an upstream (a bare `origin` it was
 * pushed to), so the verdicts also read the upstream's rules and prove the ledger against it, as
 * in a developer's clone.
 */
const WITH_UPSTREAM = process.env['PROOFGATE_BENCH_UPSTREAM'] === '1';

function pushToBareOrigin(dir: string): void {
  const origin = mkdtempSync(join(tmpdir(), 'proofgate-bench-origin-'));
  process.on('exit', () => rmSync(origin, { recursive: true, force: true, maxRetries: 10 }));
  git(origin, 'init', '-q', '--bare');
  git(dir, 'remote', 'add', 'origin', origin);
  git(dir, 'push', '-q', '-u', 'origin', 'HEAD:main');
}

export function getPlaneRepo(): Promise<string> {
  repo ??= Promise.resolve().then(() => {
    const dir = syntheticRepo('proofgate-bench-plane-');
    mkdirSync(join(dir, '.proofgate', 'controls'), { recursive: true });
    // Unsigned label audits count at prototype only; the bench measures speed, not key handling.
    writeFileSync(
      join(dir, '.proofgate', 'controls', 'manifest.yaml'),
      manifestYaml({ targetMaturity: 'prototype' }),
    );
    const registry = `version: 1\ncontrols:\n${['a', 'b', 'c', 'd', 'e'].map(control).join('')}`;
    writeFileSync(join(dir, '.proofgate', 'controls', 'registry.yaml'), registry);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'synthetic');
    runCli(BIN, dir, DEV_EVALUATE);
    runCli(BIN, dir, crossAuditArgv('two'));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'evidence');
    if (WITH_UPSTREAM) pushToBareOrigin(dir);
    return dir;
  });
  return repo;
}

let blockedRepo: Promise<string> | undefined;

/** The file a blocked stop's repository has edited: every result goes STALE, and the hook names it. */
export const BLOCK_EDIT = 'src/d0/f0.ts';

/** Edits BLOCK_EDIT in the plane repository `dir` (or a copy of it). */
export function editForBlock(dir: string): void {
  writeFileSync(join(dir, BLOCK_EDIT), 'export const v0 = -1;\n');
}

/**
 * A copy of the plane repository with BLOCK_EDIT edited, so every verdict blocks as STALE: the
 * block path measured round by round with the passing rows, while they keep the repository as it
 * was committed (no edit in it, no notes the blocked stops append).
 */
export function getBlockedPlaneRepo(): Promise<string> {
  blockedRepo ??= getPlaneRepo().then((plane) => {
    const dir = `${plane}-blocked`;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));
    execFileSync('cp', ['-a', plane, dir]);
    editForBlock(dir);
    git(dir, 'status', '--porcelain'); // the copy's index refreshed, as a developer's would be
    return dir;
  });
  return blockedRepo;
}

export const NODE_ROW = 'reference: bare node -e 0';
export const GIT_STATUS_ROW = 'reference: git status --porcelain, same 50k repository';

/** The two references every whole-process row is read against, measured in the same run. */
/**
 * The rows of the 50k-file plane measured round by round with the references (harness.ts
 * `interleave`): the floor and the verbs share the machine's state.
 */
export const PLANE_ROUNDS = 'the 50k-file plane, interleaved';

export function referenceBenches(runs: number): Bench[] {
  return [
    {
      name: NODE_ROW,
      runs,
      interleave: PLANE_ROUNDS,
      // Under the verbs' own environment (ENV): the bench's (NODE_EXTRA_CA_CERTS, say, which
      // loads a certificate bundle at start) made this floor ~50 ms slower than a verb's start.
      fn: () => {
        spawnMeasured(process.execPath, ['-e', '0'], { env: ENV });
        return Promise.resolve();
      },
    },
    {
      name: GIT_STATUS_ROW,
      runs,
      interleave: PLANE_ROUNDS,
      setup: getPlaneRepo,
      fn: (dir) => {
        const status = spawnMeasured('git', ['status', '--porcelain'], {
          cwd: dir as string,
          env: ENV,
        });
        if (status.status !== 0) throw new Error(`git status: exit ${status.status}`);
        return Promise.resolve();
      },
    },
  ];
}

const cacheStore = (dir: string): string => join(dir, '.git', 'proofgate-subject-cache.json');

/**
 * Whole-process rows for one verb on the 50k repository: this checkout's bundle with the subject
 * cache warm and with no cache entry (what the first call after a change pays), and the previous
 * bundle when PROOFGATE_PREVIOUS_BIN names one.
 */
export function processBenches(
  label: string,
  args: string[],
  options: { input?: string; targetMs: number; runs: number },
): Bench[] {
  const input = options.input ?? '';
  const target = { target: `<= ${options.targetMs} ms median`, targetMs: options.targetMs };
  const floor = [NODE_ROW, GIT_STATUS_ROW];
  const rows: Bench[] = [
    {
      name: `${label} via bin/proofgate.js, 50k files, subject cache warm`,
      ...target,
      baseline: GIT_STATUS_ROW,
      floor,
      runs: options.runs,
      interleave: PLANE_ROUNDS,
      setup: async () => {
        const dir = await getPlaneRepo();
        runCli(BIN, dir, args, input);
        return dir;
      },
      fn: (dir) => Promise.resolve(runCli(BIN, dir as string, args, input)),
    },
    {
      name: `${label} via bin/proofgate.js, 50k files, no cache entry`,
      ...target,
      baseline: GIT_STATUS_ROW,
      floor,
      runs: options.runs,
      interleave: PLANE_ROUNDS,
      setup: getPlaneRepo,
      fn: (dir) => {
        rmSync(cacheStore(dir as string), { force: true });
        runCli(BIN, dir as string, args, input);
        return Promise.resolve();
      },
    },
  ];
  if (PREVIOUS_BIN !== undefined) {
    const previous = PREVIOUS_BIN;
    rows.push({
      name: `${label} via the previous bundle (PROOFGATE_PREVIOUS_BIN), 50k files`,
      baseline: GIT_STATUS_ROW,
      floor,
      runs: options.runs,
      interleave: PLANE_ROUNDS,
      setup: getPlaneRepo,
      fn: (dir) => Promise.resolve(runCli(previous, dir as string, args, input)),
    });
  }
  return rows;
}
