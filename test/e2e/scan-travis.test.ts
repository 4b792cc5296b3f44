// A repository whose only CI is a .travis.yml, through the built CLI: scan offers its plain script
// line and names the ones that need Travis's shell, adopt --list shows the same, adopting the line
// for the test slot makes it a control, and evaluate --run records its PASS.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { listTree, makeRepo, runCli, VALID_PROFILE } from '../helpers/plane-cli.ts';

const TRAVIS = `language: node_js
install:
  - npm ci
script:
  - git --version
  - travis_wait 20 npm test
jobs:
  include:
    - stage: lint
      script: npm run lint | tee lint.log
`;

const PROFILE = `${VALID_PROFILE.replace('target_maturity: engineering_ready', 'target_maturity: prototype')}owner: human:alice\n`;

describe('a .travis.yml step from scan to recorded evidence', () => {
  test('scan and adopt --list offer it, adopt fills ENG.TESTS, evaluate --run records a PASS', () => {
    const dir = makeRepo({ '.travis.yml': TRAVIS });
    const before = listTree(dir);

    const scan = runCli(['scan'], dir);
    expect(scan.code, scan.stderr).toBe(0);
    expect(scan.stdout).toContain('ci: .travis.yml (travis) jobs script[2] lint[1]');
    expect(scan.stdout).toContain('ci:travis:script:1  ["git","--version"]  (.travis.yml:5)');
    expect(scan.stdout).toContain(
      `ci:travis:script:2  (.travis.yml:6): "travis_wait" is a shell function of Travis's own build script`,
    );
    expect(scan.stdout).toContain('ci:travis:lint:1  (.travis.yml:10): needs a shell: a pipe (|)');
    expect(scan.stdout).not.toContain('npm ci');
    expect(listTree(dir)).toEqual(before);

    const json = JSON.parse(runCli(['scan', '--json'], dir).stdout) as {
      candidates: { id: string; argv: string[]; where: string }[];
      ci: { path: string; system: string }[];
    };
    expect(json.candidates.map((c) => [c.id, c.argv, c.where])).toEqual([
      ['ci:travis:script:1', ['git', '--version'], '.travis.yml:5'],
    ]);
    expect(json.ci.map((f) => [f.path, f.system])).toEqual([['.travis.yml', 'travis']]);

    writeFileSync(join(dir, 'profile.yaml'), PROFILE);
    const init = runCli(['init', '--profile', 'profile.yaml'], dir);
    expect(init.code, init.stderr).toBe(0);
    const list = runCli(['adopt', '--list'], dir);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('ci:travis:script:1  ["git","--version"]  (.travis.yml:5)');
    expect(list.stdout).toContain('ci:travis:script:2 (.travis.yml:6): "travis_wait"');

    // the lines that need Travis's shell are refused, never turned into an argv
    const refused = runCli(['adopt', 'ci:travis:script:2', '--fills', 'ENG.TESTS'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('ci:travis:script:2 cannot be adopted as written');

    const adopt = runCli(['adopt', 'ci:travis:script:1', '--fills', 'ENG.TESTS'], dir);
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(adopt.stdout).toContain(
      'adopt: ENG.TESTS now runs ["git","--version"] (from ci:travis:script:1)',
    );

    const run = runCli(['evaluate', '--run', '--control', 'ENG.TESTS'], dir);
    expect(run.stdout).toMatch(/PASS {5}ENG\.TESTS: exit 0/);
    const status = runCli(['status', '--control', 'ENG.TESTS'], dir);
    expect(status.stdout).toMatch(/PASS +ENG\.TESTS: exit 0 .*see evidence [0-9a-f]{12}/);
  });
});
