// The Stop hook end to end on real git repositories, in process (the dispatcher with a test
// context whose stdin is the agent's payload), plus one spawned run of the real CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Actor } from '../../scripts/lib/core/ledger/types.ts';
import { dispatchCommand } from '../../scripts/cli.ts';
import { auditFlow } from '../../scripts/lib/flows/audit/audit-flow.ts';
import { evaluateRun } from '../../scripts/lib/flows/run/evaluate-flow.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { BIN, WORKTREE } from '../helpers/cli.ts';
import { createTestContext } from '../helpers/context.ts';
import { makeRepo, makeTempDir, type TestRepo } from '../helpers/git-repo.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';
import { HONEST_TRANSCRIPT, HOOK_REGISTRY } from '../helpers/hook-stop.ts';

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const developer: Actor = { label: 'agent', authority: 'virtual:developer', context: 'session-1' };
const quality: Actor = { label: 'reviewer', authority: 'virtual:quality', context: 'session-2' };

const CHECK = `const s = require('fs').readFileSync('src/app.js', 'utf8');\nprocess.exit(s.includes('BUG') ? 1 : 0);\n`;

const repos: TestRepo[] = [];
const remotes: (() => void)[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
  for (const remove of remotes.splice(0)) remove();
});

function planeRepo(): TestRepo {
  const repo = makeRepo({
    'src/app.js': 'module.exports = 1;\n',
    'check.js': CHECK,
    'NOTES.md': 'notes\n',
    // The scripted session's cross audits are unsigned labels, which count at prototype only.
    '.proofgate/controls/manifest.yaml': manifestYaml({ targetMaturity: 'prototype' }),
    '.proofgate/controls/registry.yaml': HOOK_REGISTRY,
  });
  repos.push(repo);
  return repo;
}

const stopPayload = (extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    session_id: 's-1',
    transcript_path: HONEST_TRANSCRIPT,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: 'All done!',
    ...extra,
  });

async function stop(
  dir: string,
  stdin: string,
  args: string[] = [],
  env: Record<string, string> = {},
) {
  const ctx = createTestContext({
    cwd: dir,
    stdin,
    env: { ...ENV, ...env },
    now: new Date().toISOString(),
  });
  const code = await dispatchCommand(['hook', 'stop', ...args], ctx);
  return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
}

async function proveAll(repo: TestRepo, controls: string[] = []) {
  const ctx = createTestContext({ cwd: repo.dir, env: ENV, now: new Date().toISOString() });
  const io = openWorld(ctx);
  const run = await evaluateRun(
    { root: repo.dir, controls, actor: developer, authorize: [], jobs: 2, dryRun: false },
    ctx,
    io,
  );
  const options = {
    root: repo.dir,
    stage: 'cross' as const,
    review: 'latest',
    controls,
    actor: quality,
    authorize: [],
    jobs: 2,
  };
  const audit = run.ok ? await auditFlow(options, ctx, io) : undefined;
  return { run, audit };
}

/** The hook's notes in the ledger, in file order (one writer: ledger order). */
const hookNotes = (repo: TestRepo): Record<string, unknown>[] => {
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { kind: string; body: Record<string, unknown> })
    .filter((e) => e.kind === 'note' && /^(hook-block|unproven-stop)$/.test(String(e.body['type'])))
    .map((e) => e.body);
};

