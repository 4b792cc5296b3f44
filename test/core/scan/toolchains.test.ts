import { describe, expect, test } from 'vitest';
import { buildScan, selectFilesToRead } from '../../../scripts/lib/core/scan/build-scan.ts';

function scanOf(files: Record<string, string>, extra: string[] = []) {
  const paths = [...Object.keys(files), ...extra].sort();
  const wanted = new Set(selectFilesToRead(paths));
  const contents = new Map(Object.entries(files).filter(([p]) => wanted.has(p)));
  return buildScan(paths, contents);
}

const pick = (files: Record<string, string>, extra: string[] = []) =>
  scanOf(files, extra).candidates.map((c) => [c.id, c.argv.join(' '), c.where]);

describe('python candidates', () => {
  test('pytest in a PEP 735 dev group plus a tests/ folder, no pytest config: offered', () => {
    const pyproject =
      '[project]\nname = "x"\n\n[dependency-groups]\ndev = [\n  "ruff",\n  "pytest>=8",\n]\n';
    expect(pick({ 'pyproject.toml': pyproject }, ['tests/test_api.py', 'x/__init__.py'])).toEqual([
      ['python:pytest', 'pytest', 'pyproject.toml:7'],
    ]);
  });

  test.each<[string, Record<string, string>]>([
    [
      'optional-dependencies',
      {
        'pyproject.toml': '[project.optional-dependencies]\ntest = ["pytest==8.1", "pytest-cov"]\n',
      },
    ],
    [
      'Poetry group',
      { 'pyproject.toml': '[tool.poetry.group.dev.dependencies]\npytest = "^8.0"\n' },
    ],
    ['Poetry legacy dev', { 'pyproject.toml': '[tool.poetry.dev-dependencies]\nPyTest = "*"\n' }],
    ['Pipfile', { Pipfile: '[dev-packages]\npytest = "*"\n' }],
    ['requirements-dev.txt', { 'requirements-dev.txt': '-e .\npytest>=2.8.0,<10\n' }],
    ['requirements/test.txt', { 'requirements/test.txt': 'pytest\n' }],
    ['setup.cfg extras', { 'setup.cfg': '[options.extras_require]\ntesting =\n    pytest\n' }],
  ])('pytest declared in %s with test files: offered', (_, files) => {
    expect(pick(files, ['tests/test_a.py']).map(([id]) => id)).toEqual(['python:pytest']);
  });

  test('a pytest plugin alone, or pytest without any Python test, is not enough', () => {
    const plugin = { 'pyproject.toml': '[project.optional-dependencies]\ntest = ["pytest-cov"]\n' };
    expect(pick(plugin, ['tests/test_a.py'])).toEqual([]);
    const noTests = { 'requirements-dev.txt': 'pytest\n' };
    expect(pick(noTests, ['src/x.py', 'tests/data.json'])).toEqual([]);
  });

  test.each<[string, Record<string, string>, string[], string]>([
    [
      '[tool.pytest.ini_options]',
      { 'pyproject.toml': 'x = 1\n[tool.pytest.ini_options]\naddopts = "-q"\n' },
      [],
      'pyproject.toml:2',
    ],
    ['pytest.ini', { 'pytest.ini': '[pytest]\n' }, [], 'pytest.ini:1'],
    [
      'setup.cfg [tool:pytest]',
      { 'setup.cfg': '[metadata]\nname = x\n[tool:pytest]\n' },
      [],
      'setup.cfg:3',
    ],
    ['conftest.py', { 'conftest.py': '' }, [], 'conftest.py:1'],
  ])('pytest configured in %s: offered even before any test exists', (_, files, extra, where) => {
    expect(pick(files, extra)[0]).toEqual(['python:pytest', 'pytest', where]);
  });

  test('tox and nox build environments, so they need install authorization', () => {
    const result = scanOf({
      'tox.ini': '[tox]\nenvlist = py3\n[pytest]\n',
      'noxfile.py': 'import nox\n',
    });
    expect(result.candidates.map((c) => [c.id, c.where, c.authorization])).toEqual([
      ['python:pytest', 'tox.ini:3', []],
      ['python:tox', 'tox.ini:1', ['install_dependencies']],
      ['python:nox', 'noxfile.py:1', ['install_dependencies']],
    ]);
    expect(result.stack.python?.files).toEqual(['tox.ini', 'noxfile.py']);
  });

  test("tox running the standard library's unittest: the same command is offered without tox", () => {
    const tox =
      '[tox]\nenvlist = py{27,py,35}\n\n[testenv]\ncommands = {envpython} -m unittest discover\n';
    expect(
      scanOf({ 'tox.ini': tox }, ['test/test_api.py']).candidates.map((c) => [
        c.id,
        c.argv.join(' '),
        c.where,
        c.authorization,
      ]),
    ).toEqual([
      ['python:unittest', 'python3 -m unittest discover', 'tox.ini:5', []],
      ['python:tox', 'tox', 'tox.ini:1', ['install_dependencies']],
    ]);
    const quoted =
      "[testenv]\ncommands =\n    python -m unittest discover -s tests -p 'test_*.py'\n";
    expect(pick({ 'tox.ini': quoted })[0]).toEqual([
      'python:unittest',
      'python3 -m unittest discover -s tests -p test_*.py',
      'tox.ini:3',
    ]);
  });

  test('tox commands that are not a plain unittest run, or a pytest setup, give no unittest', () => {
    for (const commands of [
      'commands = {envpython} -m unittest discover {posargs}',
      'commands = coverage run -m unittest discover',
      'commands = python -m unittest discover | tee log',
      'commands = pytest',
    ])
      expect(pick({ 'tox.ini': `[testenv]\n${commands}\n` }).map(([id]) => id)).toEqual([
        'python:tox',
      ]);
    const both = { 'tox.ini': '[pytest]\n[testenv]\ncommands = python -m unittest\n' };
    expect(pick(both).map(([id]) => id)).toEqual(['python:pytest', 'python:tox']);
  });

  test('a pyproject that is not valid TOML gives no candidate and does not throw', () => {
    expect(pick({ 'pyproject.toml': '[tool.pytest\n' }, ['tests/test_a.py'])).toEqual([]);
  });
});

