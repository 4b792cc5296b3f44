// First contact beyond npm (issue 49): a Python package (pytest) and a Rust crate of our own
// (test/fixtures/first-contact), with proofgate installed per user: the `proofgate` on PATH is the
// built bin (test/fixtures/path-bin), as `npm install --global <tarball>` would make it, and no
// npm file is ever written into the project. The committed Stop hook, run as the agent's client
// runs it (`sh -c` with the payload on stdin), blocks naming the failing control while the tests
// fail and lets the stop through after the fix; a plain `proofgate claim` is granted; the lockfile
// control points at the project's own lockfile.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { makeTempDir } from '../helpers/git-repo.ts';
import { describeLog, followToClaim, startJourneyFrom, type Journey } from '../helpers/journey.ts';
import { firstContactDecisions, missingToolchain } from '../helpers/first-contact.ts';
import { runShellHook, stopPayloadFor } from '../helpers/hook-stop.ts';
import { toolchainEnv } from '../helpers/toolchain-env.ts';

const OWN = fileURLToPath(new URL('../fixtures/first-contact/', import.meta.url));

const DECISIONS = [
  ...['--development-mode', 'human_brownfield', '--target-maturity', 'engineering_ready'],
  ...['--product-type', 'library', '--distribution-model', 'open_source', '--criticality', 'low'],
  ...['--data-sensitivity', 'public', '--no-ai-system', '--scope-mode', 'full_repo'],
  ...['--owner', 'alice'],
];

/** npm's files: none may appear in a Python or Rust project. */
const NPM_FILES = ['package.json', 'package-lock.json', '.npmignore', 'node_modules', '.npmrc'];

interface Case {
  name: 'python-pytest' | 'rust-crate';
  ecosystem: 'python' | 'rust';
  tests: string;
  /** The project's own lockfile, and what writes it when the fixture has none. */
  lockfile: string;
  addLockfile?: (dir: string) => void;
  /** A change that makes a test fail, and its fix (a different text: the tree moves on). */
  breakIt: [file: string, from: string, to: string];
  fixIt: [file: string, from: string, to: string];
}

const CASES: Case[] = [
  {
    name: 'python-pytest',
    ecosystem: 'python',
    tests: 'python:pytest',
    lockfile: 'requirements-test.txt',
    // pip's lockfile: requirements pinned with hashes (our own pin; nothing installs it here)
    addLockfile: (dir) =>
      writeFileSync(
        join(dir, 'requirements-test.txt'),
        `pytest==8.3.4 \\\n    --hash=sha256:${'0'.repeat(64)}\n`,
      ),
    breakIt: [
      'src/wordcount/__init__.py',
      'len(_WORD.findall(text))',
      'len(_WORD.findall(text)) + 1',
    ],
    fixIt: [
      'src/wordcount/__init__.py',
      'len(_WORD.findall(text)) + 1',
      'sum(1 for _ in _WORD.finditer(text))',
    ],
  },
  {
    name: 'rust-crate',
    ecosystem: 'rust',
    tests: 'cargo:test',
    lockfile: 'Cargo.lock',
    breakIt: ['src/lib.rs', 'part as f64 / whole as f64', 'part as f64 / whole as f64 / 2.0'],
    fixIt: ['src/lib.rs', 'part as f64 / whole as f64 / 2.0', '(part as f64) / (whole as f64)'],
  },
];

const journeys: Journey[] = [];
afterAll(() => {
  for (const j of journeys) j.remove();
});

function step(j: Journey, args: string[], code: number): string {
  const run = j.pg(args);
  expect(run.code, describeLog(j.log, 1)).toBe(code);
  return run.stdout;
}

