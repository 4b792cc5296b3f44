// Travis CI (.travis.yml) steps as scan candidates: whole files of our own in the shapes real
// projects write (test/fixtures/scan/travis/<name>/ABOUT.md), then hostile inputs that try to get
// a command past the rules, crash the reader or make it unbounded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Alias } from 'yaml';
import { describe, expect, test, vi } from 'vitest';
import { ciControls, formatFetchCommand } from '../../../scripts/lib/core/brownfield/ci-tiers.ts';
import { buildScan, selectFilesToRead } from '../../../scripts/lib/core/scan/build-scan.ts';
import { MAX_TRAVIS_JOBS } from '../../../scripts/lib/core/scan/ci-travis.ts';
import { makeManifest } from '../../helpers/fake-gate-io.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'scan', 'travis');

const fixture = (name: string): string =>
  readFileSync(join(FIXTURES, name, 'files', '.travis.yml'), 'utf8');

function scanTravis(text: string) {
  const paths = ['.travis.yml'];
  expect(selectFilesToRead(paths)).toEqual(paths);
  return buildScan(paths, new Map([['.travis.yml', text]]));
}

const rows = (result: ReturnType<typeof scanTravis>) =>
  result.candidates.map((c) => [c.id, c.argv.join(' '), c.where]);
const questions = (result: ReturnType<typeof scanTravis>) => result.unknowns.map((u) => u.question);

describe('travis: whole files', () => {
  test('`script: pytest -q` (a string) is the one candidate; install is not', () => {
    const result = scanTravis(fixture('script-string'));
    expect(rows(result)).toEqual([['ci:travis:script:1', 'pytest -q', '.travis.yml:24']]);
    expect(result.candidates[0]).toMatchObject({ argv: ['pytest', '-q'], authorization: [] });
    expect(result.not_adoptable).toEqual([]);
    expect(result.ci).toEqual([
      {
        path: '.travis.yml',
        system: 'travis',
        jobs: [{ id: 'script', steps: [{ id: '1', run: 'pytest -q', where: '.travis.yml:24' }] }],
      },
    ]);
    expect(questions(result)).toEqual([]);
  });

  test('matrix.include entries without a script run the top-level list, offered once', () => {
    const result = scanTravis(fixture('matrix-include-no-script'));
    expect(rows(result)).toEqual([['ci:travis:script:1', 'ci/run-tests.sh', '.travis.yml:28']]);
    // before_install (apt-get, brew, pip), before_script (meson) and install (ci/bootstrap.sh)
    // are setup, never candidates
    expect(result.not_adoptable).toEqual([]);
    const jobs = result.ci[0]?.jobs ?? [];
    expect(jobs.map((j) => [j.id, j.steps.map((s) => s.where)])).toEqual([
      ['script', ['.travis.yml:28']],
      ['1', ['.travis.yml:28']],
      ['2', ['.travis.yml:28']],
    ]);
    expect(questions(result)).toEqual([]);
  });

  test('jobs.include with stages, anchors and merges, inline env and `script: true`', () => {
    const result = scanTravis(fixture('jobs-stages-anchors'));
    expect(rows(result)).toEqual([
      ['ci:travis:2:1', 'npm run test:unit', '.travis.yml:32'],
      ['ci:travis:5:1', 'npm run test:browser', '.travis.yml:41'],
      ['ci:travis:lint:1', 'npm run lint', '.travis.yml:48'],
      ['ci:travis:sanity:1', 'node bin/cli.js --version', '.travis.yml:55'],
    ]);
    expect(result.not_adoptable).toEqual([
      {
        id: 'ci:travis:1:1',
        where: '.travis.yml:28',
        text: 'NODE_V8_COVERAGE=coverage npm run test:unit',
        reason: 'sets environment variables inline (needs a shell)',
      },
    ]);
    // `<<: *unit` and `<<: *sanity` jobs run the anchor's line: listed as jobs, not offered again
    const jobs = result.ci[0]?.jobs ?? [];
    expect(jobs.map((j) => `${j.id}=${j.steps.map((s) => s.where).join(',')}`)).toEqual([
      '1=.travis.yml:28',
      '2=.travis.yml:32',
      '3=.travis.yml:32',
      '4=.travis.yml:32',
      '5=.travis.yml:41',
      'lint=.travis.yml:48',
      'sanity=.travis.yml:55',
      'sanity-2=.travis.yml:55',
      'sanity-3=.travis.yml:55',
      'sanity-4=.travis.yml:55',
      'warm=',
    ]);
    // before_install (a multi-line shell block), install, after_success: none offered
    expect(result.candidates.some((c) => c.argv.includes('ci'))).toBe(false);
    expect(questions(result)).toEqual([
      '1 command(s) need a shell or arguments and cannot become controls as written',
    ]);
  });
});

