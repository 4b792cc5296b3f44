// efficacy against real git and real processes: every built-in operator plants a defect that a
// real node:test control catches; a control that asserts nothing catches none; a seeded bad trace
// is blocked; and the user's working tree and index are byte-identical afterwards, also when the
// control times out or the run is interrupted.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  findMutationSites,
  MUTATION_OPERATORS,
} from '../../scripts/lib/core/efficacy/operators.ts';
import { efficacyStatus } from '../../scripts/lib/core/efficacy/efficacy-status.ts';
import {
  runEfficacyFlow,
  type EfficacyMethod,
  type EfficacyOptions,
} from '../../scripts/lib/flows/efficacy/efficacy-flow.ts';
import type { World } from '../../scripts/lib/core/world/world.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { createEfficacyIO } from '../../scripts/lib/io/repo/temp-worktree.ts';
import { createTestContext } from '../helpers/context.ts';
import { BIN, runCli, WORKTREE } from '../helpers/cli.ts';
import { makeRepo, makeTempDir, type TestRepo } from '../helpers/git-repo.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import { efficacyFixture } from '../helpers/efficacy-fixture.ts';
import type { EfficacyIO } from '../../scripts/lib/core/ports.ts';

const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp' };
const actor = { label: 'test', authority: 'virtual:developer', context: 'local:test' };
let repo: TestRepo;

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

beforeAll(() => {
  repo = makeRepo();
  efficacyFixture(repo, manifestYaml());
});
afterAll(() => repo.remove());

/** Everything the user could lose: the index bytes, git's view and the edited files (the ledger
 * under .proofgate/evidence/ is where efficacy records, so it is left out). */
function snapshot(r: TestRepo) {
  return {
    index: readFileSync(join(r.dir, '.git', 'index')).toString('base64'),
    // --no-optional-locks: a plain `git status` may itself rewrite the index's stat cache.
    status: r
      .git('--no-optional-locks', 'status', '--porcelain', '--untracked-files=all')
      .split('\n')
      .filter((line) => !line.includes('.proofgate/evidence/'))
      .join('\n'),
    worktrees: r.git('worktree', 'list', '--porcelain'),
    math: readFileSync(join(r.dir, 'src', 'math.js'), 'utf8'),
    extra: readFileSync(join(r.dir, 'test', 'extra.test.js'), 'utf8'),
  };
}

/** The real EfficacyIO, remembering the worktree directories it made. */
function trackedEfficacyIO(dirs: string[]): EfficacyIO {
  const real = createEfficacyIO();
  return {
    ...real,
    withWorktree: (root, fn) =>
      real.withWorktree(root, (w) => {
        dirs.push(w.dir);
        return fn(w);
      }),
  };
}

async function measure(
  controls: string[],
  method: EfficacyMethod,
  io?: World,
  dirs: string[] = [],
) {
  const ctx = createTestContext({ cwd: repo.dir, env });
  const options: EfficacyOptions = { root: repo.dir, controls, method, actor };
  return runEfficacyFlow(options, ctx, io ?? openWorld(ctx), trackedEfficacyIO(dirs));
}

const mutate = (
  operator: Extract<EfficacyMethod, { kind: 'mutate' }>['operator'],
  maxMutants = 20,
) => ({ kind: 'mutate', operator, maxMutants, seed: 1 }) as const;

