// The Stop hook fails closed: every way a dishonest agent found to make it error, or look at the
// wrong directory, used to let the stop through silently. Each case here is on a real repository
// with a control plane whose claim is refused, after the agent's move; each must still block.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { hookCommand } from '../../scripts/lib/core/hook/hook-command.ts';
import { packageRoot } from '../../scripts/lib/io/host/package-root.ts';
import { EnvironmentError } from '../../scripts/lib/core/errors.ts';
import {
  HOOK_DEADLINE_MS,
  hookDeadline,
  stopFlow,
} from '../../scripts/lib/flows/hook/hook-stop-flow.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { createTestContext } from '../helpers/context.ts';
import { BIN } from '../helpers/cli.ts';
import { makeRepo, makeTempDir, type TestRepo } from '../helpers/git-repo.ts';
import { HOOK_REGISTRY, runShellHook, stopPayloadFor } from '../helpers/hook-stop.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function planeRepo(extra: Record<string, string> = {}): TestRepo {
  const repo = makeRepo({
    'src/app.js': 'module.exports = 1;\n',
    'check.js': 'process.exit(0);\n',
    'NOTES.md': 'notes\n',
    '.proofgate/controls/manifest.yaml': manifestYaml({ targetMaturity: 'prototype' }),
    '.proofgate/controls/registry.yaml': HOOK_REGISTRY,
    ...extra,
  });
  repos.push(repo);
  return repo;
}