const hookLog = (repo: TestRepo): string => {
  const file = join(repo.dir, '.git', 'proofgate', 'hook.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

describe('hook stop fixtures', () => {
  test('Claude Stop on unproven code: exit 0, block JSON naming the controls and the next command', async () => {
    const repo = planeRepo();
    const result = await stop(repo.dir, stopPayload());
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(Object.keys(out)).toEqual(['decision', 'reason', 'systemMessage']);
    expect(out.decision).toBe('block');
    expect(out.reason).toContain('- unit [self] TODO');
    expect(out.reason).toContain('- proofgate evaluate --run --control unit');
    // A plain claim works out the task itself, as the hook does: the line names no controls.
    expect(out.reason).toContain('Then: proofgate claim. Do not report done');
    expect(out.reason).toContain('Do not report done until claim exits 0.');
    expect(out.reason.length).toBeLessThanOrEqual(1500);
    expect(result.stdout.endsWith('}\n')).toBe(true);
    // The block is on record in the ledger, and nothing else in the working tree changed.
    for (const line of repo.git('status', '--porcelain', '-uall').trim().split('\n')) {
      expect(line).toMatch(/^\?\? \.proofgate\/evidence\/ledger\/[^/]+\.jsonl$/);
    }
    expect(hookNotes(repo)).toEqual([
      expect.objectContaining({ type: 'hook-block', session: 's-1' }),
    ]);
  });

  test('SubagentStop is gated the same way', async () => {
    const repo = planeRepo();
    const payload = stopPayload({
      hook_event_name: 'SubagentStop',
      agent_id: 'a1',
      agent_type: 'Explore',
    });
    expect(JSON.parse((await stop(repo.dir, payload)).stdout).decision).toBe('block');
  });

  test('Codex Stop: only decision and reason', async () => {
    const repo = planeRepo();
    const payload = JSON.stringify({
      session_id: 'c',
      cwd: repo.dir,
      hook_event_name: 'Stop',
      stop_hook_active: false,
      model: 'gpt',
      turn_id: 't',
    });
    const result = await stop(makeTempDir('pg-elsewhere-'), payload, ['--agent', 'codex']);
    expect(result.code).toBe(0);
    expect(Object.keys(JSON.parse(result.stdout))).toEqual(['decision', 'reason']);
  });

  test('a session cwd in a subdirectory is gated by the repository it belongs to', async () => {
    const repo = planeRepo();
    const payload = stopPayload({ cwd: join(repo.dir, 'src') });
    const result = await stop(makeTempDir('pg-elsewhere-'), payload);
    expect(JSON.parse(result.stdout).decision).toBe('block');
  });

  test('stop_hook_active: five blocks on the same code, then an unproven stop allowed and recorded', async () => {
    const repo = planeRepo();
    const first = await stop(repo.dir, stopPayload());
    expect(JSON.parse(first.stdout).decision).toBe('block');
    for (let i = 2; i <= 5; i++) {
      const again = await stop(repo.dir, stopPayload({ stop_hook_active: true }));
      expect(JSON.parse(again.stdout).decision).toBe('block');
    }
    const sixth = await stop(repo.dir, stopPayload({ stop_hook_active: true }));
    expect(sixth.code).toBe(0);
    expect(Object.keys(JSON.parse(sixth.stdout))).toEqual(['systemMessage']);
    expect(hookLog(repo)).toContain('"kind":"unproven-stop"');
    expect(hookNotes(repo).map((n) => n['type'])).toEqual([
      ...Array<string>(5).fill('hook-block'),
      'unproven-stop',
    ]);
    const fresh = await stop(repo.dir, stopPayload({ stop_hook_active: false }));
    expect(JSON.parse(fresh.stdout).decision).toBe('block');
  });

  test('Stop and SubagentStop count their blocks apart', async () => {
    const repo = planeRepo();
    const sub = (active: boolean) =>
      stopPayload({ hook_event_name: 'SubagentStop', stop_hook_active: active, agent_id: 'a1' });
    expect(JSON.parse((await stop(repo.dir, stopPayload())).stdout).decision).toBe('block');
    expect(JSON.parse((await stop(repo.dir, sub(false))).stdout).decision).toBe('block');
    for (let i = 2; i <= 5; i++) {
      expect(JSON.parse((await stop(repo.dir, sub(true))).stdout).decision).toBe('block');
    }
    // The subagent used up its five blocks; the main agent has used one of its own.
    expect(Object.keys(JSON.parse((await stop(repo.dir, sub(true))).stdout))).toEqual([
      'systemMessage',
    ]);
    for (let i = 2; i <= 5; i++) {
      const main = await stop(repo.dir, stopPayload({ stop_hook_active: true }));
      expect(JSON.parse(main.stdout).decision).toBe('block');
    }
    const sixth = await stop(repo.dir, stopPayload({ stop_hook_active: true }));
    expect(Object.keys(JSON.parse(sixth.stdout))).toEqual(['systemMessage']);
    const events = hookNotes(repo).map((n) => `${String(n['event'])} ${String(n['type'])}`);
    expect(events.filter((e) => e === 'SubagentStop unproven-stop')).toHaveLength(1);
    expect(events.filter((e) => e === 'Stop unproven-stop')).toHaveLength(1);
  });

  test('malformed JSON: blocked, with a diagnostic in the git dir', async () => {
    const repo = planeRepo();
    const result = await stop(repo.dir, '{"hook_event_name": "Stop", ');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.decision).toBe('block');
    expect(out.reason).toContain('could not read its input');
    expect(hookLog(repo)).toContain('"kind":"malformed-input"');
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  test('no control plane, or not a git repository: allowed silently, nothing written', async () => {
    const bare = makeRepo({ 'a.txt': 'a\n' });
    repos.push(bare);
    expect(await stop(bare.dir, stopPayload())).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(join(bare.dir, '.git', 'proofgate'))).toBe(false);
    expect(await stop(makeTempDir('pg-nogit-'), stopPayload())).toMatchObject({
      code: 0,
      stdout: '',
    });
  });

  test('tampered ledger: blocks and says integrity', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
    const segment = join(
      dir,
      spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.trim().split('\n')[0]!,
    );
    const lines = readFileSync(segment, 'utf8').split('\n');
    lines[0] = lines[0]!.replace('"self"', '"zelf"');
    writeFileSync(segment, lines.join('\n'));
    const result = await stop(repo.dir, stopPayload());
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.decision).toBe('block');
    expect(out.reason.split('\n')[0]).toBe(
      'proofgate: integrity failure: run proofgate verify --full',
    );
  });
});

