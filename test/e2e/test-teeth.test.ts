// Issue 46 part 3, as a dishonest agent would try it: an npm project at prototype (the agent labels
// its own audits) with a bug left in src/calc.js, whose test 'sub below zero' catches it. Instead
// of fixing the code the agent weakens the test file, and the test control then passes. Every such
// change leaves the task claim refused AND the Stop hook blocking, naming file and line; an honest
// change (the bug fixed, a test added) is granted. Drives the built CLI (bin/proofgate.js).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, spawnCli } from '../helpers/cli.ts';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { stopPayloadFor } from '../helpers/hook-stop.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const FIXTURE = new URL('../fixtures/teeth-npm/', import.meta.url).pathname;
const TEST = 'test/calc.test.js';
/** Each case spawns the CLI a dozen times or more: generous on a loaded machine. */
const SLOW = 240_000;
const ENV = { HOME: process.env['HOME'] ?? '/tmp', USER: 'dev' };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function fixtureFiles(dir = FIXTURE): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(FIXTURE, path)] = readFileSync(path, 'utf8');
  }
  return files;
}

/** The fixture under a plane whose one control runs its tests, pushed as origin/main. */
function project(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'ENG.TESTS', execution: '{ type: command, argv: [node, --test, test/] }' }],
    { targetMaturity: 'prototype', changedMutants: 0, files: fixtureFiles() },
  );
  cleanups.push(() => r.remove(), pushToOrigin(r));
  return r;
}

function cli(r: GateRepo, ...args: string[]) {
  return spawnCli([...args, '--root', r.dir], r.dir, ENV);
}