/** The real CLI, as a hook runs it: a fresh process, the payload on stdin. */
function hookStop(cwd: string, stdin: string, env: Record<string, string>, args: string[] = []) {
  const result = spawnSync(process.execPath, [BIN, 'hook', 'stop', '--agent', 'claude', ...args], {
    cwd,
    input: stdin,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env },
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function expectBlock(run: { code: number; stdout: string }, says?: RegExp): string {
  expect(run.code).toBe(0);
  const out = JSON.parse(run.stdout) as { decision?: string; reason?: string };
  expect(out.decision).toBe('block');
  if (says !== undefined) expect(out.reason).toMatch(says);
  expect(out.reason?.endsWith('Do not report done until claim exits 0.')).toBe(true);
  return out.reason ?? '';
}

describe('git state the agent can set blocks the stop', () => {
  test('core.bare true (the before-stop smoke test)', () => {
    const repo = planeRepo();
    repo.git('config', 'core.bare', 'true');
    const run = hookStop(repo.dir, stopPayloadFor(repo.dir), { CLAUDE_PROJECT_DIR: repo.dir });
    // git is pinned to the repository found on disk: the setting neither hides the project nor
    // its open controls, and the stop is refused on them.
    expectBlock(run, /^proofgate: completion REFUSED[\s\S]*unit \[self\] TODO/);
  });

  test('core.worktree pointing elsewhere', () => {
    const repo = planeRepo();
    const elsewhere = makeTempDir('pg-elsewhere-');
    repo.git('config', 'core.worktree', elsewhere);
    const run = hookStop(repo.dir, stopPayloadFor(repo.dir), { CLAUDE_PROJECT_DIR: repo.dir });
    expectBlock(run, /^proofgate: completion REFUSED[\s\S]*unit \[self\] TODO/);
  });

  test('the control plane deleted from the working tree', () => {
    const repo = planeRepo();
    repo.git('rm', '-rq', '--cached', '.proofgate');
    spawnSync('rm', ['-rf', join(repo.dir, '.proofgate')]);
    const run = hookStop(repo.dir, stopPayloadFor(repo.dir), { CLAUDE_PROJECT_DIR: repo.dir });
    expectBlock(run, /committed at HEAD .* is missing from the working tree/);
  });

  test('the control plane deleted and committed away on a branch whose upstream has it', () => {
    const repo = planeRepo();
    repo.git('checkout', '-q', '-b', 'work');
    repo.git('branch', '-q', '--set-upstream-to=main');
    repo.git('rm', '-rq', '.proofgate');
    repo.commit('drop the plane');
    const run = hookStop(repo.dir, stopPayloadFor(repo.dir), { CLAUDE_PROJECT_DIR: repo.dir });
    expectBlock(run, /\.proofgate\/controls\/manifest\.yaml \(upstream\)/);
  });

  test('a control output glob over an ignored directory', () => {
    const repo = planeRepo({
      '.gitignore': 'dist/\n',
      '.proofgate/controls/registry.yaml': HOOK_REGISTRY.replace(
        '    execution: { type: command, argv: [node, check.js] }\n',
        "    execution: { type: command, argv: [node, check.js] }\n    outputs: ['dist/**']\n",
      ),
    });
    repo.write('dist/out.js', 'built\n');
    const run = hookStop(repo.dir, stopPayloadFor(repo.dir), { CLAUDE_PROJECT_DIR: repo.dir });
    expectBlock(run);
  });

  test('the subject binding failing (git status refusing, a flood of untracked files) blocks', async () => {
    const repo = planeRepo();
    const ctx = createTestContext({
      cwd: repo.dir,
      stdin: stopPayloadFor(repo.dir),
      env: { PATH: process.env['PATH'] ?? '', CLAUDE_PROJECT_DIR: repo.dir },
      now: new Date().toISOString(),
    });
    const failing = (): Promise<never> =>
      Promise.reject(
        new EnvironmentError('GIT_FAILED', 'git status failed: too many untracked files', {
          next: 'clean up the untracked files',
        }),
      );
    const gate = { ...openWorld(ctx), computeSubjects: failing };
    const decision = await stopFlow({ root: undefined, agent: 'claude', controls: [] }, ctx, gate);
    expect(decision.action).toBe('block');
    expect(decision.reason).toContain('GIT_FAILED: git status failed: too many untracked files');
    expect(decision.reason).toContain('Next: clean up the untracked files');
  });

  test('a decision that does not come in time blocks', async () => {
    const repo = planeRepo();
    const ctx = createTestContext({
      cwd: repo.dir,
      stdin: stopPayloadFor(repo.dir),
      env: { PATH: process.env['PATH'] ?? '', CLAUDE_PROJECT_DIR: repo.dir },
      now: new Date().toISOString(),
    });
    const hung = (): Promise<never> => new Promise(() => undefined);
    const gate = { ...openWorld(ctx), readEntries: hung, computeSubjects: hung };
    const options = { root: undefined, agent: 'claude' as const, controls: [] };
    const decision = await stopFlow(options, ctx, gate, 300);
    expect(decision.action).toBe('block');
    expect(decision.reason).toContain('no decision within');
  });
});

describe('the hook decides for the project it was installed in', () => {
  test("a payload cwd in another directory: $CLAUDE_PROJECT_DIR's plane decides", () => {
    const repo = planeRepo();
    const other = makeTempDir('pg-other-');
    const run = hookStop(other, stopPayloadFor(other), { CLAUDE_PROJECT_DIR: repo.dir });
    expectBlock(run, /completion REFUSED/);
  });

  test('a payload cwd in another repository than the one the hook runs in blocks', () => {
    const repo = planeRepo();
    const other = makeRepo({ 'a.txt': 'a\n' });
    repos.push(other);
    const run = hookStop(repo.dir, stopPayloadFor(other.dir), {});
    expectBlock(run, /lies in .* but the hook runs in/);
  });

  test('a hung stdin: the block is printed at the deadline and the process ends', async () => {
    const repo = planeRepo();
    // stdin stays open (nothing written, never closed): the read never ends. Before, the open
    // handle kept the process alive past the agent's own timeout, which drops the block.
    const child = spawn(process.execPath, [BIN, 'hook', 'stop', '--agent', 'claude'], {
      cwd: repo.dir,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '/tmp',
        CLAUDE_PROJECT_DIR: repo.dir,
        PROOFGATE_HOOK_DEADLINE_MS: '1500',
      },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const ended = await new Promise<number | null>((resolve) => {
      const cap = setTimeout(() => resolve(null), 20_000);
      child.on('exit', (code) => {
        clearTimeout(cap);
        resolve(code);
      });
    });
    child.kill();
    expect(ended, 'the process ended by itself').toBe(0);
    expectBlock({ code: 0, stdout }, /no decision within 2 s \(a hung git, disk or stdin\)/);
  }, 30_000);

  test('PROOFGATE_HOOK_DEADLINE_MS can only shorten the deadline', () => {
    expect(hookDeadline({ PROOFGATE_HOOK_DEADLINE_MS: '600000' })).toBe(HOOK_DEADLINE_MS);
    expect(hookDeadline({ PROOFGATE_HOOK_DEADLINE_MS: '-1' })).toBe(HOOK_DEADLINE_MS);
    expect(hookDeadline({ PROOFGATE_HOOK_DEADLINE_MS: '500' })).toBe(500);
  });

  test('malformed stdin blocks', () => {
    const repo = planeRepo();
    const run = hookStop(repo.dir, '{"hook_event_name": "Stop", ', {
      CLAUDE_PROJECT_DIR: repo.dir,
    });
    expectBlock(run, /could not read its input/);
  });

  test('no proofgate project at all still allows silently', () => {
    const plain = makeRepo({ 'a.txt': 'a\n' });
    repos.push(plain);
    const run = hookStop(plain.dir, stopPayloadFor(plain.dir), { CLAUDE_PROJECT_DIR: plain.dir });
    expect(run).toMatchObject({ code: 0, stdout: '' });
  });
});

/** This PATH without the test's own `proofgate` link (test/fixtures/path-bin). */
const withoutProofgate = (): string =>
  (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((dir) => !existsSync(join(dir, 'proofgate')))
    .join(delimiter);

describe('the installed command', () => {
  const claude = (placement: 'shared' | 'local', packageDir = packageRoot()) =>
    hookCommand({ agent: 'claude', placement, packageDir });

  test('no proofgate on the PATH outside the project: exit 2 with how to install it per user', () => {
    const repo = planeRepo();
    const run = runShellHook(claude('shared'), repo.dir, stopPayloadFor(repo.dir), {
      CLAUDE_PROJECT_DIR: repo.dir,
      PATH: withoutProofgate(),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the Stop hook could not run');
    expect(run.stderr).toContain('npm install --global <path>/proofgate-<version>.tgz');
    expect(run.stderr).not.toMatch(/npm install --global proofgate\b/);
  });

  test('the package removed under a local command (node cannot load it): exit 2', () => {
    const repo = planeRepo();
    const gone = claude('local', join(makeTempDir('pg-gone-'), 'proofgate'));
    const run = runShellHook(gone, repo.dir, stopPayloadFor(repo.dir), {
      CLAUDE_PROJECT_DIR: repo.dir,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the Stop hook could not run');
  });

  test("a working installation keeps proofgate's exit 0 and block JSON, for the pinned project", () => {
    const repo = planeRepo();
    const elsewhere = makeTempDir('pg-cd-');
    const run = runShellHook(claude('local'), elsewhere, stopPayloadFor(elsewhere), {
      CLAUDE_PROJECT_DIR: repo.dir,
    });
    expectBlock(run, /completion REFUSED/);
  });

  test('the plane deleted and committed away with no upstream: the installed command blocks', () => {
    const repo = planeRepo();
    repo.git('rm', '-rq', '.proofgate');
    repo.commit('drop the plane');
    // Without the installed command's --require-plane this repository looks like no project at all.
    expect(
      hookStop(repo.dir, stopPayloadFor(repo.dir), { CLAUDE_PROJECT_DIR: repo.dir }),
    ).toMatchObject({
      code: 0,
      stdout: '',
    });
    const run = runShellHook(claude('local'), repo.dir, stopPayloadFor(repo.dir), {
      CLAUDE_PROJECT_DIR: repo.dir,
    });
    const reason = expectBlock(
      run,
      /was installed for a proofgate project, but .* has no control plane/,
    );
    const next = /Next: (git log .*)/.exec(reason)?.[1] ?? '';
    const found = spawnSync('sh', ['-c', next], { cwd: repo.dir, encoding: 'utf8' });
    expect(found.status).toBe(0);
    expect(found.stdout).toContain('drop the plane');
  });

  test("the shared command runs the per-user proofgate: the project's .npmrc and node_modules/.bin shim are not consulted", () => {
    // What an agent can write: a shim that allows every stop, and npm settings that would load
    // code before any gate run through npx or npm.
    const repo = planeRepo({
      'package.json': JSON.stringify({ devDependencies: { proofgate: '*' } }),
      '.npmrc': 'node-options=--require ./allow.cjs\nscript-shell=./allow.sh\n',
      'allow.cjs': 'process.exit(0);\n',
      '.gitignore': 'node_modules/\n',
    });
    mkdirSync(join(repo.dir, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(repo.dir, 'node_modules', '.bin', 'proofgate'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(repo.dir, 'node_modules', '.bin', 'proofgate'), 0o755);
    // The per-user installation: a directory outside the project on the client's PATH.
    const user = makeTempDir('pg-user-bin-');
    symlinkSync(join(packageRoot(), 'bin', 'proofgate.js'), join(user, 'proofgate'));
    const run = runShellHook(claude('shared'), repo.dir, stopPayloadFor(repo.dir), {
      CLAUDE_PROJECT_DIR: repo.dir,
      PATH: `${user}${delimiter}${withoutProofgate()}`,
    });
    expectBlock(run, /completion REFUSED/);
  });
});