function edit(j: Journey, [file, from, to]: [string, string, string]): void {
  const path = join(j.repo.dir, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

/** The committed Stop hook, run as Claude Code runs it. */
function stopHook(j: Journey) {
  const settings = JSON.parse(
    readFileSync(join(j.repo.dir, '.claude', 'settings.json'), 'utf8'),
  ) as {
    hooks: { Stop: { hooks: { command: string }[] }[] };
  };
  const command = settings.hooks.Stop[0]!.hooks[0]!.command;
  expect(command).toMatch(/^cd "\$\{CLAUDE_PROJECT_DIR:-\.\}" && command proofgate hook stop /);
  return runShellHook(command, j.repo.dir, stopPayloadFor(j.repo.dir), {
    CLAUDE_PROJECT_DIR: j.repo.dir,
    HOME: makeTempDir('pg-hook-home-'),
    ...toolchainEnv(),
  });
}

function firstContact(c: Case): void {
  const started = Date.now();
  // The per-user proofgate is on the PATH of every shell the user opens, the one that runs the
  // printed next: lines included.
  const j = startJourneyFrom(join(OWN, c.name), c.name, 'proofgate', {
    env: { PATH: process.env['PATH'] ?? '', ...toolchainEnv() },
  });
  journeys.push(j);
  if (c.addLockfile !== undefined) {
    c.addLockfile(j.repo.dir);
    j.commit('pin the test dependencies');
  }

  // the README's steps, with the profile kept outside the project
  expect(step(j, ['scan'], 0)).toContain(c.tests);
  const profile = join(makeTempDir('pg-profile-'), 'profile.yaml');
  writeFileSync(profile, step(j, ['init', '--template'], 0));
  const init = step(j, ['init', '--profile', profile, ...DECISIONS], 0);
  expect(init).not.toContain('profile:');
  step(j, ['install', '--skill'], 0);
  step(j, ['install', '--hook', 'claude'], 0);
  // the lockfile control is a file check of the project's own lockfile
  const registry = parse(
    readFileSync(join(j.repo.dir, '.proofgate', 'controls', 'registry.yaml'), 'utf8'),
  ) as { controls: { id: string; execution: { type: string; path?: string } }[] };
  const lockfile = registry.controls.find((control) => control.id === 'ENG.LOCKFILE');
  expect(lockfile?.execution).toEqual({ type: 'file', path: c.lockfile, condition: 'exists' });
  step(j, ['adopt', c.tests, '--fills', 'ENG.TESTS'], 0);
  const list = step(j, ['adopt', '--list'], 0);
  const open = [
    ...(list.split(/^open slots .*$/m)[1] ?? '').matchAll(/^ {2}([A-Z][A-Z0-9_.]+): /gm),
  ].map((m) => m[1]!);
  for (const decision of firstContactDecisions(c.ecosystem, j.repo.dir))
    if (open.includes(decision[2]!)) step(j, decision, 0);
  expect(step(j, ['adopt', '--list'], 0)).toMatch(/, 0 open slot\(s\)/);
  j.commit('proofgate plane');

  // a change that breaks a test: the committed hook blocks, naming the failing control
  edit(j, c.breakIt);
  j.commit('a change that breaks a test');
  expect(j.pg(['evaluate', '--run']).code).toBe(1);
  const blocked = stopHook(j);
  expect(blocked.code, blocked.stderr).toBe(0);
  const block = JSON.parse(blocked.stdout) as { decision?: string; reason?: string };
  expect(block.decision).toBe('block');
  expect(block.reason).toMatch(/ENG\.TESTS \[self\] FAIL/);
  expect(block.reason).toContain('Then: proofgate claim. Do not report done');

  // the fix; then a plain claim, followed to its grant as a newcomer would
  edit(j, c.fixIt);
  j.commit('the fix');
  const { ran } = followToClaim(j, ['claim'], 'first contact: the fix');
  expect(ran.filter((line) => /^proofgate claim .*--control/.test(line))).toEqual([]);
  j.commit('evidence');
  const granted = step(j, ['claim', '--no-record'], 0);
  expect(granted.split('\n')[0]).toMatch(/^COMPLETED \[task\]/);

  // the committed hook lets the stop through now
  const released = stopHook(j);
  expect(released.code, released.stderr).toBe(0);
  expect(released.stdout.includes('"block"'), released.stdout).toBe(false);

  // no npm file appeared anywhere in the project
  for (const file of NPM_FILES) expect(existsSync(join(j.repo.dir, file)), file).toBe(false);
  console.log(
    `${c.name}: ${((Date.now() - started) / 1000).toFixed(1)} s, ${j.log.length} commands to a granted plain claim`,
  );
}

describe('first contact with a Python package and a Rust crate, proofgate installed per user', () => {
  for (const c of CASES) {
    const missing = missingToolchain(c.ecosystem);
    test.skipIf(missing !== undefined)(
      `${c.name}${missing === undefined ? '' : ` (skipped: ${missing} is not installed here)`}`,
      () => firstContact(c),
      400_000,
    );
  }
});
