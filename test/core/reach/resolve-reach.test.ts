// The reach of a command control, resolved from in-memory files the way the flow feeds them: each
// round reads what the last one asked for, until nothing is asked.
import { describe, expect, it } from 'vitest';
import { diffReach, digestReach } from '../../../scripts/lib/core/reach/diff-reach.ts';
import type { FileText, Reach } from '../../../scripts/lib/core/reach/reach.ts';
import { reachGlobs } from '../../../scripts/lib/core/reach/reach-globs.ts';
import { resolveReach } from '../../../scripts/lib/core/reach/resolve-reach.ts';
import { splitCommands } from '../../../scripts/lib/core/reach/shell-words.ts';

/** Resolves to completion over `files` (a path missing from it is absent). */
function reachOf(
  argv: string[],
  files: Record<string, string | { unreadable: string }>,
  cwd?: string,
): Reach {
  const read = new Map<string, FileText>();
  const listed = Object.keys(files);
  for (let round = 0; round < 20; round++) {
    const reach = resolveReach(argv, cwd, { read, listed });
    if (reach.needs.length === 0) return reach;
    for (const path of reach.needs) {
      const file = files[path];
      read.set(
        path,
        file === undefined ? { absent: true } : typeof file === 'string' ? { text: file } : file,
      );
    }
  }
  throw new Error('the resolver never settled');
}

const keys = (reach: Reach) => reach.items.map((i) => i.key);
const value = (reach: Reach, key: string) => reach.items.find((i) => i.key === key)?.value;
const pkg = (scripts: Record<string, string>, extra: object = {}) =>
  JSON.stringify({ name: 'demo', scripts, ...extra });

describe('npm, pnpm and yarn scripts', () => {
  it('follows npm test through pre/post scripts and npm run, transitively', () => {
    const files = {
      'package.json': pkg({
        pretest: 'npm run build',
        test: 'npm run unit && npm run-script lint',
        posttest: 'echo done',
        build: 'tsc',
        unit: 'node --test test/',
        lint: 'eslint .',
        other: 'node -e 1',
      }),
    };
    const reach = reachOf(['npm', 'test'], files);
    expect(keys(reach)).toEqual([
      'package.json scripts.build',
      'package.json scripts.lint',
      'package.json scripts.posttest',
      'package.json scripts.pretest',
      'package.json scripts.test',
      'package.json scripts.unit',
    ]);
    expect(value(reach, 'package.json scripts.unit')).toBe('node --test test/');
    expect(reach.unresolved).toEqual([]);
  });

  it('reads every spelling of running a script', () => {
    const files = { 'package.json': pkg({ check: 'node --test', test: 'vitest run' }) };
    for (const argv of [
      ['npm', 'run', 'check'],
      ['npm', 'run-script', 'check'],
      ['npm', '--silent', 'run', 'check'],
      ['pnpm', 'check'],
      ['pnpm', 'run', 'check'],
      ['yarn', 'check'],
      ['yarn', 'run', 'check'],
    ])
      expect(keys(reachOf(argv, files)), argv.join(' ')).toContain('package.json scripts.check');
    expect(keys(reachOf(['npm', 't'], files))).toContain('package.json scripts.test');
  });

  it('binds the package managers’ configuration whole', () => {
    const files = {
      'package.json': pkg({ test: 'node --test' }),
      '.npmrc': 'script-shell=/bin/true\n',
      '.yarnrc.yml': 'nodeLinker: node-modules\n',
      'pnpm-workspace.yaml': 'packages: []\n',
    };
    expect(keys(reachOf(['npm', 'test'], files))).toContain('.npmrc');
    expect(keys(reachOf(['yarn', 'test'], files))).toEqual(
      expect.arrayContaining(['.npmrc', '.yarnrc.yml']),
    );
    expect(keys(reachOf(['pnpm', 'test'], files))).toEqual(
      expect.arrayContaining(['.npmrc', 'pnpm-workspace.yaml']),
    );
  });

  it('names the change of a script and of .npmrc', () => {
    const before = reachOf(['npm', 'test'], { 'package.json': pkg({ test: 'node --test test/' }) });
    const noop = reachOf(['npm', 'test'], { 'package.json': pkg({ test: 'node -e 0' }) });
    expect(diffReach(before, noop)).toEqual([
      "package.json scripts.test: 'node --test test/' → 'node -e 0'",
    ]);
    const shell = reachOf(['npm', 'test'], {
      'package.json': pkg({ test: 'node --test test/' }),
      '.npmrc': 'script-shell=/bin/true\n',
    });
    expect(diffReach(before, shell)).toEqual([".npmrc added: + 'script-shell=/bin/true'"]);
    expect(digestReach(before)).not.toBe(digestReach(shell));
    expect(diffReach(before, before)).toEqual([]);
  });

  it('says what cannot be resolved, and still binds what it can name', () => {
    const missing = reachOf(['npm', 'run', 'nope'], { 'package.json': pkg({}) });
    expect(missing.unresolved[0]?.why).toMatch(/no such script/);
    const broken = reachOf(['npm', 'test'], { 'package.json': '{ "scripts": ' });
    expect(keys(broken)).toEqual(['package.json']);
    expect(broken.unresolved[0]?.why).toMatch(/not valid JSON/);
    expect(broken.unresolved[0]?.fix).toMatch(/fix package.json/);
    const dynamic = reachOf(['npm', 'test'], { 'package.json': pkg({ test: '$(cat cmd)' }) });
    expect(dynamic.unresolved[0]?.why).toMatch(/computed at run time/);
    const unreadable = reachOf(['npm', 'test'], {
      'package.json': pkg({ test: 'node --test' }),
      '.npmrc': { unreadable: 'EACCES' },
    });
    expect(value(unreadable, '.npmrc')).toBe('unreadable');
    expect(unreadable.unresolved[0]).toMatchObject({ what: '.npmrc', fix: expect.any(String) });
    const none = reachOf(['npm', 'test'], {});
    expect(none.unresolved[0]?.what).toBe('package.json');
  });

  it('does not loop on scripts that call each other', () => {
    const reach = reachOf(['npm', 'run', 'a'], {
      'package.json': pkg({ a: 'npm run b', b: 'npm run a' }),
    });
    expect(keys(reach)).toEqual(['package.json scripts.a', 'package.json scripts.b']);
  });

  it('resolves in the control’s cwd', () => {
    const reach = reachOf(['npm', 'test'], { 'web/package.json': pkg({ test: 'jest' }) }, 'web');
    expect(keys(reach)).toEqual(['web/package.json scripts.test']);
  });
});

