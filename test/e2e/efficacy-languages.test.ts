// efficacy --mutate all on small Python and Rust projects of our own (test/fixtures/
// efficacy-projects, each with its ABOUT.md): the syntax-tree operators plant defects, the
// project's real test command runs in the temporary worktree and catches them, and a control that
// never fails is `ineffective`.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';
import { createEfficacyIO } from '../../scripts/lib/io/repo/temp-worktree.ts';
import { hasTool, readProjectFiles } from '../helpers/project-files.ts';
import { runCli } from '../helpers/cli.ts';

const repos: (GateRepo | TestRepo)[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

interface Measured {
  ok: boolean;
  results: {
    control: string;
    baseline: string;
    mutants: number;
    killed: number;
    survived: { file: string; line: number; operator: string }[];
  }[];
}

const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp' };

// Every site of the package (13, and 1 in makeGateRepo's src/app.js) is planted, not a sample.
const ALL_SITES = ['--mutate', 'all', '--max-mutants', '20'];

// The tests import `percentkit` from src/: put it on the path, then discover tests/.
const UNITTEST =
  "import sys, unittest; sys.path.insert(0, 'src'); unittest.main(module=None, argv=['unittest', 'discover', '-s', 'tests', '-t', '.'])";

describe.skipIf(!hasTool('python3', '--version'))('Python: a src-layout package, unittest', () => {
  it('plants every operator site, the unittest control kills all but the equivalent and untested ones, an import-only control is ineffective', async () => {
    const r = makeGateRepo(
      [
        {
          id: 'unit',
          execution: `{ type: command, argv: [python3, -c, ${JSON.stringify(UNITTEST)}] }`,
          inputs: ['src/**', 'tests/**'],
        },
        {
          id: 'imports',
          execution: `{ type: command, argv: [python3, -c, "import sys; sys.path.insert(0, 'src'); import percentkit.clamp"] }`,
          inputs: ['src/**'],
        },
      ],
      { files: readProjectFiles('python-src-unittest') },
    );
    repos.push(r);
    const before = readFileSync(join(r.dir, 'src/percentkit/clamp.py'), 'utf8');
    const run = await r.run(['efficacy', '--control', 'unit', ...ALL_SITES, '--json'], env);
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as Measured;
    // clamp.py's twelve sites are caught but three: `value < 0` shifted to `<=` and `value > 100`
    // to `>=` are equivalent (the bound is returned either way), and `value < 1` is not tested
    // (no value between 0 and 1); `main()` in __init__.py, which no test calls, survives being
    // emptied, and so does the `1` of makeGateRepo's src/app.js, which nothing imports.
    expect(json.results[0]?.survived).toEqual([
      { file: 'src/app.js', line: 1, operator: 'flip-literal' },
      { file: 'src/percentkit/__init__.py', line: 4, operator: 'empty-function' },
      { file: 'src/percentkit/clamp.py', line: 2, operator: 'shift-boundary' },
      { file: 'src/percentkit/clamp.py', line: 2, operator: 'flip-literal' },
      { file: 'src/percentkit/clamp.py', line: 4, operator: 'shift-boundary' },
    ]);
    expect(json.results[0]).toMatchObject({ baseline: 'PASS', mutants: 14, killed: 9 });
    expect(run.code).toBe(1);
    const weak = await r.run(['efficacy', '--control', 'imports', ...ALL_SITES, '--json'], env);
    const w = JSON.parse(weak.out) as Measured;
    expect(weak.code).toBe(1);
    const survivors = w.results[0]?.survived.map((s) => `${s.file}:${s.line} ${s.operator}`);
    expect(survivors).toHaveLength(14);
    expect(new Set(survivors).size).toBe(14);
    expect(w.results[0]).toMatchObject({ baseline: 'PASS', mutants: 14, killed: 0 });
    const status = await r.run(['status'], env);
    expect(status.out).toMatch(/efficacy: .*imports ineffective/);
    // the installed CLI (the bundle) loads its own copy of the parser from dist/tree-sitter/
    const built = runCli(['efficacy', '--root', r.dir, '--control', 'unit', ...ALL_SITES]);
    expect(built.stderr).toBe('');
    expect(built.stdout.split('\n')[0]).toBe(
      'WEAK mutate:all: 9 of 14 seeded defects caught by 1 control(s)',
    );
    expect(readFileSync(join(r.dir, 'src/percentkit/clamp.py'), 'utf8')).toBe(before);
  }, 300_000);

  it('each mutant written in place gets a whole second of its own, so Python never runs the cached bytecode of the one before', async () => {
    const r = makeRepo({ 'limit.py': 'LIMIT = 1\n' });
    repos.push(r);
    const eio = createEfficacyIO();
    const read = (dir: string) =>
      execFileSync('python3', ['-c', 'import limit; print(limit.LIMIT)'], { cwd: dir, env })
        .toString()
        .trim();
    const seconds = (dir: string) => Math.floor(statSync(join(dir, 'limit.py')).mtimeMs / 1000);
    const seen = await eio.withWorktree(r.dir, async (w) => {
      // compiled to __pycache__/limit.cpython-*.pyc, keyed on the source's whole seconds and bytes
      const values = [read(w.dir)];
      const stamps = [seconds(w.dir)];
      // planted and undone back to back (milliseconds apart), every version of the same length
      for (const text of ['LIMIT = 2\n', 'LIMIT = 1\n', 'LIMIT = 3\n']) {
        const before = Date.now();
        await eio.writeText(w, 'limit.py', text);
        const stamp = seconds(w.dir);
        // never before the write: a build output newer than an earlier version stays stale
        expect(stamp).toBeGreaterThanOrEqual(Math.floor(before / 1000));
        stamps.push(stamp);
      }
      values.push(read(w.dir));
      await eio.writeText(w, 'limit.py', 'LIMIT = 1\n');
      values.push(read(w.dir));
      return { values, stamps };
    });
    expect(new Set(seen.stamps).size).toBe(seen.stamps.length);
    expect(seen.stamps).toEqual([...seen.stamps].sort((a, b) => a - b));
    expect(seen.values).toEqual(['1', '3', '1']);
  });
});

describe.skipIf(!hasTool('cargo', '--version'))('Rust: a crate with unit tests', () => {
  it('plants defects that still compile; cargo test catches three, the survivors are recorded, cargo check is ineffective', async () => {
    const r = makeGateRepo(
      [
        {
          id: 'cargo-test',
          execution:
            '{ type: command, argv: [cargo, test, --lib, --offline, -q], timeout_seconds: 600 }',
          // the unit tests of src/tests.rs exercise span.rs (its #[test] items are never mutated)
          inputs: ['src/span.rs', 'src/tests.rs'],
        },
        {
          id: 'cargo-check',
          execution:
            '{ type: command, argv: [cargo, check, --lib, --offline, -q], timeout_seconds: 600 }',
          inputs: ['src/span.rs', 'src/tests.rs'],
        },
      ],
      { files: readProjectFiles('rust-crate-unit-tests') },
    );
    repos.push(r);
    const args = ['--mutate', 'all', '--max-mutants', '4', '--json'];
    const run = await r.run(['efficacy', '--control', 'cargo-test', ...args], env);
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as Measured;
    const result = json.results[0];
    expect(result?.baseline).toBe('PASS');
    expect(result?.mutants).toBe(4);
    // the three planted in unit-tested functions are caught; Span::parse is not unit-tested: its
    // dropped early return survives
    expect(result?.killed).toBe(3);
    expect(result?.survived).toEqual([{ file: 'src/span.rs', line: 35, operator: 'drop-return' }]);
    // a build that only type-checks never fails on a mutant that compiles: ineffective, on every
    // one of span.rs's 22 sites (each of which compiles, or cargo check would catch it)
    const every = ['--mutate', 'all', '--max-mutants', '40', '--json'];
    const check = await r.run(['efficacy', '--control', 'cargo-check', ...every], env);
    const c = JSON.parse(check.out) as Measured;
    expect(check.code).toBe(1);
    expect(c.results[0]).toMatchObject({ baseline: 'PASS', mutants: 22, killed: 0 });
  }, 600_000);
});
