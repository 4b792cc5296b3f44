// First contact on real projects: a Python package, a Rust crate and an npm library are each taken
// through the installed package from `scan` to a granted task claim, the way README.md and
// references/init.md tell a newcomer, with no file edited by hand (only proofgate verbs and git
// add/commit/push), and then packed by their own packager to show the plane is not in the package.
//
// The projects: always the three of test/fixtures/first-contact (our own code); plus every
// directory with a source.json ({repo, commit, license}) under $PROOFGATE_REAL_PROJECTS, or else
// under shared/fixtures/projects beside the checkout. Those are public repositories' files, which
// this repository does not commit; without them that suite says it is skipped.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTempDir } from '../helpers/git-repo.ts';
import { describeLog, followToClaim, startJourneyFrom, tracedOutputs } from '../helpers/journey.ts';
import type { Journey, Run } from '../helpers/journey.ts';
import { installPackedPackage } from '../helpers/packed.ts';
import type { InstalledPackage } from '../helpers/packed.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';
import {
  ecosystemOf,
  firstContactDecisions,
  missingToolchain,
  packagedFiles,
} from '../helpers/first-contact.ts';
import type { Ecosystem } from '../helpers/first-contact.ts';
import { toolchainEnv } from '../helpers/toolchain-env.ts';

const OWN = fileURLToPath(new URL('../fixtures/first-contact/', import.meta.url));
const REAL =
  process.env['PROOFGATE_REAL_PROJECTS'] ??
  fileURLToPath(new URL('../../../shared/fixtures/projects/', import.meta.url));

interface Source {
  repo: string;
  commit: string;
  license: string;
  /**
   * How the owner runs the tests offline, when not by the ecosystem's usual candidate: another
   * scanned candidate's id, or the owner's own command (argv) when scan offers none that runs.
   */
  tests?: string | string[];
}

interface Project {
  name: string;
  dir: string;
  source?: Source;
}

const ownProjects: Project[] = ['python-pytest', 'rust-crate', 'npm-lib'].map((name) => ({
  name,
  dir: join(OWN, name),
}));

const realProjects: Project[] = existsSync(REAL)
  ? readdirSync(REAL, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(REAL, e.name, 'source.json')))
      .map((e) => ({
        name: e.name,
        dir: join(REAL, e.name),
        source: JSON.parse(readFileSync(join(REAL, e.name, 'source.json'), 'utf8')) as Source,
      }))
  : [];

/** The owner's decisions, as flags over the template (references/init.md). */
const DECISIONS = [
  ...['--development-mode', 'human_brownfield', '--target-maturity', 'engineering_ready'],
  ...['--product-type', 'library', '--distribution-model', 'open_source', '--criticality', 'low'],
  ...['--data-sensitivity', 'public', '--no-ai-system', '--scope-mode', 'full_repo'],
  ...['--owner', 'alice'],
];

/** The ecosystem's test candidate as scan names it. */
const TEST_CANDIDATE: Record<Ecosystem, string> = {
  python: 'python:pytest',
  rust: 'cargo:test',
  npm: 'npm:test',
};

let pkg: InstalledPackage;
const journeys: Journey[] = [];
const cleanups: (() => void)[] = [];
const timings: string[] = [];

beforeAll(() => {
  const consumer = makeTempDir('pg-first-contact-');
  writeFileSync(join(consumer, 'package.json'), '{"name":"first-contact","private":true}\n');
  pkg = installPackedPackage(consumer);
}, 240_000);

afterAll(() => {
  const traced = journeys.flatMap((j) => tracedOutputs(j.log));
  expect(traced, 'no output anywhere contains a stack trace').toEqual([]);
  for (const j of journeys) j.remove();
  for (const cleanup of cleanups) cleanup();
  if (timings.length > 0) console.log(`first contact:\n  ${timings.join('\n  ')}`);
});

function step(j: Journey, args: string[], code: number): Run {
  const run = j.pg(args);
  expect(run.code, describeLog(j.log, 1)).toBe(code);
  return run;
}