describe('test runners', () => {
  it('binds the runner’s config files, its package.json key and a --config file', () => {
    const files = {
      'package.json': pkg(
        { test: 'jest -t add', vt: 'vitest run -c conf/v.ts' },
        { jest: { bail: 1 } },
      ),
      'jest.config.js': 'module.exports = {}',
      'conf/v.ts': 'export default {}',
      'vite.config.ts': 'export default {}',
    };
    const jest = reachOf(['npm', 'test'], files);
    expect(keys(jest)).toEqual(
      expect.arrayContaining(['jest.config.js', 'package.json jest', 'package.json scripts.test']),
    );
    expect(value(jest, 'package.json scripts.test')).toBe('jest -t add');
    expect(keys(reachOf(['npm', 'run', 'vt'], files))).toEqual(
      expect.arrayContaining(['conf/v.ts', 'vite.config.ts']),
    );
    expect(keys(reachOf(['npx', 'vitest', 'run'], files))).toContain('vite.config.ts');
    expect(
      keys(reachOf(['npx', 'mocha'], { '.mocharc.yml': 'spec: test', 'package.json': pkg({}) })),
    ).toContain('.mocharc.yml');
    expect(keys(reachOf(['npx', 'playwright', 'test'], { 'playwright.config.ts': 'x' }))).toContain(
      'playwright.config.ts',
    );
  });
});

