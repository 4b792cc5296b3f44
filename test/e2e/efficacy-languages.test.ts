// efficacy --mutate all on real public Python and Rust projects (test/fixtures/efficacy-real,
// each with its SOURCE.md): the syntax-tree operators plant defects, the real test command runs in
// the temporary worktree and catches them, and a control that never fails is `ineffective`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { hasTool, realFixture } from '../helpers/real-fixture.ts';
import { runCli } from '../helpers/cli.ts';

const repos: GateRepo[] = [];
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

// sampleproject's tests import `sample` from src/: put it on the path, then discover tests/.
const UNITTEST =
  "import sys, unittest; sys.path.insert(0, 'src'); unittest.main(module=None, argv=['unittest', 'discover', '-s', 'tests', '-t', '.'])";

describe.skipIf(!hasTool('python3', '--version'))('Python: pypa/sampleproject', () => {
  it('plants every operator site, the unittest control kills them, an import-only control is ineffective', async () => {
    const r = makeGateRepo(
      [
        {
          id: 'unit',
          execution: `{ type: command, argv: [python3, -c, ${JSON.stringify(UNITTEST)}] }`,
          inputs: ['src/**', 'tests/**'],
        },
        {
          id: 'imports',
          execution: `{ type: command, argv: [python3, -c, "import sys; sys.path.insert(0, 'src'); import sample.simple"] }`,
          inputs: ['src/**'],
        },
      ],
      { files: realFixture('sampleproject') },
    );
    repos.push(r);
    const before = readFileSync(join(r.dir, 'src/sample/simple.py'), 'utf8');
    const run = await r.run(['efficacy', '--control', 'unit', '--mutate', 'all', '--json'], env);
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as Measured;
    // simple.py's two sites (`return number + 1` dropped to `return None`, the body emptied to
    // `pass`) are caught; `main()` in __init__.py, which no test calls, survives being emptied.
    expect(json.results[0]).toMatchObject({ baseline: 'PASS', mutants: 3, killed: 2 });
    expect(json.results[0]?.survived).toEqual([
      { file: 'src/sample/__init__.py', line: 3, operator: 'empty-function' },
    ]);
    expect(run.code).toBe(1);
    const weak = await r.run(
      ['efficacy', '--control', 'imports', '--mutate', 'all', '--json'],
      env,
    );
    const w = JSON.parse(weak.out) as Measured;
    expect(weak.code).toBe(1);
    expect(w.results[0]).toMatchObject({ baseline: 'PASS', mutants: 3, killed: 0 });
    expect(w.results[0]?.survived.map((s) => [s.file, s.line, s.operator])).toEqual([
      ['src/sample/__init__.py', 3, 'empty-function'],
      ['src/sample/simple.py', 2, 'empty-function'],
      ['src/sample/simple.py', 2, 'drop-return'],
    ]);
    const status = await r.run(['status'], env);
    expect(status.out).toMatch(/efficacy: .*imports ineffective/);
    // the installed CLI (the bundle) loads its own copy of the parser from dist/tree-sitter/
    const built = runCli(['efficacy', '--root', r.dir, '--control', 'unit', '--mutate', 'all']);
    expect(built.stderr).toBe('');
    expect(built.stdout.split('\n')[0]).toBe(
      'WEAK mutate:all: 2 of 3 seeded defects caught by 1 control(s)',
    );
    expect(readFileSync(join(r.dir, 'src/sample/simple.py'), 'utf8')).toBe(before);
  }, 60_000);
});

describe.skipIf(!hasTool('cargo', '--version'))('Rust: cuviper/autocfg', () => {
  it('plants defects that still compile; cargo test catches one, the survivors are recorded, cargo check is ineffective', async () => {
    const r = makeGateRepo(
      [
        {
          id: 'cargo-test',
          execution:
            '{ type: command, argv: [cargo, test, --lib, --offline, -q], timeout_seconds: 600 }',
          // the unit tests of src/tests.rs exercise version.rs (its #[test] items are never mutated)
          inputs: ['src/version.rs', 'src/tests.rs'],
        },
        {
          id: 'cargo-check',
          execution:
            '{ type: command, argv: [cargo, check, --lib, --offline, -q], timeout_seconds: 600 }',
          inputs: ['src/version.rs', 'src/tests.rs'],
        },
      ],
      { files: realFixture('autocfg') },
    );
    repos.push(r);
    const args = ['--mutate', 'all', '--max-mutants', '4', '--json'];
    const run = await r.run(['efficacy', '--control', 'cargo-test', ...args], env);
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as Measured;
    const result = json.results[0];
    expect(result?.baseline).toBe('PASS');
    expect(result?.mutants).toBe(4);
    // Version::new emptied to `unimplemented!()` makes version_cmp panic: caught. from_command is
    // not unit-tested: its emptied body, negated condition and dropped early return survive.
    expect(result?.killed).toBe(1);
    expect(result?.survived).toEqual([
      { file: 'src/version.rs', line: 24, operator: 'empty-function' },
      { file: 'src/version.rs', line: 30, operator: 'negate-condition' },
      { file: 'src/version.rs', line: 31, operator: 'drop-return' },
    ]);
    // a build that only type-checks never fails on a mutant that compiles: ineffective
    const check = await r.run(['efficacy', '--control', 'cargo-check', ...args], env);
    const c = JSON.parse(check.out) as Measured;
    expect(check.code).toBe(1);
    expect(c.results[0]).toMatchObject({ baseline: 'PASS', mutants: 4, killed: 0 });
  }, 600_000);
});