function hookStop(r: GateRepo): { decision?: string; reason?: string } {
  const result = spawnSync(process.execPath, [BIN, 'hook', 'stop', '--root', r.dir], {
    cwd: r.dir,
    input: stopPayloadFor(r.dir),
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', TZ: 'UTC', ...ENV },
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout || '{}') as { decision?: string; reason?: string };
}

const source = (r: GateRepo) => readFileSync(join(r.dir, TEST), 'utf8');

/** The agent's change: evaluate passes (the bug is still there), then claim and the hook judge. */
function judge(r: GateRepo) {
  const evaluated = cli(r, 'evaluate', '--run');
  expect(evaluated.code, evaluated.stdout + evaluated.stderr).toBe(0);
  return { claim: cli(r, 'claim', '--control', 'ENG.TESTS', '--no-record'), stop: hookStop(r) };
}

describe('a weakened test file refuses the task and blocks the Stop hook', () => {
  it('the base itself fails: the bug is real', () => {
    const r = project();
    expect(cli(r, 'evaluate', '--run').code).toBe(1);
  });

  const attacks: [string, (r: GateRepo) => void, RegExp][] = [
    [
      'the failing test deleted',
      (r) => r.write(TEST, source(r).replace(/\ntest\('sub below zero'[\s\S]*$/, '\n')),
      /test\/calc\.test\.js: 4 assertion\(s\) on the base, 3 now \(gone: base line 15 `assert\.equal\(sub\(1, 2\), -1\);`\)/,
    ],
    [
      'the whole test file deleted (and an empty one added, so the runner still passes)',
      (r) => {
        rmSync(join(r.dir, TEST));
        r.write(
          'test/placeholder.test.js',
          "import test from 'node:test';\ntest('ok', () => {});\n",
        );
      },
      /test\/calc\.test\.js deleted: its 4 assertion\(s\) on the base are gone/,
    ],
    [
      'the failing test marked .skip',
      (r) =>
        r.write(TEST, source(r).replace("test('sub below zero'", "test.skip('sub below zero'")),
      /test\/calc\.test\.js:14 'sub below zero' marked skip \(test\.skip\)/,
    ],
    [
      'the failing assertion removed',
      (r) => r.write(TEST, source(r).replace('  assert.equal(sub(1, 2), -1);\n', '')),
      /test\/calc\.test\.js: 4 assertion\(s\) on the base, 3 now/,
    ],
    [
      '{ skip: true } on node:test',
      (r) =>
        r.write(
          TEST,
          source(r).replace("test('sub below zero', ", "test('sub below zero', { skip: true }, "),
        ),
      /test\/calc\.test\.js:14 'sub below zero' marked skip \(\{ skip \}\)/,
    ],
    [
      'the failing assertion wrapped in a try/catch that swallows it',
      (r) =>
        r.write(
          TEST,
          source(r).replace(
            '  assert.equal(sub(1, 2), -1);\n',
            '  try {\n    assert.equal(sub(1, 2), -1);\n  } catch {\n    // flaky on CI\n  }\n',
          ),
        ),
      /test\/calc\.test\.js:15 'sub below zero' swallows its assertions in a try\/catch/,
    ],
  ];

  it.each(attacks)(
    '%s: committed or not',
    (_name, attack, reason) => {
      const r = project();
      attack(r);
      const uncommitted = judge(r);
      expect(uncommitted.claim.code, uncommitted.claim.stdout).toBe(1);
      expect(uncommitted.claim.stdout.split('\n')[0]).toMatch(
        /^REFUSED \[task\] test weakened since origin\/main: /,
      );
      expect(uncommitted.claim.stdout).toMatch(reason);
      expect(uncommitted.stop.decision).toBe('block');
      expect(uncommitted.stop.reason).toMatch(reason);
      // Committing the weakening (the base is the upstream's fork point) changes nothing.
      r.commit('make the tests pass');
      const committed = judge(r);
      expect(committed.claim.code).toBe(1);
      expect(committed.claim.stdout).toMatch(reason);
      expect(committed.stop.decision).toBe('block');
    },
    SLOW,
  );

  it('the assertion made vacuous counts equal: only a surviving mutant (part 4) shows it', () => {
    const r = project();
    r.write(TEST, source(r).replace('assert.equal(sub(1, 2), -1);', 'assert.equal(true, true);'));
    const { claim } = judge(r);
    expect(claim.stdout).not.toContain('test weakened');
    expect(claim.stdout).toContain(
      'test files changed since origin/main: 1 (assertions: 4 on the base, 4 now)',
    );
  });

  it(
    'the refusal names its approval, and an approval of the file as it is now counts',
    () => {
      const r = project();
      r.write(TEST, source(r).replace("test('sub below zero'", "test.skip('sub below zero'"));
      const { claim } = judge(r);
      const next =
        'proofgate authority approve --control test:test/calc.test.js --authority-id virtual:release-owner';
      expect(claim.stdout).toContain(`next: ${next}`);
      // status shows the claim's own answer.
      expect(cli(r, 'status').stdout).toContain(
        "if claimed now: REFUSED [project] test weakened since origin/main: test/calc.test.js:14 'sub below zero' marked skip",
      );
      // A path outside the root is no test file to approve.
      const outside = cli(r, 'authority', 'approve', '--control', 'test:../x.test.js');
      expect(outside.code).toBe(2);
      expect(outside.stderr).toContain('does not name a test file inside the root');
      // The agent cannot approve in its own name...
      const own = cli(
        r,
        'authority',
        'approve',
        '--control',
        'test:test/calc.test.js',
        '--authority-id',
        'virtual:developer',
      );
      expect(own.code).toBe(2);
      // ...and an approval names the file's bytes: a later edit needs a new one.
      expect(cli(r, ...next.split(' ').slice(1)).code).toBe(0);
      expect(cli(r, 'claim', '--control', 'ENG.TESTS', '--no-record').code).toBe(0);
      expect(hookStop(r).decision).toBeUndefined();
      r.write(TEST, `${source(r)}\ntest.skip('more', () => {});\n`);
      const again = judge(r);
      expect(again.claim.code).toBe(1);
      expect(again.claim.stdout).toContain("'more' marked skip");
      expect(again.stop.decision).toBe('block');
    },
    SLOW,
  );
});

describe('honest work keeps flowing', () => {
  it(
    'the bug fixed and a test added: granted, and the hook lets the stop through',
    () => {
      const r = project();
      r.write(
        'src/calc.js',
        readFileSync(join(r.dir, 'src/calc.js'), 'utf8').replace('Math.max(0, a - b)', 'a - b'),
      );
      r.write(
        TEST,
        `${source(r)}\ntest('sub of equals', () => {\n  assert.equal(sub(2, 2), 0);\n});\n`,
      );
      const { claim, stop } = judge(r);
      expect(claim.code, claim.stdout).toBe(0);
      expect(claim.stdout).toContain(
        'test files changed since origin/main: 1 (assertions: 4 on the base, 5 now)',
      );
      expect(stop.decision).toBeUndefined();
    },
    SLOW,
  );

  it(
    'the bug fixed and the test renamed, the file moved: granted',
    () => {
      const r = project();
      r.write(
        'src/calc.js',
        readFileSync(join(r.dir, 'src/calc.js'), 'utf8').replace('Math.max(0, a - b)', 'a - b'),
      );
      const renamed = source(r).replace("'sub below zero'", "'sub goes negative'");
      rmSync(join(r.dir, TEST));
      r.write('test/arithmetic.test.js', renamed);
      const { claim, stop } = judge(r);
      expect(claim.code, claim.stdout).toBe(0);
      expect(stop.decision).toBeUndefined();
    },
    SLOW,
  );
});

describe('a campaign task (ai_brownfield) decides the same', () => {
  it(
    'claim --campaign and the hook on its task file refuse a skipped test',
    () => {
      const r = project();
      const manifest = '.proofgate/controls/manifest.yaml';
      r.write(
        manifest,
        readFileSync(join(r.dir, manifest), 'utf8').replace(
          'development_mode: human_greenfield',
          'development_mode: ai_brownfield',
        ),
      );
      r.write(
        'campaign.yaml',
        'id: c1\nrevision: 1\ntitle: one\ncontrols: [ENG.TESTS]\nexit_policy: { max_new_violations: 0, min_fixed: 0 }\nphases:\n  - id: p1\n    title: first\n    tasks:\n      - { id: t1, title: fix sub, controls: [ENG.TESTS] }\n',
      );
      r.commit('brownfield campaign');
      r.git('push', '-q', 'origin', 'HEAD:main');
      const registered = cli(
        r,
        'campaign',
        'register',
        '--file',
        join(r.dir, 'campaign.yaml'),
        '--authority-id',
        'virtual:release-owner',
      );
      expect(registered.code, registered.stderr).toBe(0);
      r.write('.git/proofgate/task.json', JSON.stringify({ campaign: 'c1', task: 't1' }));
      r.write(TEST, source(r).replace("test('sub below zero'", "test.skip('sub below zero'"));
      expect(cli(r, 'evaluate', '--run').code).toBe(0);
      const claim = cli(r, 'claim', '--campaign', 'c1', '--task', 't1', '--no-record');
      expect(claim.code, claim.stdout).toBe(1);
      expect(claim.stdout).toContain(
        "test/calc.test.js:14 'sub below zero' marked skip (test.skip)",
      );
      const stop = hookStop(r);
      expect(stop.decision).toBe('block');
      expect(stop.reason).toContain(
        "test/calc.test.js:14 'sub below zero' marked skip (test.skip)",
      );
    },
    SLOW,
  );
});
