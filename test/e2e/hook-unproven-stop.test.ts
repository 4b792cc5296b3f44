// The Stop hook's loop escape, tried by a dishonest agent: the count of blocked stops cannot be
// shortened by editing a file, the stop let through after the cap is recorded in the ledger, and
// status and every later claim show it until a granted claim covers it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import type { Actor } from '../../scripts/lib/core/ledger/types.ts';
import { auditFlow } from '../../scripts/lib/flows/audit/audit-flow.ts';
import { evaluateRun } from '../../scripts/lib/flows/run/evaluate-flow.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { acquireLedgerLock } from '../../scripts/lib/io/ledger/ledger-lock.ts';
import { BIN } from '../helpers/cli.ts';
import { createTestContext } from '../helpers/context.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';
import { HOOK_REGISTRY, runShellHook, stopPayloadFor } from '../helpers/hook-stop.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const developer: Actor = { label: 'agent', authority: 'virtual:developer', context: 'session-1' };
const quality: Actor = { label: 'reviewer', authority: 'virtual:quality', context: 'session-2' };

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function planeRepo(): TestRepo {
  const repo = makeRepo({
    'src/app.js': 'module.exports = 1;\n',
    'check.js': 'process.exit(0);\n',
    'NOTES.md': 'notes\n',
    '.proofgate/controls/manifest.yaml': manifestYaml({ targetMaturity: 'prototype' }),
    '.proofgate/controls/registry.yaml': HOOK_REGISTRY,
  });
  repos.push(repo);
  return repo;
}

async function cli(repo: TestRepo, args: string[], stdin = '') {
  const ctx = createTestContext({ cwd: repo.dir, stdin, env: ENV, now: new Date().toISOString() });
  const code = await dispatchCommand(args, ctx);
  return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
}

const stop = (repo: TestRepo, active: boolean) =>
  cli(
    repo,
    ['hook', 'stop', '--root', repo.dir],
    stopPayloadFor(repo.dir, { stop_hook_active: active }),
  ).then((r) => JSON.parse(r.stdout || '{}') as { decision?: string; systemMessage?: string });

function notes(repo: TestRepo): Record<string, unknown>[] {
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { kind: string; body: Record<string, unknown> })
    .filter((e) => e.kind === 'note')
    .map((e) => e.body);
}

async function proveAll(repo: TestRepo) {
  const ctx = createTestContext({ cwd: repo.dir, env: ENV, now: new Date().toISOString() });
  const io = openWorld(ctx);
  const base = { root: repo.dir, controls: [], authorize: [], jobs: 2 };
  const run = await evaluateRun({ ...base, actor: developer, dryRun: false }, ctx, io);
  expect(run.ok).toBe(true);
  await auditFlow({ ...base, stage: 'cross' as const, review: 'latest', actor: quality }, ctx, io);
}

async function useUpTheCap(repo: TestRepo): Promise<void> {
  expect((await stop(repo, false)).decision).toBe('block');
  for (let i = 2; i <= 5; i++) expect((await stop(repo, true)).decision).toBe('block');
}

describe('the loop count lives in the ledger', () => {
  test('forging the counter file after one block does not shorten the count', async () => {
    const repo = planeRepo();
    expect((await stop(repo, false)).decision).toBe('block');
    // The agent writes "five blocks already" into every counter file the hook ever kept.
    const dir = join(repo.dir, '.git', 'proofgate');
    mkdirSync(dir, { recursive: true });
    for (const name of ['hook-state.json', 'hook-state-subagent.json']) {
      const file = join(dir, name);
      const state = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
        : { subject: notes(repo)[0]?.['subject'] };
      writeFileSync(file, JSON.stringify({ ...state, blocks: 5 }));
    }
    for (let i = 2; i <= 5; i++) expect((await stop(repo, true)).decision).toBe('block');
    const types = notes(repo).map((n) => n['type']);
    expect(types).toEqual(Array<string>(5).fill('hook-block'));
  });

  test('after five recorded blocks the stop passes, recorded and shown until a claim covers it', async () => {
    const repo = planeRepo();
    await useUpTheCap(repo);
    const sixth = await stop(repo, true);
    expect(sixth.decision).toBeUndefined();
    expect(sixth.systemMessage).toContain('WITHOUT proof');
    const unproven = notes(repo).filter((n) => n['type'] === 'unproven-stop');
    expect(unproven).toEqual([
      expect.objectContaining({
        session: 'sess-adversary',
        event: 'Stop',
        controls: ['unit', 'notes'],
        blocks: 5,
        blockers: expect.arrayContaining(['unit [self] TODO', 'notes [cross] TODO']) as unknown,
      }),
    ]);

    const status = await cli(repo, ['status', '--root', repo.dir]);
    expect(status.stdout).toMatch(
      /warning: unproven stop at \S+ in session sess-adversary \(Stop, entry [0-9a-f]{12}\): unit \[self\] TODO/,
    );
    const statusJson = JSON.parse(
      (await cli(repo, ['status', '--root', repo.dir, '--json'])).stdout,
    );
    expect(statusJson.unprovenStops).toHaveLength(1);
    const claim = await cli(repo, [
      'claim',
      '--root',
      repo.dir,
      '--control',
      'unit',
      '--no-record',
    ]);
    expect(claim.code).toBe(1);
    expect(claim.stdout).toContain('warning: unproven stop at');
    const page = join(repo.dir, '.git', 'report.html');
    const report = await cli(repo, ['report', '--root', repo.dir, '--html', page]);
    expect(report.stdout).toContain('warning: unproven stop at');
    expect(readFileSync(page, 'utf8')).toMatch(/data-unproven-stop="[0-9a-f]{64}"/);
    const verify = await cli(repo, ['verify', '--root', repo.dir, '--full']);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toMatch(/^INTACT/);

    // The next task starts a new chain, and the escape is there again only after five more.
    expect((await stop(repo, false)).decision).toBe('block');

    // Proven and claimed on the code: the warning is gone.
    await proveAll(repo);
    const granted = await cli(repo, [
      'claim',
      '--root',
      repo.dir,
      '--control',
      'unit',
      '--control',
      'notes',
    ]);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('warning: unproven stop at');
    const after = await cli(repo, ['status', '--root', repo.dir]);
    expect(after.stdout).not.toContain('unproven stop');
  });

  test('when the unproven stop cannot be recorded (the ledger lock is held) the stop stays blocked', async () => {
    const repo = planeRepo();
    await useUpTheCap(repo);
    const release = await acquireLedgerLock(join(repo.dir, '.git'), 5_000);
    try {
      const command = `node '${BIN}' hook stop --agent claude --root .`;
      const run = runShellHook(
        command,
        repo.dir,
        stopPayloadFor(repo.dir, { stop_hook_active: true }),
      );
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout) as { decision?: string; reason?: string };
      expect(out.decision).toBe('block');
      expect(out.reason).toContain('The ledger could not record this stop');
    } finally {
      release();
    }
    expect(notes(repo).filter((n) => n['type'] === 'unproven-stop')).toEqual([]);
  }, 40_000);
});
