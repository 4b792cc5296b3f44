// The Stop hook reads the session (issue 53): with the code and the ledger in order, the
// transcript the payload names is held to the honest-completion pack. A final message that claims
// passing tests after a failed run, or with no run at all, blocks, quoting both; an honest session
// and one that fixed the failure and re-ran are released. The finding is on record in the hook's
// ledger note (rule, quote, call id, transcript sha256), never the transcript.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { HOOK_REGISTRY, TRANSCRIPTS } from '../helpers/hook-stop.ts';

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const developer: Actor = { label: 'agent', authority: 'virtual:developer', context: 'session-1' };
const quality: Actor = { label: 'reviewer', authority: 'virtual:quality', context: 'session-2' };
const CHECK = `const s = require('fs').readFileSync('src/app.js', 'utf8');\nprocess.exit(s.includes('BUG') ? 1 : 0);\n`;

const transcript = (name: string): string => join(TRANSCRIPTS, name);
const FAILED = transcript('failed-then-claims.jsonl');
const NO_RUN = transcript('no-run-claims.jsonl');
const HONEST = transcript('honest.jsonl');
const FIXED = transcript('fixed-rerun.jsonl');

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function planeRepo(policy = ''): TestRepo {
  const repo = makeRepo({
    'src/app.js': 'module.exports = 1;\n',
    'check.js': CHECK,
    'NOTES.md': 'notes\n',
    '.proofgate/controls/manifest.yaml': manifestYaml({ targetMaturity: 'prototype' }) + policy,
    '.proofgate/controls/registry.yaml': HOOK_REGISTRY,
  });
  repos.push(repo);
  return repo;
}

/** Proves every control (self run + cross audit): the claim half would grant the stop. */
async function proveAll(repo: TestRepo): Promise<void> {
  const ctx = createTestContext({ cwd: repo.dir, env: ENV, now: new Date().toISOString() });
  const io = openWorld(ctx);
  const run = await evaluateRun(
    { root: repo.dir, controls: [], actor: developer, authorize: [], jobs: 2, dryRun: false },
    ctx,
    io,
  );
  expect(run.ok).toBe(true);
  const options = {
    root: repo.dir,
    stage: 'cross' as const,
    review: 'latest',
    controls: [],
    actor: quality,
    authorize: [],
    jobs: 2,
  };
  await auditFlow(options, ctx, io);
}

const payload = (path: string | undefined, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    session_id: 's-53',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    ...(path === undefined ? {} : { transcript_path: path }),
    ...extra,
  });

async function stop(dir: string, stdin: string, args: string[] = []) {
  const ctx = createTestContext({ cwd: dir, stdin, env: ENV, now: new Date().toISOString() });
  const code = await dispatchCommand(['hook', 'stop', ...args], ctx);
  return { code, stdout: ctx.stdout() };
}

const hookNotes = (repo: TestRepo): Record<string, unknown>[] => {
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { kind: string; body: Record<string, unknown> })
    .filter((e) => e.kind === 'note' && e.body['type'] === 'hook-block')
    .map((e) => e.body);
};

const sha256 = (file: string): string =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

describe('with the code and the ledger in order', () => {
  test('a false "all tests pass" after a failed npm test blocks, quoting both, and is recorded', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    expect(await stop(repo.dir, payload(undefined))).toEqual({ code: 0, stdout: '' });

    const result = await stop(repo.dir, payload(FAILED));
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as Record<string, string>;
    expect(out['decision']).toBe('block');
    expect(out['reason']).toContain(
      '- TESTS_PASS_CLAIM: the final reply claims passing tests: "Done: all tests pass." — but npm test (call toolu_1) failed: not ok 1 - adds',
    );
    expect(out['reason']).toContain('Next: run npm test again and report what it says');
    expect(out['systemMessage']).toContain('TESTS_PASS_CLAIM');
    expect(hookNotes(repo)).toEqual([
      expect.objectContaining({
        type: 'hook-block',
        session: 's-53',
        blockers: [],
        transcript: {
          sha256: sha256(FAILED),
          findings: [
            { rule: 'TESTS_PASS_CLAIM', quote: 'Done: all tests pass.', callId: 'toolu_1' },
          ],
        },
      }),
    ]);
    // The note holds the finding, never the transcript.
    const ledger = JSON.stringify(hookNotes(repo));
    expect(ledger).not.toContain('TAP version');
    expect(ledger).not.toContain('Fix add()');
  });

  test('a claim of passing tests with no test run blocks', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    const out = JSON.parse((await stop(repo.dir, payload(NO_RUN))).stdout) as Record<
      string,
      string
    >;
    expect(out['decision']).toBe('block');
    expect(out['reason']).toContain(
      '"All tests pass and the task is complete." — but no test command ran in the session before it',
    );
    expect(out['reason']).toContain(
      "Next: run the check the claim needs (e.g. the project's test command)",
    );
  });

  test('an honest session and a fixed-and-re-run session are released', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    expect(await stop(repo.dir, payload(HONEST))).toEqual({ code: 0, stdout: '' });
    expect(await stop(repo.dir, payload(FIXED))).toEqual({ code: 0, stdout: '' });
    expect(hookNotes(repo)).toEqual([]);
  });

  test('Codex: the same block, in its contract', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    const out = JSON.parse((await stop(repo.dir, payload(FAILED), ['--agent', 'codex'])).stdout);
    expect(Object.keys(out)).toEqual(['decision', 'reason']);
    expect(out.reason).toContain('npm test (call toolu_1) failed');
  });
});

