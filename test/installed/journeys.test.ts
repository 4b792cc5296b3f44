// Newcomer journeys: three small projects of our own in the shapes of common public ones
// (JavaScript, Python, C; test/fixtures/journeys/*/ABOUT.md) taken from scan to a granted project
// claim through the installed package, with no file edited by hand: only proofgate verbs and git
// commits. After the plane is built, the way forward is whatever `next:` lines the refused claim
// prints.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTempDir } from '../helpers/git-repo.ts';
import {
  describeLog,
  followToProjectClaim,
  nextCommands,
  startJourney,
  tracedOutputs,
} from '../helpers/journey.ts';
import type { Journey, Run } from '../helpers/journey.ts';
import { installPackedPackage } from '../helpers/packed.ts';
import type { InstalledPackage } from '../helpers/packed.ts';

const DECISIONS = [
  ...['--development-mode', 'human_brownfield', '--target-maturity', 'engineering_ready'],
  ...['--product-type', 'library', '--distribution-model', 'open_source', '--criticality', 'low'],
  ...['--data-sensitivity', 'public', '--no-ai-system', '--scope-mode', 'full_repo'],
  ...['--owner', 'alice'],
];
const NO_SECRETS = ['sh', '-c', '! git grep -nE "BEGIN [A-Z ]*PRIVATE KEY|AKIA[0-9A-Z]{16}"'];

let pkg: InstalledPackage;
let consumer: string;
const journeys: Journey[] = [];

beforeAll(() => {
  consumer = makeTempDir('pg-journeys-');
  writeFileSync(join(consumer, 'package.json'), '{"name":"journeys","private":true}\n');
  pkg = installPackedPackage(consumer);
}, 240_000);

afterAll(() => {
  const traced = journeys.flatMap((j) => tracedOutputs(j.log));
  expect(traced, 'no output anywhere contains a stack trace').toEqual([]);
  for (const j of journeys) j.remove();
});

function step(j: Journey, args: string[], code: number): Run {
  const run = j.pg(args);
  expect(run.code, describeLog(j.log, 1)).toBe(code);
  return run;
}

/** scan → the profile template → init with the decisions as flags → adopt --list. */
function startPlane(name: string, candidate: string): Journey {
  const j = startJourney(name, pkg.bin);
  journeys.push(j);
  expect(step(j, ['scan'], 0).stdout).toContain(`  ${candidate}  `);
  const profile = join(makeTempDir('pg-profile-'), 'profile.yaml');
  writeFileSync(profile, step(j, ['init', '--template'], 0).stdout);
  const init = step(j, ['init', '--profile', profile, ...DECISIONS], 0);
  // the copy is no npm project with proofgate installed and PATH has none: the commands it is
  // told to run name the installed bin by its absolute path
  expect(init.stdout).toContain(`node ${join(pkg.dir, 'bin', 'proofgate.js')} adopt --list`);
  expect(step(j, ['adopt', '--list'], 0).stdout).toContain(candidate);
  return j;
}

function notApplicable(j: Journey, id: string, rationale: string): void {
  const run = step(j, ['adopt', '--not-applicable', id, '--rationale', rationale], 0);
  expect(run.stdout).toContain(`${id} is NOT_APPLICABLE (owner human:alice`);
}

/** Every slot decided; the plane committed; the claim refused with runnable next: lines. */
function refuseThenGrant(j: Journey): string[] {
  expect(step(j, ['adopt', '--list'], 0).stdout).toMatch(/, 0 open slot\(s\)/);
  j.commit('proofgate plane');
  const refused = step(j, ['claim', '--scope', 'project'], 1);
  expect(refused.stdout.split('\n')[0]).toMatch(/^REFUSED \[project\]/);
  expect(nextCommands(refused.stdout).length).toBeGreaterThan(0);
  const { ran } = followToProjectClaim(j, 'walked through the README examples');
  // the refusals led through the run, the independent audits, the keys they need and the attestation
  for (const verb of [
    'evaluate --run',
    'audit --audit-stage cross',
    'authority keys generate',
    'attest',
  ])
    expect(
      ran.some((line) => line.split(' && ').some((part) => part.startsWith(`proofgate ${verb}`))),
      verb,
    ).toBe(true);
  expect(ran.some((l) => l.includes('--audit-stage release_authority'))).toBe(true);
  // the keys were generated in this clone, so its own signed audits were refused: the way on was
  // an audit from another clone, as printed
  expect(ran.some((l) => /^from a clone other than [0-9a-f]{8} /.test(l))).toBe(true);
  j.commit('evidence');
  expect(j.repo.git('status', '--porcelain')).toBe('');
  step(j, ['claim', '--scope', 'project', '--no-record'], 0);
  expect(step(j, ['verify', '--full'], 0).stdout).toMatch(/^INTACT /);
  return ran;
}

