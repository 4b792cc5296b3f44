import { describe, expect, test } from 'vitest';
import { buildScan } from '../../../scripts/lib/core/scan/build-scan.ts';

const scanCi = (path: string, text: string) => buildScan([path], new Map([[path, text]]));

const GITLAB = `stages: [test]
.python: &python
  image: python:3.12
  script:
    - pytest
.setup: &setup
  - pip install -e .
.lint:
  script:
    - ruff check .
unit:
  <<: *python
  parallel:
    matrix:
      - PY: ["3.11", "3.12"]
shards:
  stage: test
  parallel: 3
  script:
    - make test
lint:
  extends: .lint
integration:
  extends: [.lint, .python]
nested:
  script:
    - *setup
    - !reference [.lint, script]
    - - make check
deploy:
  trigger: other/project
broken:
  stage: test
  needs: [unit]
`;

describe('CI steps inside matrix and parallel blocks', () => {
  test('gitlab: merged, extended, parallel and nested scripts are read where they are written', () => {
    const result = scanCi('.gitlab-ci.yml', GITLAB);
    expect(result.candidates.map((c) => [c.id, c.argv.join(' '), c.where])).toEqual([
      ['ci:gitlab:unit:1', 'pytest', '.gitlab-ci.yml:5'],
      ['ci:gitlab:shards:1', 'make test', '.gitlab-ci.yml:20'],
      ['ci:gitlab:lint:1', 'ruff check .', '.gitlab-ci.yml:10'],
      ['ci:gitlab:integration:1', 'pytest', '.gitlab-ci.yml:5'],
      ['ci:gitlab:nested:1', 'pip install -e .', '.gitlab-ci.yml:7'],
      ['ci:gitlab:nested:2', 'ruff check .', '.gitlab-ci.yml:10'],
      ['ci:gitlab:nested:3', 'make check', '.gitlab-ci.yml:29'],
    ]);
    expect(result.ci[0]?.jobs.map((j) => `${j.id}[${j.steps.length}]`)).toEqual([
      'unit[1]',
      'shards[1]',
      'lint[1]',
      'integration[1]',
      'nested[3]',
      'deploy[0]',
      'broken[0]',
    ]);
  });

  test('gitlab: a job whose script cannot be found is an unknown, never silently empty', () => {
    const questions = scanCi('.gitlab-ci.yml', GITLAB).unknowns.map((u) => u.question);
    expect(questions).toContain(
      '.gitlab-ci.yml: job broken has no script scan could read (not a plain list, or defined elsewhere)',
    );
    expect(questions.join('\n')).not.toContain('job deploy');
  });

  test('gitlab: a cycle of extends or merges ends, it does not hang', () => {
    const cyclic = 'a:\n  extends: b\nb:\n  extends: a\n';
    expect(scanCi('.gitlab-ci.yml', cyclic).candidates).toEqual([]);
  });

  test('github: every step of a matrix job is read; matrix values are named as the reason', () => {
    const workflow = `on: push
jobs:
  test:
    strategy:
      matrix:
        python: ["3.11", "3.12"]
        include:
          - python: "3.13"
    runs-on: ubuntu-latest
    steps:
      - uses: actions/setup-python@v5
      - run: pip install -e .
      - name: Tests
        run: pytest
      - name: Tox env
        run: tox -e py\${{ matrix.python }}
`;
    const result = scanCi('.github/workflows/ci.yml', workflow);
    expect(result.candidates.map((c) => c.id)).toEqual(['ci:ci:test:2', 'ci:ci:test:tests']);
    expect(result.not_adoptable).toEqual([
      expect.objectContaining({
        id: 'ci:ci:test:tox-env',
        reason: 'uses a CI expression (${{ }})',
      }),
    ]);
  });
});

describe('CI env copied onto candidates', () => {
  test('GitHub: workflow, job and step env merge (the step wins); expressions and credentials stay out', () => {
    const { candidates } = scanCi(
      '.github/workflows/ci.yml',
      `env: { A: top, B: top }
jobs:
  build:
    env: { B: job, RUSTFLAGS: -Dwarnings }
    steps:
      - run: cargo build
        env: { C: 3, TOKEN_X: literal, M: '\${{ matrix.os }}' }
`,
    );
    expect(candidates.find((c) => c.id.startsWith('ci:ci:build'))!.env).toEqual({
      A: 'top',
      B: 'job',
      RUSTFLAGS: '-Dwarnings',
      C: '3',
    });
  });

  test('GitLab: global and job variables, the {value} form; $-references stay out', () => {
    const { candidates } = scanCi(
      '.gitlab-ci.yml',
      `variables:
  CARGO_TERM_COLOR: always
  DEEP: { value: "1", description: depth }
build:
  variables:
    RUSTFLAGS: -Dwarnings
    FROM_CI: $CI_COMMIT_SHA
  script:
    - cargo build
`,
    );
    expect(candidates.find((c) => c.id === 'ci:gitlab:build:1')!.env).toEqual({
      CARGO_TERM_COLOR: 'always',
      DEEP: '1',
      RUSTFLAGS: '-Dwarnings',
    });
  });
});