describe('build tool candidates', () => {
  test('cargo: a crate tests itself; a workspace root needs --workspace', () => {
    expect(pick({ 'Cargo.toml': '[package]\nname = "a"\n' })).toEqual([
      ['cargo:test', 'cargo test', 'Cargo.toml:1'],
    ]);
    expect(pick({ 'Cargo.toml': '[workspace]\nmembers = ["a", "b"]\n' })).toEqual([
      ['cargo:test', 'cargo test --workspace', 'Cargo.toml:1'],
    ]);
  });

  test('go: go test ./... when the module has test files', () => {
    expect(pick({ 'go.mod': 'module x\n' }, ['pkg/a/a_test.go'])).toEqual([
      ['go:test', 'go test ./...', 'go.mod:1'],
    ]);
  });

  test('gradle and maven: the committed wrapper is preferred; only with src/test', () => {
    const tests = ['app/src/test/java/AppTest.java'];
    expect(pick({ 'build.gradle.kts': '' }, ['gradlew', ...tests])).toEqual([
      ['gradle:test', './gradlew test', 'build.gradle.kts:1'],
    ]);
    expect(pick({ 'settings.gradle': '' }, tests)).toEqual([
      ['gradle:test', 'gradle test', 'settings.gradle:1'],
    ]);
    expect(pick({ 'pom.xml': '<project/>' }, ['mvnw', ...tests])).toEqual([
      ['maven:test', './mvnw test', 'pom.xml:1'],
    ]);
    expect(pick({ 'pom.xml': '<project/>' }, tests)[0]?.[1]).toBe('mvn test');
    expect(pick({ 'pom.xml': '<project/>', 'build.gradle': '' }, ['src/main/java/A.java'])).toEqual(
      [],
    );
    expect(scanOf({ 'pom.xml': '<project/>' }).stack.jvm).toEqual({
      tool: 'maven',
      files: ['pom.xml'],
    });
  });
});

describe('make and just padding', () => {
  test('help, clean*, default and list are listed but not offered', () => {
    const result = scanOf({
      Makefile:
        'default: all\nall: build\nhelp:\n\t@grep -E x Makefile\nclean:\n\trm -rf dist\nclean-pyc:\n\tfind . -name x\ndistclean: clean\ntest:\n\tpytest\nbuild:\n\tpython -m build\n',
      justfile: 'default:\n  just --list\nlist:\n  just --list\ntest:\n  cargo test\n',
    });
    expect(result.candidates.map((c) => c.id)).toEqual([
      'make:all',
      'make:test',
      'make:build',
      'just:test',
    ]);
    expect(result.stack.make?.targets).toEqual([
      'default',
      'all',
      'help',
      'clean',
      'clean-pyc',
      'distclean',
      'test',
      'build',
    ]);
    expect(result.stack.just?.recipes).toEqual(['default', 'list', 'test']);
  });

  test('a target merely named like padding inside another name is kept', () => {
    const ids = scanOf({ Makefile: 'test-clean:\n\tpytest\nhelpers:\n\tmake -C h\n' }).candidates;
    expect(ids.map((c) => c.id)).toEqual(['make:test-clean', 'make:helpers']);
  });
});