describe('newcomer journeys through the installed package', () => {
  test('npm-no-deps (JavaScript, node test.js, no dependencies)', () => {
    const j = startPlane('npm-no-deps', 'npm:test');
    step(j, ['adopt', 'npm:test', '--fills', 'ENG.TESTS'], 0);
    notApplicable(j, 'ENG.BUILD', 'plain ESM published as written: nothing to build');
    notApplicable(j, 'ENG.TYPECHECK', 'plain JavaScript without type annotations');
    notApplicable(j, 'ENG.LOCKFILE', 'no dependencies, so nothing to lock');
    notApplicable(j, 'SEC.VULN_SCAN', 'no dependencies to audit');
    step(j, ['adopt', '--fills', 'ENG.LINT', '--', 'node', '--check', 'index.js'], 0);
    // a first try at a secrets check: git grep exits 1 when it finds nothing, so it FAILs ...
    step(j, ['adopt', '--fills', 'SEC.SECRETS', '--', 'git', 'grep', '-nE', 'PRIVATE KEY'], 0);
    expect(step(j, ['evaluate', '--run', '--control', 'SEC.SECRETS'], 1).stdout).toMatch(
      /FAIL +SEC.SECRETS: exit 1/,
    );
    // ... and the person replaces the command from the command line, no registry edit
    step(j, ['adopt', '--fills', 'SEC.SECRETS', '--', ...NO_SECRETS], 0);
    refuseThenGrant(j);
  });

  test('python-tox-unittest (Python, stdlib unittest driven by tox.ini, no tox installed)', () => {
    const j = startPlane('python-tox-unittest', 'python:unittest');
    // tox would build virtualenvs (needs install authorization); its unittest command needs none
    expect(step(j, ['scan'], 0).stdout).toContain(
      'python:unittest  ["python3","-m","unittest","discover"]  (tox.ini:5)',
    );
    step(j, ['adopt', 'python:unittest', '--fills', 'ENG.TESTS'], 0);
    notApplicable(j, 'ENG.BUILD', 'a single pure-Python module: nothing to build');
    notApplicable(j, 'ENG.TYPECHECK', 'no type annotations to check');
    notApplicable(j, 'ENG.LOCKFILE', 'no runtime dependencies');
    notApplicable(j, 'SEC.VULN_SCAN', 'no runtime dependencies');
    step(j, ['adopt', '--fills', 'ENG.LINT', '--', 'python3', '-m', 'py_compile', 'dayspan.py'], 0);
    step(j, ['adopt', '--fills', 'SEC.SECRETS', '--', ...NO_SECRETS], 0);
    refuseThenGrant(j);
  });

  test('c-header-make (C, make test with cc; the tests write binaries next to the sources)', () => {
    const j = startPlane('c-header-make', 'make:test');
    step(j, ['adopt', 'make:test', '--fills', 'ENG.TESTS'], 0);
    // the Makefile's lint target needs clang-tidy, which this machine lacks: BLOCKED, named
    step(j, ['adopt', 'make:lint', '--fills', 'ENG.LINT'], 0);
    notApplicable(j, 'ENG.BUILD', 'header-only library: the tests compile it');
    notApplicable(j, 'ENG.TYPECHECK', 'the C compiler checks types when the tests build');
    notApplicable(j, 'ENG.LOCKFILE', 'no dependencies');
    notApplicable(j, 'SEC.VULN_SCAN', 'no dependencies');
    step(j, ['adopt', '--fills', 'SEC.SECRETS', '--', ...NO_SECRETS], 0);
    j.commit('proofgate plane');
    const lint = step(j, ['evaluate', '--run', '--control', 'ENG.LINT'], 1);
    expect(lint.stdout).toMatch(/BLOCKED +ENG.LINT: .*missing tool: clang-tidy/);
    // the person lints with the compiler instead, replacing the adopted target
    const syntax = ['gcc', '-fsyntax-only', '-Wall', '-Wextra', '-Werror', '-x', 'c', 'csvtok.h'];
    step(j, ['adopt', '--fills', 'ENG.LINT', '--', ...syntax], 0);
    j.commit('lint with the compiler');
    // make test leaves test/test_* binaries behind: the run's own output stales its result, and
    // the STALE line names them and the command that declares them as outputs
    step(j, ['evaluate', '--run', '--control', 'ENG.TESTS'], 0);
    const stale = step(j, ['status', '--control', 'ENG.TESTS'], 1).stdout;
    expect(stale).toMatch(/STALE +ENG.TESTS: .*uncommitted changes: test\/test_default/);
    const [declare] = nextCommands(stale);
    expect(declare).toMatch(
      /^proofgate adopt make:test( --outputs test\/test_\w+){4} --ignore-outputs$/,
    );
    // outputs are build products, never tracked sources: the same command appends the lines that
    // keep them out of the next `git add -A` (a tracked output is refused, OUTPUT_TRACKED)
    step(j, declare!.split(' ').slice(1), 0);
    expect(readFileSync(join(j.repo.dir, '.gitignore'), 'utf8')).toMatch(
      /# proofgate: outputs the controls write \(adopt --outputs\)\n(\/test\/test_\w+\n){4}$/,
    );
    const ran = refuseThenGrant(j);
    expect(ran.filter((l) => l.startsWith('proofgate evaluate'))).not.toEqual([]);
  });
});