describe('python, rust, make, just and shell scripts', () => {
  it('binds pytest’s configuration and every conftest.py', () => {
    const files = {
      'pyproject.toml': '[tool.pytest.ini_options]\n',
      'setup.cfg': '',
      'tests/conftest.py': '',
      'tests/unit/conftest.py': '',
      'src/app.py': '',
    };
    const reach = reachOf(['python', '-m', 'pytest', '-q'], files);
    expect(keys(reach)).toEqual([
      'pyproject.toml',
      'setup.cfg',
      'tests/conftest.py',
      'tests/unit/conftest.py',
    ]);
    expect(keys(reachOf(['tox'], { 'tox.ini': '' }))).toContain('tox.ini');
    expect(keys(reachOf(['nox'], { 'noxfile.py': '' }))).toContain('noxfile.py');
  });

  it('python -m X: a module or package X in the command’s directory is what runs, bound', () => {
    // `python -m` puts the current directory first on sys.path: a pytest.py there shadows pytest.
    const base = { 'pyproject.toml': '[tool.pytest.ini_options]\n' };
    const shadowed = {
      ...base,
      'pytest.py': 'print("3 passed in 0.01s")\n',
      'tests/pytest.py': '',
    };
    const was = reachOf(['python3', '-m', 'pytest', '-rA'], base);
    const is = reachOf(['python3', '-m', 'pytest', '-rA'], shadowed);
    expect(keys(is)).toEqual(['pyproject.toml', 'pytest.py']);
    expect(diffReach(was, is)).toEqual([`pytest.py added: + 'print("3 passed in 0.01s")'`]);
    // A package of that name (its __main__ runs), in the control's cwd; any module, not only pytest.
    const pkg = reachOf(
      ['python', '-m', 'unittest'],
      {
        'app/unittest/__init__.py': '',
        'app/unittest/__main__.py': 'raise SystemExit(0)\n',
      },
      'app',
    );
    expect(keys(pkg)).toEqual(['app/unittest/__init__.py', 'app/unittest/__main__.py']);
    // A dotted module: its top package and the module itself.
    expect(
      keys(
        reachOf(['python', '-m', 'tools.check'], { 'tools/__init__.py': '', 'tools/check.py': '' }),
      ),
    ).toEqual(['tools/__init__.py', 'tools/check.py']);
  });

  it('python -m X: a control with inputs binds X.py and the X/ package too', () => {
    expect(reachGlobs(['python3', '-m', 'pytest', '-q'], 'app')).toEqual(
      expect.arrayContaining([
        'app/pytest.py',
        'app/pytest/__init__.py',
        'app/pytest/__main__.py',
        'app/**/conftest.py',
      ]),
    );
    expect(reachGlobs(['python3', '-c', 'import x'])).toEqual([]);
  });

  it('binds Cargo.toml (every one) and .cargo/config.toml', () => {
    const reach = reachOf(['cargo', 'test'], {
      'Cargo.toml': '[workspace]',
      'crates/a/Cargo.toml': '[package]',
      '.cargo/config.toml': '[alias]',
    });
    expect(keys(reach)).toEqual(['.cargo/config.toml', 'Cargo.toml', 'crates/a/Cargo.toml']);
  });

  it('binds the Makefile and what it includes, and the justfile', () => {
    const reach = reachOf(['make', 'test'], {
      Makefile: 'include rules.mk\ntest:\n\tpytest\n',
      'rules.mk': 'x',
    });
    expect(keys(reach)).toEqual(['Makefile', 'rules.mk']);
    expect(keys(reachOf(['just', 'test'], { justfile: 'test:\n  cargo test' }))).toEqual([
      'justfile',
    ]);
    expect(reachOf(['make'], {}).unresolved[0]?.why).toMatch(/does not exist/);
  });

  it('binds a shell script the command names, and follows it', () => {
    const files = {
      'scripts/t.sh': '#!/bin/sh\nnpm run unit\n',
      'package.json': pkg({ unit: 'node --test' }),
    };
    for (const argv of [['sh', 'scripts/t.sh'], ['bash', 'scripts/t.sh'], ['./scripts/t.sh']])
      expect(keys(reachOf(argv, files)), argv.join(' ')).toEqual([
        'package.json scripts.unit',
        'scripts/t.sh',
      ]);
    expect(keys(reachOf(['sh', '-c', 'npm run unit'], files))).toEqual([
      'package.json scripts.unit',
    ]);
    const gone = reachOf(['./scripts/gone.sh'], files);
    expect(gone.unresolved).toEqual([
      { what: 'scripts/gone.sh', why: 'the command runs it, and it does not exist' },
    ]);
  });
});

describe('splitCommands', () => {
  it('splits lists and pipes, keeps quoted words whole', () => {
    expect(splitCommands(`A=1 npm run "x y" && echo 'a;b' | cat; b`).commands).toEqual([
      ['A=1', 'npm', 'run', 'x y'],
      ['echo', 'a;b'],
      ['cat'],
      ['b'],
    ]);
  });
});