describe('a scripted agent session', () => {
  test('edit → blocked naming the control; evaluate --run + cross audit → stop allowed', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    expect(await stop(repo.dir, stopPayload())).toMatchObject({ code: 0, stdout: '' });

    repo.write('src/app.js', 'module.exports = 2; // BUG\n');
    const edited = JSON.parse((await stop(repo.dir, stopPayload())).stdout);
    expect(edited.reason).toContain('- unit [self] STALE');

    const failing = await proveAll(repo, ['unit']);
    expect(failing.run.ok).toBe(false);
    const blocked = JSON.parse(
      (await stop(repo.dir, stopPayload({ stop_hook_active: true }))).stdout,
    );
    expect(blocked.reason).toContain('- unit [self] FAIL');

    repo.write('src/app.js', 'module.exports = 2;\n');
    await proveAll(repo);
    expect(await stop(repo.dir, stopPayload({ stop_hook_active: true }))).toMatchObject({
      code: 0,
      stdout: '',
    });
  });
});

describe('ai_brownfield', () => {
  test('fully proven controls outside a campaign: the stop is blocked as claim refuses it', async () => {
    const repo = planeRepo();
    const manifest = '.proofgate/controls/manifest.yaml';
    repo.write(
      manifest,
      readFileSync(join(repo.dir, manifest), 'utf8').replace(
        'development_mode: human_greenfield',
        'development_mode: ai_brownfield',
      ),
    );
    repo.commit('brownfield');
    await proveAll(repo);
    const result = await stop(repo.dir, stopPayload());
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.decision).toBe('block');
    expect(out.reason).toContain(
      'a task claim is made inside a campaign task, and none is named (no campaign is registered yet',
    );
    expect(out.reason).toContain('- proofgate campaign start --task <task id>');
    expect(out.reason).toContain('Then: proofgate claim --campaign <campaign id> --task <task id>');
    // The plain claim the hook would otherwise suggest is what claim refuses: never offered.
    expect(out.reason).not.toContain('proofgate claim --control');
  });

  test('a task file naming a campaign task: the stop gets the decision claim --campaign makes', async () => {
    const repo = planeRepo();
    const manifest = '.proofgate/controls/manifest.yaml';
    repo.write(
      manifest,
      readFileSync(join(repo.dir, manifest), 'utf8').replace(
        'development_mode: human_greenfield',
        'development_mode: ai_brownfield',
      ),
    );
    repo.write(
      'campaign.yaml',
      'id: c1\nrevision: 1\ntitle: one\ncontrols: [unit]\nexit_policy: { max_new_violations: 0, min_fixed: 0 }\nphases:\n  - id: p1\n    title: first\n    tasks:\n      - { id: t1, title: fix, controls: [unit] }\n',
    );
    repo.commit('brownfield campaign');
    // Nothing changed since the upstream: the task is the campaign task's own controls.
    remotes.push(pushToOrigin(repo));
    const cli = (args: string[]) => {
      const ctx = createTestContext({ cwd: repo.dir, env: ENV, now: new Date().toISOString() });
      return dispatchCommand(args, ctx).then((code) => ({ code, out: ctx.stdout() }));
    };
    const registered = await cli([
      'campaign',
      'register',
      '--file',
      join(repo.dir, 'campaign.yaml'),
      '--authority-id',
      'virtual:release-owner',
      '--execution-context',
      'local:e2e',
    ]);
    expect(registered.code).toBe(0);
    mkdirSync(join(repo.dir, '.git', 'proofgate'), { recursive: true });
    writeFileSync(
      join(repo.dir, '.git', 'proofgate', 'task.json'),
      JSON.stringify({ campaign: 'c1', task: 't1' }),
    );
    // Nothing proven yet: blocked, and the claim it names is the campaign claim.
    const before = JSON.parse((await stop(repo.dir, stopPayload())).stdout);
    expect(before.decision).toBe('block');
    expect(before.reason).toContain('proofgate claim --campaign c1 --task t1');
    expect(before.reason).not.toContain('none is named');
    await proveAll(repo, ['unit']);
    const claim = await cli(['claim', '--campaign', 'c1', '--task', 't1', '--no-record']);
    expect(claim.code).toBe(0);
    // Proven: claim --campaign grants it, and so does the hook.
    expect(await stop(repo.dir, stopPayload())).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('which controls are the task', () => {
  test('--control, then $PROOFGATE_TASK_CONTROLS, then <git dir>/proofgate/task.json, else all', async () => {
    const repo = planeRepo();
    // With an upstream and nothing changed since it, the task is what it names (task-scope.test.ts).
    remotes.push(pushToOrigin(repo));
    await proveAll(repo, ['unit']);
    expect(JSON.parse((await stop(repo.dir, stopPayload())).stdout).reason).toContain(
      'notes [self] TODO',
    );
    expect((await stop(repo.dir, stopPayload(), ['--control', 'unit'])).stdout).toBe('');
    expect(
      (await stop(repo.dir, stopPayload(), [], { PROOFGATE_TASK_CONTROLS: 'unit' })).stdout,
    ).toBe('');
    mkdirSync(join(repo.dir, '.git', 'proofgate'), { recursive: true });
    const task = join(repo.dir, '.git', 'proofgate', 'task.json');
    writeFileSync(task, '{"controls": ["unit"]}');
    expect((await stop(repo.dir, stopPayload())).stdout).toBe('');
    writeFileSync(task, '{"controls": ["nope"]}');
    const unknown = JSON.parse((await stop(repo.dir, stopPayload())).stdout);
    expect(unknown.reason).toContain('unknown control nope');
  });
});

describe('the real CLI', () => {
  test('reads stdin, prints one JSON line, exits 0', () => {
    const repo = planeRepo();
    const result = spawnSync(process.execPath, [BIN, 'hook', 'stop', '--root', repo.dir], {
      cwd: WORKTREE,
      input: stopPayload(),
      encoding: 'utf8',
      env: { ...ENV, NO_COLOR: '1', TZ: 'UTC' },
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout).decision).toBe('block');
  });
});