describe('travis: what a job runs', () => {
  test('only the script phase: install, before_script, after_success and deploy.script are not checks', () => {
    const result = scanTravis(`language: go
install:
  - dep ensure
before_script: make lint
script: go test -v ./...
after_success: make coverage
before_deploy: make dist
deploy:
  provider: script
  script: make publish
`);
    expect(rows(result)).toEqual([['ci:travis:script:1', 'go test -v ./...', '.travis.yml:5']]);
  });

  test('named and staged jobs: a name wins over the stage, duplicates are numbered, skip runs nothing', () => {
    const result = scanTravis(`script: make test
jobs:
  include:
    - stage: test
      script: make unit
    - stage: test
      script: [make integration, make e2e]
    - stage: lint
      name: "Style & types"
      script: make lint
    - name: script
      script: make other
    - stage: deploy
      script: skip
`);
    expect(rows(result)).toEqual([
      ['ci:travis:script:1', 'make test', '.travis.yml:1'],
      ['ci:travis:test:1', 'make unit', '.travis.yml:5'],
      ['ci:travis:test-2:1', 'make integration', '.travis.yml:7'],
      ['ci:travis:test-2:2', 'make e2e', '.travis.yml:7'],
      ['ci:travis:style-types:1', 'make lint', '.travis.yml:10'],
      ['ci:travis:script-2:1', 'make other', '.travis.yml:12'],
    ]);
    expect(result.ci[0]?.jobs.at(-1)).toEqual({ id: 'deploy', steps: [] });
    expect(questions(result)).toEqual([]);
  });

  test('travis_wait, travis_retry, pipes, && and $VARS are not adoptable; no argv is made up', () => {
    const result = scanTravis(`script:
  - ./bin/setup testpassword
  - travis_wait 25 coverage run --source=. manage.py test
  - travis_retry npm test
  - npm test | tee out.log
  - make build && make test
  - make $TARGET
`);
    expect(rows(result)).toEqual([
      ['ci:travis:script:1', './bin/setup testpassword', '.travis.yml:2'],
    ]);
    expect(result.not_adoptable.map((n) => [n.id, n.where, n.reason])).toEqual([
      [
        'ci:travis:script:2',
        '.travis.yml:3',
        `"travis_wait" is a shell function of Travis's own build script (it exists only there)`,
      ],
      [
        'ci:travis:script:3',
        '.travis.yml:4',
        `"travis_retry" is a shell function of Travis's own build script (it exists only there)`,
      ],
      ['ci:travis:script:4', '.travis.yml:5', 'needs a shell: a pipe (|)'],
      ['ci:travis:script:5', '.travis.yml:6', 'needs a shell: background or && chaining (&)'],
      ['ci:travis:script:6', '.travis.yml:7', 'needs a shell: variable or command expansion ($)'],
    ]);
  });

  test("import: of shared configuration is named as an unknown; the file's own script is still read", () => {
    const result = scanTravis(`import:
  - source: travis-ci/build-configs:shared.yml
script: make test
`);
    expect(rows(result)).toEqual([['ci:travis:script:1', 'make test', '.travis.yml:3']]);
    expect(result.unknowns).toContainEqual({
      question: '.travis.yml includes CI configuration from elsewhere',
      probe: 'read the import: entries in .travis.yml; their steps were not inspected',
    });
    expect(questions(scanTravis('script: make test\n'))).toEqual([]);
  });

  test('a job without a script and no top-level script runs the language default: an unknown', () => {
    const result = scanTravis(`language: node_js
jobs:
  include:
    - node_js: '18'
    - stage: lint
      script: npm run lint
`);
    expect(rows(result)).toEqual([['ci:travis:lint:1', 'npm run lint', '.travis.yml:6']]);
    expect(questions(result)).toContain(
      '.travis.yml: job 1 has no script scan could read (not a plain list, or defined elsewhere)',
    );
    const bare = scanTravis('language: ruby\n');
    expect(bare.candidates).toEqual([]);
    expect(questions(bare)).toContain(
      '.travis.yml: job script has no script scan could read (not a plain list, or defined elsewhere)',
    );
  });
});