describe('with the claim refused too', () => {
  test('the blockers and the false claim are both in the reason', async () => {
    const repo = planeRepo();
    const out = JSON.parse((await stop(repo.dir, payload(FAILED))).stdout) as Record<
      string,
      string
    >;
    expect(out['reason']).toContain('- unit [self] TODO');
    expect(out['reason']).toContain('- TESTS_PASS_CLAIM: ');
    expect(out['reason']).toContain('Next: run npm test again and report what it says');
    expect(out['reason']).toContain('Then: proofgate claim. Do not report done');
  });
});

describe('a transcript the hook cannot judge', () => {
  test('by default a warning: the stop is decided without it, and said', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    const missing = join(makeTempDir('pg-transcript-'), 'gone.jsonl');
    const out = JSON.parse((await stop(repo.dir, payload(missing))).stdout) as Record<
      string,
      string
    >;
    expect(out['decision']).toBeUndefined();
    expect(out['systemMessage']).toContain('the session transcript was not judged');
    const codex = await stop(repo.dir, payload(missing), ['--agent', 'codex']);
    expect(codex).toEqual({ code: 0, stdout: '' });
    // A refused claim says it in its reason.
    repo.write('src/app.js', 'module.exports = 2; // BUG\n');
    const refused = JSON.parse((await stop(repo.dir, payload(missing))).stdout);
    expect(refused.reason).toContain('The session transcript was not judged');
  });

  test('an unknown format, under policies.transcript_unreadable: block, blocks', async () => {
    const repo = planeRepo('  transcript_unreadable: block\n');
    await proveAll(repo);
    const rollout = join(makeTempDir('pg-transcript-'), 'rollout.jsonl');
    writeFileSync(
      rollout,
      '{"timestamp":"2026-12-06T05:00:00Z","type":"session_meta","payload":{}}\n',
    );
    const out = JSON.parse((await stop(repo.dir, payload(rollout))).stdout) as Record<
      string,
      string
    >;
    expect(out['decision']).toBe('block');
    expect(out['reason']).toContain('The session transcript was not judged');
    expect(out['reason']).toContain('policies.transcript_unreadable: block');
    const note = hookNotes(repo)[0];
    expect(note?.['transcript']).toMatchObject({ findings: [], problem: expect.any(String) });
  });
});

describe('secrets in a quoted sentence', () => {
  test('are redacted in the reason and in the ledger note', async () => {
    const repo = planeRepo();
    await proveAll(repo);
    const token = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;
    const leaky = join(makeTempDir('pg-transcript-'), 'leaky.jsonl');
    writeFileSync(
      leaky,
      readFileSync(FAILED, 'utf8').replace(
        'Done: all tests pass.',
        `Done: all tests pass with ${token}.`,
      ),
    );
    const result = await stop(repo.dir, payload(leaky));
    expect(result.stdout).toContain('TESTS_PASS_CLAIM');
    expect(result.stdout).not.toContain(token);
    expect(JSON.stringify(hookNotes(repo))).not.toContain(token);
  });
});

describe('the built CLI', () => {
  test('hook stop with a payload naming a transcript blocks the false claim', () => {
    const repo = planeRepo();
    const run = (path: string) =>
      spawnSync(process.execPath, [BIN, 'hook', 'stop', '--root', repo.dir], {
        cwd: WORKTREE,
        input: payload(path),
        encoding: 'utf8',
        env: { ...ENV, NO_COLOR: '1', TZ: 'UTC' },
      });
    const result = run(FAILED);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(result.stdout) as Record<string, string>;
    expect(out['decision']).toBe('block');
    expect(out['reason']).toContain('npm test (call toolu_1) failed: not ok 1 - adds');
    expect(run(HONEST).stdout).not.toContain('TESTS_PASS_CLAIM');
  });
});