describe('efficacy', () => {
  test('every operator plants defects, and the node:test control catches every one', async () => {
    const before = snapshot(repo);
    const dirs: string[] = [];
    const sites = findMutationSites(
      'src/math.js',
      readFileSync(join(repo.dir, 'src/math.js'), 'utf8'),
      MUTATION_OPERATORS,
    );
    for (const op of MUTATION_OPERATORS)
      expect(sites.filter((s) => s.operator === op).length).toBeGreaterThan(0);
    const result = await measure(['tests'], mutate('all', 100), undefined, dirs);
    const [r] = result.results;
    expect(r).toMatchObject({ baseline: 'PASS', mutants: sites.length, killed: sites.length });
    expect(r).toMatchObject({ survived: [], inconclusive: 0 });
    expect(result.ok).toBe(true);
    expect(snapshot(repo)).toEqual(before);
    expect(dirs.length).toBe(1);
    expect(dirs.every((d) => !existsSync(d))).toBe(true);
  });

  test('a control that asserts nothing catches none, and the ledger says so', async () => {
    const result = await measure(['weak'], mutate('all', 4));
    const [r] = result.results;
    expect(result.ok).toBe(false);
    expect(r).toMatchObject({ baseline: 'PASS', mutants: 4, killed: 0, inconclusive: 0 });
    expect(r?.survived).toHaveLength(4);
    expect(r?.survived.every((s) => s.file === 'src/math.js' && s.line > 0)).toBe(true);
    const ctx = createTestContext({ cwd: repo.dir, env });
    const io = openWorld(ctx);
    const entries = await io.readEntries(await io.loadPlane(repo.dir));
    expect(efficacyStatus(entries, 'weak')).toMatchObject({ status: 'ineffective', killed: 0 });
    expect(efficacyStatus(entries, 'tests')).toMatchObject({ status: 'proven' });
    expect(efficacyStatus(entries, 'trace')).toMatchObject({ status: 'unproven' });
  });

  test('the same seed plants the same defects; another seed picks others', async () => {
    const a = await measure(['weak'], mutate('all', 3));
    const b = await measure(['weak'], mutate('all', 3));
    const c = await measure(['weak'], { ...mutate('all', 3), seed: 2 });
    expect(a.results[0]?.survived).toEqual(b.results[0]?.survived);
    expect(c.results[0]?.survived).not.toEqual(a.results[0]?.survived);
  });

  test('a patch seeding a bad trace is blocked by the trace control', async () => {
    const before = snapshot(repo);
    const result = await measure(['trace'], { kind: 'patch', path: 'bad-trace.patch' });
    expect(result.results[0]).toMatchObject({ baseline: 'PASS', mutants: 1, killed: 1 });
    expect(result.results[0]?.patch).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshot(repo)).toEqual(before);
  });

  test('a patch that does not apply is a usage error and leaves nothing behind', async () => {
    const before = snapshot(repo);
    const dirs: string[] = [];
    await expect(
      measure(['tests'], { kind: 'patch', path: 'stale.patch' }, undefined, dirs),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', exitCode: 2 });
    expect(snapshot(repo)).toEqual(before);
    expect(dirs.every((d) => !existsSync(d))).toBe(true);
  });

  test('a control that times out on the baseline is not measured; nothing is touched', async () => {
    const before = snapshot(repo);
    const result = await measure(['slow'], mutate('all', 2));
    expect(result.results[0]).toMatchObject({ baseline: 'FAIL', mutants: 0 });
    expect(result.results[0]?.entry).toBeUndefined();
    expect(result.ok).toBe(false);
    expect(snapshot(repo)).toEqual(before);
  }, 20_000);

  test('an interruption mid-run (a throw while a mutant is planted) cleans up', async () => {
    const before = snapshot(repo);
    const ctx = createTestContext({ cwd: repo.dir, env });
    const real = openWorld(ctx);
    let calls = 0;
    const io: World = {
      ...real,
      runCommand: (request) => {
        calls += 1;
        if (calls === 2) throw new Error('interrupted');
        return real.runCommand(request);
      },
    };
    const dirs: string[] = [];
    await expect(measure(['tests'], mutate('all', 3), io, dirs)).rejects.toThrow('interrupted');
    expect(calls).toBe(2);
    expect(snapshot(repo)).toEqual(before);
    expect(dirs.length).toBe(1);
    expect(existsSync(dirs[0] ?? '')).toBe(false);
  });

  test('manual controls and --mutate on a trace control are refused before anything runs', async () => {
    await expect(measure(['review'], mutate('all'))).rejects.toMatchObject({ exitCode: 2 });
    await expect(measure(['trace'], mutate('all'))).rejects.toMatchObject({ exitCode: 2 });
  });

  test('no operator for the language (a Go control): the ways left are a patch or a report, not the same command', () => {
    const run = runCli(['efficacy', '--root', repo.dir, '--control', 'gotests', '--mutate', 'all']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no all mutation site in gotests');
    expect(run.stderr).toContain('"proofgate efficacy --control gotests --patch defect.patch"');
    expect(run.stderr).toContain('JS/TS, Python and Rust only');
    expect(run.stderr).toContain(
      '"proofgate efficacy --control gotests --from-report mutants.out/outcomes.json"',
    );
    expect(run.stderr).not.toMatch(/try --mutate all/);
    // a single operator with no site still points at --mutate all, which widens the search
    const one = runCli([
      ...['efficacy', '--root', repo.dir, '--control', 'gotests', '--mutate', 'flip-comparison'],
    ]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('"proofgate efficacy --control gotests --mutate all"');
  });

  test('SIGINT to the CLI mid-run kills the control, removes the worktree and dies of SIGINT', async () => {
    const before = snapshot(repo);
    const home = makeTempDir('pg-efficacy-home-');
    const child = spawn(
      process.execPath,
      [BIN, 'efficacy', '--root', repo.dir, '--control', 'sleepy', '--mutate', 'all'],
      {
        cwd: WORKTREE,
        env: { PATH: env.PATH, HOME: home, NO_COLOR: '1', TZ: 'UTC' },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((done) =>
      child.on('exit', (_code, signal) => done(signal)),
    );
    const pidFile = join(home, 'sleepy.pid');
    for (let i = 0; i < 300 && !existsSync(pidFile); i += 1) await sleep(50);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const during = repo.git('worktree', 'list', '--porcelain');
    expect(during.match(/^worktree /gm)).toHaveLength(2);
    child.kill('SIGINT');
    expect(await exited).toBe('SIGINT');
    // The group was signalled before the CLI re-raised SIGINT; on a loaded machine the control
    // may need a moment to act on it.
    for (let i = 0; i < 100 && isAlive(pid); i += 1) await sleep(20);
    expect(isAlive(pid)).toBe(false);
    const tempDir = /worktree (\S*proofgate-efficacy-\S+)/.exec(during)?.[1] ?? '';
    expect(tempDir).not.toBe('');
    expect(existsSync(tempDir)).toBe(false);
    expect(snapshot(repo)).toEqual(before);
    rmSync(home, { recursive: true, force: true });
  });

  test('the CLI: verdict first, exit 1 for a weak control, exit 2 for both methods', () => {
    const weak = runCli([
      'efficacy',
      '--root',
      repo.dir,
      '--control',
      'weak',
      '--mutate',
      'all',
      '--max-mutants',
      '2',
    ]);
    expect(weak.code).toBe(1);
    expect(weak.stdout.split('\n')[0]).toBe(
      'WEAK mutate:all: 0 of 2 seeded defects caught by 1 control(s)',
    );
    expect(weak.stdout).toMatch(/survived \S+ at src\/math\.js:\d+/);
    const both = runCli([
      'efficacy',
      '--root',
      repo.dir,
      '--control',
      'tests',
      '--mutate',
      'all',
      '--patch',
      'x',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      'give exactly one of --mutate <operator>, --patch <file> or --from-report <file>',
    );
  });
});