/** The slot ids `adopt --list` names as open. */
function openSlots(list: string): string[] {
  const section = list.split(/^open slots .*$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([A-Z][A-Z0-9_.]+): /gm)].map((m) => m[1]!);
}

/** The candidate ids scan lists, in order. */
function candidates(scan: string): string[] {
  return [...scan.matchAll(/^ {2}(\S+) {2}\[/gm)].map((m) => m[1]!);
}

function firstContact(project: Project): void {
  const started = Date.now();
  const ecosystem = ecosystemOf(project.dir);
  const j = startJourneyFrom(project.dir, project.name, pkg.bin, {
    leaveOut: ['source.json'],
    env: toolchainEnv(),
    installed: existsSync(join(project.dir, 'node_modules')) ? ['node_modules'] : [],
  });
  journeys.push(j);
  const before = packagedFiles(ecosystem, j.repo.dir);

  // scan, then init with the owner's decisions (the template filled in by flags), as README says
  const scan = step(j, ['scan'], 0).stdout;
  const tests = project.source?.tests ?? TEST_CANDIDATE[ecosystem];
  if (typeof tests === 'string') expect(candidates(scan), scan).toContain(tests);
  const profile = join(makeTempDir('pg-profile-'), 'profile.yaml');
  writeFileSync(profile, step(j, ['init', '--template'], 0).stdout);
  step(j, ['init', '--profile', profile, ...DECISIONS], 0);
  step(j, ['install', '--skill'], 0);
  step(j, ['install', '--hook', 'claude'], 0);

  // the scanned test command fills ENG.TESTS; every other slot gets the owner's decision
  step(
    j,
    typeof tests === 'string'
      ? ['adopt', tests, '--fills', 'ENG.TESTS']
      : ['adopt', '--fills', 'ENG.TESTS', '--', ...tests],
    0,
  );
  const open = openSlots(step(j, ['adopt', '--list'], 0).stdout);
  for (const decision of firstContactDecisions(ecosystem, j.repo.dir))
    if (open.includes(decision[2]!)) step(j, decision, 0);
  expect(step(j, ['adopt', '--list'], 0).stdout).toMatch(/, 0 open slot\(s\)/);
  j.commit('proofgate plane');

  // the first run, then whatever the claim asks for: keys, audits from a clone of their own, the
  // acceptance attestation; then the plane and its evidence are published
  step(j, ['evaluate', '--run'], 1);
  followToClaim(j, ['claim', '--control', 'ENG.TESTS'], 'first contact: the tests pass');
  j.commit('evidence');
  cleanups.push(pushToOrigin(j.repo));

  // a task: a small change, committed, run, and claimed by following what the claim prints
  appendComment(j, ecosystem);
  j.commit('task: a comment in the library');
  // The run passes every control it runs; the acceptance attestation binds the code it accepted
  // (references/attest.md), so after the change it is the one TODO and evaluate says INCOMPLETE.
  const run = step(j, ['evaluate', '--run'], 1);
  expect(run.stdout).toMatch(/PASS +ENG\.TESTS/);
  expect(run.stdout.split('\n')[0]).toMatch(/^INCOMPLETE .*\b1 TODO\b/);
  const notPassing = [...run.stdout.matchAll(/^ {2}([A-Z_]+) +([A-Z][A-Z0-9_.]+): /gm)]
    .filter((m) => m[1] !== 'PASS' && m[1] !== 'NOT_APPLICABLE')
    .map((m) => `${m[1]} ${m[2]}`);
  expect(notPassing, run.stdout).toEqual(['TODO PRD.ACCEPTANCE']);
  expect(run.stdout).toMatch(/^ {2}TODO +PRD\.ACCEPTANCE: no attestation for the current code/m);
  // At engineering_ready a task rests on the self stage (the Stop hook runs its fast controls
  // again): no second clone, no key, no audit to follow; only the acceptance is given again.
  const { ran } = followToClaim(j, ['claim', '--control', 'ENG.TESTS'], 'the change is a comment');
  // The acceptance attestation binds the code it accepted (references/attest.md): the task's
  // change needs the owner's acceptance again, and nothing else.
  const accept = /^proofgate attest --control PRD\.ACCEPTANCE /;
  expect(ran.filter((line) => accept.test(line)).length, ran.join('\n')).toBeGreaterThan(0);
  expect(
    ran.filter((line) => !accept.test(line)),
    ran.join('\n'),
  ).toEqual([]);
  j.commit('evidence of the task');
  expect(j.repo.git('status', '--porcelain')).toBe('');
  const granted = step(j, ['claim', '--control', 'ENG.TESTS', '--no-record'], 0);
  expect(granted.stdout.split('\n')[0]).toMatch(/^COMPLETED \[task\]/);
  expect(granted.stdout).toContain('task scope (the change since origin/main)');
  expect(step(j, ['verify', '--full'], 0).stdout).toMatch(/^INTACT /);

  // the project's own package: what it held before, and nothing of proofgate's
  const after = packagedFiles(ecosystem, j.repo.dir);
  const leaked = after.filter((f) => /^(\.proofgate|\.claude\/skills|\.agents\/skills)\//.test(f));
  expect(leaked, `${ecosystem} package of ${project.name}`).toEqual([]);
  // what it gained is the packaging file init wrote, if the packager packs it, and the agent's
  // hook settings: the project's own configuration (references/hook.md), which a package that
  // ships its dotfiles ships as it ships .github/
  const gained = after.filter((f) => !before.includes(f));
  expect(gained, 'files the package gained').toEqual(
    gained.filter((f) => ['MANIFEST.in', '.npmignore', '.claude/settings.json'].includes(f)),
  );
  expect(
    before.filter((f) => !after.includes(f)),
    'files the package lost',
  ).toEqual([]);
  const origin =
    project.source === undefined
      ? 'own'
      : `${project.source.repo}@${project.source.commit.slice(0, 12)}`;
  timings.push(
    `${project.name} (${ecosystem}, ${origin}): granted in ${((Date.now() - started) / 1000).toFixed(1)} s, ${j.log.length} commands`,
  );
}

/** The task's change: a comment line at the end of the first tracked source file. */
function appendComment(j: Journey, ecosystem: Ecosystem): void {
  const pattern = { python: /\.py$/, rust: /^src\/.*\.rs$/, npm: /\.[cm]?js$/ }[ecosystem];
  const comment = { python: '# task: noted\n', rust: '// task: noted\n', npm: '// task: noted\n' }[
    ecosystem
  ];
  const file = j.repo
    .git('ls-files')
    .split('\n')
    .find((f) => pattern.test(f) && !/^(\.|test|tests)\//.test(f));
  expect(file, 'a source file to change').toBeDefined();
  const path = join(j.repo.dir, file!);
  writeFileSync(path, `${readFileSync(path, 'utf8')}${comment}`);
}

/** A project's toolchain missing on this machine (its test is then skipped, saying which). */
function missingTool(project: Project): string | undefined {
  return missingToolchain(ecosystemOf(project.dir));
}

describe('first contact with our own Python, Rust and npm projects', () => {
  for (const p of ownProjects)
    test.skipIf(missingTool(p) !== undefined)(
      `${p.name}: scan to a granted task claim, no plane in the package${skipped(p)}`,
      () => firstContact(p),
      300_000,
    );
});

describe.skipIf(realProjects.length === 0)(
  `first contact with the real public projects in ${REAL}`,
  () => {
    for (const p of realProjects)
      test.skipIf(missingTool(p) !== undefined)(
        `${p.name} (${p.source?.repo} at ${p.source?.commit})${skipped(p)}`,
        () => firstContact(p),
        600_000,
      );
  },
);

function skipped(project: Project): string {
  const missing = missingTool(project);
  return missing === undefined ? '' : ` (skipped: ${missing} is not installed here)`;
}