describe('travis: hostile input', () => {
  test.each([
    ['a map', 'script:\n  run: make test\n'],
    ['a number', 'script: 42\n'],
    ['a !!binary value', 'script: !!binary bWFrZSB0ZXN0\n'],
    ['a custom tag', 'script: !shell make test\n'],
    ['a list holding a map', 'script:\n  - make test\n  - {run: make check}\n'],
    ['an empty list', 'script: []\n'],
    ['null', 'script:\n'],
  ])('script as %s: no candidate, the job is an unknown, nothing crashes', (_, text) => {
    const result = scanTravis(text);
    expect(result.candidates).toEqual([]);
    expect(result.not_adoptable).toEqual([]);
    expect(questions(result)).toContain(
      '.travis.yml: job script has no script scan could read (not a plain list, or defined elsewhere)',
    );
  });

  test('aliases: a script, its lines and whole jobs may be aliases; each line is offered once, where written', () => {
    const result = scanTravis(`_lines: &lines
  - make unit
_one: &one make lint
_job: &job
  stage: check
  script: *lines
script:
  - *one
  - make test
jobs:
  include:
    - *job
    - <<: *job
      name: again
    - script: *one
`);
    expect(rows(result)).toEqual([
      ['ci:travis:script:1', 'make lint', '.travis.yml:3'],
      ['ci:travis:script:2', 'make test', '.travis.yml:9'],
      ['ci:travis:check:1', 'make unit', '.travis.yml:2'],
    ]);
    expect(result.ci[0]?.jobs.map((j) => j.id)).toEqual(['script', 'check', 'again', '3']);
  });

  test('merges that name themselves end quickly instead of exploding', () => {
    const text = `a: &a\n  <<: [${Array.from({ length: 12 }, () => '*a').join(', ')}]\njobs:\n  include:\n${Array.from({ length: 50 }, () => '    - <<: *a\n').join('')}`;
    const result = scanTravis(text);
    expect(result.candidates).toEqual([]);
    expect(result.ci[0]?.jobs).toHaveLength(50);
  });

  test('many aliases are resolved in one pass over the file, not one document walk per alias', () => {
    // yaml's own Alias.resolve walks the document from the top each time: quadratic on a file of
    // aliases. The readers look each one up in a table built once.
    const walk = vi.spyOn(Alias.prototype, 'resolve');
    try {
      const travis = scanTravis(`x: &x make test\nscript:\n${'  - *x\n'.repeat(300)}`);
      expect(rows(travis)).toEqual([['ci:travis:script:1', 'make test', '.travis.yml:1']]);
      const gitlab = buildScan(
        ['.gitlab-ci.yml'],
        new Map([['.gitlab-ci.yml', '.x: &x make test\njob:\n  script:\n    - *x\n    - *x\n']]),
      );
      expect(gitlab.candidates.map((c) => c.where)).toEqual([
        '.gitlab-ci.yml:1',
        '.gitlab-ci.yml:1',
      ]);
      expect(walk).not.toHaveBeenCalled();
    } finally {
      walk.mockRestore();
    }
  });

  test(`a 10k-entry include list is bounded: ${MAX_TRAVIS_JOBS} jobs read, the rest counted in omitted`, () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => `    - script: make t${i}\n`);
    const result = scanTravis(`jobs:\n  include:\n${entries.join('')}`);
    expect(result.candidates).toHaveLength(MAX_TRAVIS_JOBS);
    expect(result.candidates.at(-1)).toMatchObject({
      id: `ci:travis:${MAX_TRAVIS_JOBS}:1`,
      argv: ['make', `t${MAX_TRAVIS_JOBS - 1}`],
      where: `.travis.yml:${MAX_TRAVIS_JOBS + 2}`,
    });
    expect(result.omitted).toEqual({ travis_jobs: 10_000 - MAX_TRAVIS_JOBS });
  });

  test.each([
    ['unclosed flow list', 'script: [make test\n'],
    ['bad indentation', 'script:\n  - make test\n - make check\n'],
    ['a list at the top', '- script: make test\n'],
    ['a plain string', 'make test\n'],
  ])('malformed YAML (%s) is unreadable: an unknown, never a crash', (_, text) => {
    const result = scanTravis(text);
    expect(result.candidates).toEqual([]);
    expect(result.ci).toEqual([]);
    expect(questions(result)).toContain(
      '.travis.yml could not be parsed, so no command was taken from it',
    );
  });

  test('only the root .travis.yml is read; one below the root or .travis.yaml is not CI', () => {
    expect(selectFilesToRead(['vendor/x/.travis.yml', '.travis.yaml'])).toEqual([]);
  });
});

describe('travis: a remote CI workflow like the others', () => {
  test("its workflow id is `travis` (the prefix of its candidate ids); a tier is a person's choice", () => {
    const scan = scanTravis(fixture('script-string'));
    const [control] = ciControls(makeManifest({ ci_tiers: { travis: 'observe' } }), scan);
    expect(control).toMatchObject({ workflow: 'travis', control: 'ci:travis', tier: 'observe' });
    expect(ciControls(makeManifest({}), scan)[0]?.tier).toBe('none');
    // no gh/glab download is made up for Travis: it keeps no result files
    const fetch = formatFetchCommand(control!, 'abc1234');
    expect(fetch).not.toMatch(/\bgh |glab /);
    expect(fetch).toContain('ci-results/travis/');
  });
});
