import { describe, expect, test } from 'vitest';
import { buildScan, selectFilesToRead } from '../../../scripts/lib/core/scan/build-scan.ts';
import { renderScan } from '../../../scripts/lib/render/scan.ts';

function scanOf(files: Record<string, string>, extra: string[] = []) {
  const paths = [...Object.keys(files), ...extra].sort();
  const wanted = new Set(selectFilesToRead(paths));
  const contents = new Map(Object.entries(files).filter(([p]) => wanted.has(p)));
  return buildScan(paths, contents);
}

const WORKFLOW = `name: CI
on: push
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Install
        run: npm ci
      - name: Unit tests
        run: npm test
      - run: |
          npm run build
          npm run lint
      - name: Web tests
        working-directory: web
        run: npx vitest run
      - name: Deploy
        run: echo \${{ secrets.TOKEN }} | ./deploy.sh
`;

describe('buildScan', () => {
  test('proposes exactly the real commands, with ids, argv, cwd and location', () => {
    const result = scanOf({
      'package.json': JSON.stringify(
        {
          name: 'root',
          workspaces: ['packages/*'],
          scripts: { test: 'vitest run', lint: 'eslint .' },
        },
        null,
        2,
      ),
      'packages/a/package.json': JSON.stringify({ name: 'a', scripts: { build: 'tsc' } }, null, 2),
      'pnpm-lock.yaml': '',
      Makefile:
        '.PHONY: check\nVAR := 1\ncheck: lint\n\tnpm test\n%.o: %.c\n\tcc $<\ndeploy:\n\t./push.sh\n',
      justfile:
        'set shell := ["bash", "-c"]\ntest:\n  cargo test\nbench name:\n  cargo bench {{name}}\nfmt target="all":\n  cargo fmt\n',
      '.github/workflows/ci.yml': WORKFLOW,
    });
    expect(
      result.candidates.map((c) => [c.id, c.argv, c.cwd ?? '.', c.where, c.authorization]),
    ).toEqual([
      ['npm:test', ['pnpm', 'run', 'test'], '.', 'package.json:7', []],
      ['npm:lint', ['pnpm', 'run', 'lint'], '.', 'package.json:8', []],
      [
        'npm:packages/a:build',
        ['pnpm', 'run', 'build'],
        'packages/a',
        'packages/a/package.json:4',
        [],
      ],
      ['make:check', ['make', 'check'], '.', 'Makefile:3', []],
      ['make:deploy', ['make', 'deploy'], '.', 'Makefile:7', ['deploy']],
      ['just:test', ['just', 'test'], '.', 'justfile:2', []],
      ['just:fmt', ['just', 'fmt'], '.', 'justfile:6', ['rewrite_files']],
      [
        'ci:ci:test:install',
        ['npm', 'ci'],
        '.',
        '.github/workflows/ci.yml:9',
        ['install_dependencies'],
      ],
      ['ci:ci:test:unit-tests', ['npm', 'test'], '.', '.github/workflows/ci.yml:11', []],
      // vitest is declared by no package.json scan read: npx would download it
      [
        'ci:ci:test:web-tests',
        ['npx', 'vitest', 'run'],
        'web',
        '.github/workflows/ci.yml:17',
        ['install_dependencies'],
      ],
    ]);
    expect(result.not_adoptable.map((n) => [n.id, n.reason])).toEqual([
      ['just:bench', 'the recipe needs arguments: name'],
      ['ci:ci:test:4', 'a multi-line script needs a shell'],
      ['ci:ci:test:deploy', 'uses a CI expression (${{ }})'],
    ]);
    expect(result.stack.node).toEqual({
      manifests: ['package.json', 'packages/a/package.json'],
      package_manager: 'pnpm',
      lockfile: 'pnpm-lock.yaml',
      workspaces: ['packages/*'],
    });
    expect(result.stack.make?.targets).toEqual(['check', 'deploy']);
  });

  test('finds no command where there is none, and says what is unknown', () => {
    // `go test ./...` passes on a module with no test file, so it is not offered there.
    const result = scanOf(
      { 'go.mod': 'module example.com/x\n\ngo 1.22\n', 'main.go': 'package main' },
      ['cmd/x/main.go'],
    );
    expect(result.candidates).toEqual([]);
    expect(result.stack.go).toEqual({ module: 'example.com/x', files: ['go.mod'] });
    expect(result.unknowns.map((u) => u.question)).toEqual([
      'How are the tests run?',
      'Does CI run somewhere outside this repository?',
    ]);
    expect(result.tests.files).toBe(0);
  });

  test('CI that scan does not read is named instead of asking whether CI exists', () => {
    const circle = scanOf({}, ['.circleci/config.yml', 'x.c']);
    expect(circle.unknowns.map((u) => u.question)).toEqual([
      'How are the tests run?',
      '.circleci/config.yml is CI configuration scan does not read, so none of its steps is a candidate',
    ]);
    expect(circle.unknowns[1]?.probe).toContain('proofgate adopt --fills <slot> --');
    // a file of that name below the root is not this repository's CI
    const nested = scanOf({}, ['vendor/lib/.circleci/config.yml', 'x.c']);
    expect(nested.unknowns.map((u) => u.question)).toContain(
      'Does CI run somewhere outside this repository?',
    );
  });

  test('a test script named test.js counts as a test file; a file merely mentioning test does not', () => {
    expect(scanOf({}, ['test.js', 'index.js']).tests.files).toBe(1);
    expect(scanOf({}, ['lib/tests.mjs']).tests.files).toBe(1);
    expect(scanOf({}, ['contest.js', 'test.json', 'attest.js']).tests.files).toBe(0);
  });

  test('inventories agent instruction files with digests, governance files and languages', () => {
    const result = scanOf(
      {
        'AGENTS.md': '# rules\nnever push\n',
        '.cursor/rules/style.mdc': 'x',
        '.github/copilot-instructions.md': 'y\n',
        'docs/AGENTS.md': 'z',
        'README.md': '',
      },
      [
        'LICENSE',
        '.github/SECURITY.md',
        'CONTRIBUTING.md',
        'src/a.py',
        'src/b.py',
        'web/c.ts',
        '.proofgate/controls/manifest.yaml',
      ],
    );
    expect(result.instructions.map((f) => [f.path, f.kind, f.lines])).toEqual([
      ['.cursor/rules/style.mdc', 'scoped', 1],
      ['.github/copilot-instructions.md', 'repository', 1],
      ['AGENTS.md', 'repository', 2],
      ['docs/AGENTS.md', 'scoped', 1],
    ]);
    expect(result.instructions[2]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.governance).toEqual({
      license: 'LICENSE',
      security: '.github/SECURITY.md',
      contributing: 'CONTRIBUTING.md',
    });
    expect(result.languages).toEqual([
      { language: 'python', files: 2 },
      { language: 'typescript', files: 1 },
    ]);
    expect(result.files).toBe(11);
  });

  test('gitlab CI: plain script lines are candidates, shell lines are not', () => {
    const result = scanOf({
      '.gitlab-ci.yml':
        'stages: [test]\n.tmpl:\n  script: [echo hidden]\nunit:\n  stage: test\n  script:\n    - make test\n    - cat out | grep ok\n',
    });
    expect(result.candidates.map((c) => [c.id, c.argv, c.where])).toEqual([
      ['ci:gitlab:unit:1', ['make', 'test'], '.gitlab-ci.yml:7'],
    ]);
    expect(result.not_adoptable.map((n) => n.id)).toEqual(['ci:gitlab:unit:2']);
  });

  test('never cut: every candidate is in the result; only the human rendering is bounded', () => {
    const scripts = Object.fromEntries(Array.from({ length: 350 }, (_, i) => [`s${i}`, 'true']));
    const result = scanOf({ 'package.json': JSON.stringify({ scripts }) });
    expect(result.candidates).toHaveLength(350);
    expect(result.omitted).toEqual({});
    const text = renderScan(result);
    expect(text).toMatch(/^scan: 350 adoptable command\(s\)/);
    expect(text).toContain('npm:s299');
    expect(text).not.toContain('npm:s300 ');
    expect(text).toContain('… 50 more candidates left out (use --json)');
  });

  test('unparseable package.json and CI files are unknowns, never guessed at', () => {
    const result = scanOf({
      'package.json': '{"scripts": {"test": "jest"',
      '.github/workflows/ci.yml': 'jobs:\n  t:\n    steps:\n      - run: [unclosed\n',
    });
    expect(result.candidates).toEqual([]);
    expect(result.unknowns.slice(0, 2).map((u) => u.question)).toEqual([
      '.github/workflows/ci.yml could not be parsed, so no command was taken from it',
      'package.json could not be parsed, so no command was taken from it',
    ]);
  });
});

