// The inputs scan proposes per command, from the ecosystem's conventions: a test command's inputs
// hold every source and test file of its kind, its manifest, lockfile and test config, never a
// README; a lint command's its sources and lint config; an unknown command gets none (whole tree).
import { describe, expect, it } from 'vitest';
import { inputsRoleOf, proposeInputs } from '../../../scripts/lib/core/scan/propose-inputs.ts';
import { matchesGlob } from '../../../scripts/lib/core/shared/pathspec.ts';

const PYTHON = [
  'README.md',
  'pyproject.toml',
  'uv.lock',
  'pytest.ini',
  'ruff.toml',
  'src/calc/__init__.py',
  'src/calc/core.py',
  'src/calc/data/rates.json',
  'tests/test_core.py',
  'tests/fixtures/input.txt',
  'docs/index.md',
  '.github/workflows/ci.yml',
];
const RUST = ['README.md', 'Cargo.toml', 'Cargo.lock', 'src/lib.rs', 'tests/it.rs', 'clippy.toml'];
const GO = ['README.md', 'go.mod', 'go.sum', 'calc.go', 'calc_test.go', 'internal/x/x.go'];
const NPM = [
  'README.md',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vitest.config.ts',
  'eslint.config.js',
  'src/index.ts',
  'test/index.test.ts',
];

const covered = (globs: readonly string[], path: string): boolean =>
  globs.some((g) => matchesGlob(path, g));

