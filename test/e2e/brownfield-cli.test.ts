// Campaigns, baselines and CI imports through the real CLI, real git and the real ledger: the
// entries verify, and editing a baseline or campaign entry is caught like any other tamper.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runInProcess } from '../helpers/cli.ts';
import { makeRepo } from '../helpers/git-repo.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import { cleanUpRepos, track } from '../helpers/plane-repo.ts';

cleanUpRepos();

const REGISTRY = `version: 1
controls:
  - id: Q.lint
    title: Lint debt
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [node, lint.mjs], evaluation: ratchet }
    evidence_required: [violation fingerprints]
`;
const CAMPAIGN = `id: lint-debt
revision: 1
title: pay down lint debt
controls: [Q.lint]
exit_policy: { max_new_violations: 0, min_fixed: 1 }
phases:
  - id: p1
    title: first pass
    tasks:
      - { id: t1, title: fix a.ts, controls: [Q.lint] }
`;
const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const as = (authority: string) => ['--authority-id', authority, '--execution-context', 'local:e2e'];

describe('brownfield through the CLI', () => {
  test('baseline, register, list, ci-import; the entries verify; editing one is caught', async () => {
    const repo = track(
      makeRepo({
        '.proofgate/controls/manifest.yaml': `${manifestYaml()}ci_tiers: { ci: observe }\n`,
        '.proofgate/controls/registry.yaml': REGISTRY,
        '.github/workflows/ci.yml':
          'on: push\njobs:\n  test:\n    runs-on: x\n    steps:\n      - run: npm test\n',
        'lint.mjs':
          "console.log('no-var:a.ts:f\\nno-var:a.ts:g\\neqeqeq:b.ts:h');\nprocess.exit(1);\n",
        'campaign.yaml': CAMPAIGN,
        'junit.xml': '<testsuite><testcase name="a"/></testsuite>',
      }),
    );
    const root = ['--root', repo.dir];
    const baseline = await runInProcess(
      ['campaign', 'baseline', '--control', 'Q.lint', ...as('virtual:developer'), ...root],
      env,
    );
    expect(baseline.stdout.split('\n')[0]).toBe('RECORDED baseline of Q.lint: 3 violations');
    expect(baseline.code).toBe(0);
    const file = join(repo.dir, 'campaign.yaml');
    const register = await runInProcess(
      ['campaign', 'register', '--file', file, ...as('virtual:release-owner'), ...root],
      env,
    );
    expect(register.stdout.split('\n')[0]).toBe('REGISTERED campaign lint-debt r1');
    const refused = await runInProcess(
      ['campaign', 'register', '--file', file, ...as('virtual:developer'), ...root],
      env,
    );
    expect(refused.code).toBe(2);
    const list = await runInProcess(['campaign', 'list', ...root], env);
    expect(list.stdout).toContain('lint-debt r1 active: pay down lint debt');
    const commit = repo.git('rev-parse', 'HEAD').trim();
    const blocked = await runInProcess(
      ['campaign', 'import-ci', '--workflow', 'ci', '--commit', commit, ...root],
      env,
    );
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toContain(
      `next: proofgate campaign import-ci --workflow ci --commit ${commit} --junit <results.xml>`,
    );
    const junit = join(repo.dir, 'junit.xml');
    const imported = await runInProcess(
      [
        'campaign',
        'import-ci',
        '--workflow',
        'ci',
        '--commit',
        commit,
        '--junit',
        junit,
        ...as('virtual:developer'),
        ...root,
      ],
      env,
    );
    expect(imported.stdout.split('\n')[0]).toBe(
      'PASS [ci ci, tier observe] junit: 1 tests, 0 failed, 0 skipped',
    );
    expect((await runInProcess(['verify', '--full', ...root], env)).code).toBe(0);

    const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
    const segment = join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.jsonl'))!,
    );
    const original = readFileSync(segment, 'utf8');
    for (const [from, to] of [
      ['"max_new_violations":0', '"max_new_violations":9'],
      ['"count":3', '"count":0'],
    ] as const) {
      expect(original).toContain(from);
      writeFileSync(segment, original.replace(from, to));
      const verify = await runInProcess(['verify', '--full', ...root], env);
      expect(verify.code).toBe(3);
      expect(verify.stdout).toMatch(/PREV_MISMATCH|HASH/);
    }
    writeFileSync(segment, original);
    expect((await runInProcess(['verify', '--full', ...root], env)).code).toBe(0);
  });
});