describe("the lockfile is the project's own", () => {
  const HASH = `--hash=sha256:${'a'.repeat(64)}`;
  test.each<[string, Record<string, string>, string | undefined]>([
    ['a crate', { 'Cargo.toml': '[package]\n', 'Cargo.lock': '' }, 'Cargo.lock'],
    ['a Go module', { 'go.mod': 'module x\n', 'go.sum': '' }, 'go.sum'],
    ['uv', { 'pyproject.toml': '', 'uv.lock': '' }, 'uv.lock'],
    ['poetry', { 'pyproject.toml': '', 'poetry.lock': '' }, 'poetry.lock'],
    ['pipenv', { Pipfile: '', 'Pipfile.lock': '' }, 'Pipfile.lock'],
    [
      'pip with hashes',
      { 'requirements.txt': `pytest==8.0.0 \\\n    ${HASH}\n` },
      'requirements.txt',
    ],
    ['pip without hashes is no lockfile', { 'requirements.txt': 'pytest==8.0.0\n' }, undefined],
    [
      'hashes in a dev requirements file',
      { 'pyproject.toml': '', 'requirements-dev.txt': `pytest==8.0.0 ${HASH}\n` },
      'requirements-dev.txt',
    ],
    ['pnpm', { 'package.json': '{}', 'pnpm-lock.yaml': '' }, 'pnpm-lock.yaml'],
    ['yarn', { 'package.json': '{}', 'yarn.lock': '' }, 'yarn.lock'],
    ['npm', { 'package.json': '{}', 'package-lock.json': '{}' }, 'package-lock.json'],
    // npm's files left in a Python project by an npm install run there: the project's own wins
    [
      'a Python project with npm debris',
      { 'pyproject.toml': '', 'uv.lock': '', 'package.json': '{}', 'package-lock.json': '{}' },
      'uv.lock',
    ],
    [
      'a crate with npm debris',
      { 'Cargo.toml': '[package]\n', 'Cargo.lock': '', 'package-lock.json': '{}' },
      'Cargo.lock',
    ],
    ['a crate without its lockfile', { 'Cargo.toml': '[package]\n', 'yarn.lock': '' }, undefined],
  ])('%s', (_name, files, lockfile) => {
    expect(scanOf(files).lockfile).toBe(lockfile);
  });
});