describe('proposeInputs', () => {
  it('a Python test command: sources (whole package folders), tests, manifest, lockfile, test config', () => {
    const proposed = proposeInputs({ id: 'python:pytest', argv: ['pytest'] }, PYTHON, ['tests']);
    expect(proposed).toEqual({
      role: 'test',
      kinds: ['python'],
      globs: ['src', 'tests', '**/*.py', 'pyproject.toml', 'uv.lock', 'pytest.ini'],
    });
  });

  it('never covers the README, the docs or the CI files of a test command', () => {
    for (const [paths, candidate] of [
      [PYTHON, { id: 'python:pytest', argv: ['pytest'] }],
      [RUST, { id: 'cargo:test', argv: ['cargo', 'test'] }],
      [GO, { id: 'go:test', argv: ['go', 'test', './...'] }],
      [NPM, { id: 'npm:test', argv: ['npm', 'run', 'test'] }],
    ] as const) {
      const globs = proposeInputs(candidate, paths, ['tests', 'test'])?.globs ?? [];
      expect(globs.length, candidate.id).toBeGreaterThan(0);
      for (const path of ['README.md', 'docs/index.md', '.github/workflows/ci.yml'])
        expect(covered(globs, path), `${candidate.id} ${path}`).toBe(false);
    }
  });

  it('covers every source file of the kind, wherever an agent puts it (no narrowing hides a source)', () => {
    const sneaky = [
      ...PYTHON,
      'helpers.py',
      '.hidden/patch.py',
      'node_modules/x/y.py',
      'deep/a/b/c/mod.py',
      'scripts/gen.pyi',
    ];
    const globs = proposeInputs({ id: 'python:pytest', argv: ['pytest'] }, sneaky, [
      'tests',
    ])!.globs;
    for (const path of sneaky.filter((p) => /\.pyi?$/.test(p)))
      expect(covered(globs, path), path).toBe(true);
    // and the data files beside the sources and tests
    expect(covered(globs, 'src/calc/data/rates.json')).toBe(true);
    expect(covered(globs, 'tests/fixtures/input.txt')).toBe(true);
    for (const [paths, candidate, ext] of [
      [
        [...RUST, 'benches/b.rs', '.x/y.rs'],
        { id: 'cargo:test', argv: ['cargo', 'test'] },
        /\.rs$/,
      ],
      [[...GO, 'cmd/tool/main.go'], { id: 'go:test', argv: ['go', 'test', './...'] }, /\.go$/],
      [
        [...NPM, 'lib/a.mjs', 'x.cjs'],
        { id: 'npm:test', argv: ['npm', 'test'] },
        /\.[cm]?[jt]sx?$/,
      ],
    ] as const) {
      const g = proposeInputs(candidate, paths, ['tests', 'test'])!.globs;
      for (const path of paths.filter((p) => ext.test(p)))
        expect(covered(g, path), `${candidate.id} ${path}`).toBe(true);
    }
  });

  it('names the manifest and lockfile of each kind', () => {
    const rust = proposeInputs({ id: 'cargo:test', argv: ['cargo', 'test'] }, RUST, ['tests'])!;
    expect(rust.globs).toEqual(['src', 'tests', '**/*.rs', '**/Cargo.toml', 'Cargo.lock']);
    const go = proposeInputs({ id: 'go:test', argv: ['go', 'test', './...'] }, GO, [])!;
    expect(go.globs).toEqual(['internal', '**/*.go', 'go.mod', 'go.sum']);
    const npm = proposeInputs({ id: 'npm:test', argv: ['npm', 'run', 'test'] }, NPM, ['test'])!;
    expect(npm.globs).toEqual([
      'src',
      'test',
      // eslint.config.js is a JavaScript file at the root: any .js file is a source
      '**/*.js',
      '**/*.ts',
      '**/package.json',
      'package-lock.json',
      '**/tsconfig*.json',
      'vitest.config.*',
    ]);
  });

  it('a lint command: sources and lint config, no test folder or test config', () => {
    const lint = proposeInputs({ id: 'npm:lint', argv: ['npm', 'run', 'lint'] }, NPM, ['test'])!;
    expect(lint.role).toBe('lint');
    expect(lint.globs).toContain('eslint.config.*');
    expect(lint.globs).not.toContain('vitest.config.*');
    const ruff = proposeInputs({ id: 'ci:x:lint:1', argv: ['ruff', 'check'] }, PYTHON, ['tests'])!;
    expect(ruff.globs).toContain('ruff.toml');
    expect(ruff.globs).not.toContain('pytest.ini');
  });

  it('proposes nothing for a command whose role or kind it cannot tell (the whole tree stays)', () => {
    expect(proposeInputs({ id: 'make:release', argv: ['make', 'release'] }, PYTHON, [])).toBe(
      undefined,
    );
    expect(
      proposeInputs({ id: 'npm:test', argv: ['npm', 'test'] }, ['README.md', 'x.txt'], []),
    ).toBe(undefined);
    // a manifest without a single source file: nothing to bind
    expect(proposeInputs({ id: 'npm:test', argv: ['node', '--test'] }, ['package.json'], [])).toBe(
      undefined,
    );
  });

  it('a make or CI command in a project of two kinds binds both kinds', () => {
    const both = [...PYTHON, 'package.json', 'web/app.ts'];
    const make = proposeInputs({ id: 'make:test', argv: ['make', 'test'] }, both, ['tests'])!;
    expect(make.kinds).toEqual(['python', 'npm']);
    expect(covered(make.globs, 'web/app.ts')).toBe(true);
    expect(covered(make.globs, 'src/calc/core.py')).toBe(true);
  });

  it('tells test, lint and build apart by the words of the command', () => {
    expect(inputsRoleOf({ id: 'cargo:test', argv: ['cargo', 'test'] })).toBe('test');
    expect(inputsRoleOf({ id: 'ci:a:b:1', argv: ['cargo', 'clippy'] })).toBe('lint');
    expect(inputsRoleOf({ id: 'npm:typecheck', argv: ['npm', 'run', 'typecheck'] })).toBe('lint');
    expect(inputsRoleOf({ id: 'npm:build', argv: ['npm', 'run', 'build'] })).toBe('build');
    expect(inputsRoleOf({ id: 'npm:start', argv: ['npm', 'start'] })).toBe(undefined);
  });
});
