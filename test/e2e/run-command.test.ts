// The process runner against real processes: argv fidelity, bounded memory on huge output,
// process-group timeouts, spawn failures and cwd confinement.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { runCommand } from '../../scripts/lib/io/host/run-command.ts';
import { executeControl } from '../../scripts/lib/flows/run/execute-control.ts';
import { redactionRulesFor } from '../../scripts/lib/core/gate/select/select-for-flow.ts';
import { createFakeGateIO, makeControl, makeManifest } from '../helpers/fake-gate-io.ts';
import type { RunCommandOutput, RunCommandRequest } from '../../scripts/lib/core/ports.ts';

const root = mkdtempSync(join(tmpdir(), 'pg-run-'));
const outside = mkdtempSync(join(tmpdir(), 'pg-out-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
const node = process.execPath;
const request = (argv: string[], extra: Partial<RunCommandRequest> = {}): RunCommandRequest => ({
  argv,
  root,
  env,
  timeoutMs: 20_000,
  capBytes: 65_536,
  ...extra,
});
async function run(
  argv: string[],
  extra: Partial<RunCommandRequest> = {},
): Promise<RunCommandOutput> {
  const result = await runCommand(request(argv, extra));
  if (!result.ok) throw new Error(`unexpected refusal: ${result.detail}`);
  return result;
}
const text = (r: RunCommandOutput) => Buffer.concat([r.head, r.tail]).toString('utf8');
// A killed process reparented to a PID 1 that never reaps stays a zombie; that is dead too.
const isAlive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
};

describe('runCommand', () => {
  test('argv with spaces, quotes and shell metacharacters arrives verbatim (no shell)', async () => {
    const args = ['a b', "it's", '"q"', '$HOME', '*', '; rm -rf /', '`id`'];
    const result = await run([
      node,
      '-e',
      'process.stdout.write(JSON.stringify(process.argv.slice(1)))',
      ...args,
    ]);
    expect(JSON.parse(text(result))).toEqual(args);
    expect(result).toMatchObject({ exitCode: 0, signal: null, timedOut: false, omittedBytes: 0 });
    expect(Number.isInteger(result.durationMs)).toBe(true);
  });

  test('exit codes and merged stderr are captured; the digest is of the raw stream', async () => {
    const result = await run([node, '-e', 'process.stderr.write("err\\n"); process.exit(3)']);
    expect(result.exitCode).toBe(3);
    expect(text(result)).toBe('err\n');
    expect(result.rawSha256).toBe(createHash('sha256').update('err\n').digest('hex'));
  });

  test('a secret in the output never reaches the review copy, while the raw digest binds it', async () => {
    const io = createFakeGateIO([], makeManifest());
    io.plane.root = realpathSync(root);
    io.runCommand = runCommand;
    const secret = 'sup3r-s3cret-value-42';
    const printer = `console.log("token=" + process.env.API_TOKEN + " at " + process.cwd() + "\\r"); console.log("\\x1b[32mok\\x1b[0m")`;
    const control = makeControl('T.secret', {
      type: 'command',
      argv: [node, '-e', printer],
      env: ['API_TOKEN'],
    });
    const parentEnv = { ...env, API_TOKEN: secret };
    const outcome = await executeControl(control, {
      plane: io.plane,
      objects: io.objects(io.plane),
      io,
      env: parentEnv,
      actor: { label: 'a', authority: 'b', context: 'c' },
      authorize: [],
      rules: redactionRulesFor(io.plane, parentEnv),
    });
    expect(outcome.status).toBe('PASS');
    const review = new TextDecoder().decode(io.store.get(outcome.details.review!));
    expect(review).not.toContain(secret);
    expect(review).toBe('token=[REDACTED] at [PROJECT_ROOT]\nok\n');
    const rerun = await run([node, '-e', printer], { env: { ...env, API_TOKEN: secret } });
    expect(outcome.details.raw_sha256).toBe(rerun.rawSha256);
    expect(Buffer.concat([rerun.head, rerun.tail]).toString()).toContain(secret);
  });

  test('200 MB of output is capped without the test process growing past ~100 MB', async () => {
    const writer =
      'const c = Buffer.alloc(1 << 20, 120); let i = 0; const go = () => { while (i < 200) { i++; if (!process.stdout.write(c)) { process.stdout.once("drain", go); return; } } process.stdout.write("END\\n"); }; go();';
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const result = await run([node, '-e', writer]);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(result.rawBytes).toBe(200 * 1024 * 1024 + 4);
    expect(result.head.length + result.tail.length).toBe(65_536);
    expect(result.omittedBytes).toBe(result.rawBytes - 65_536);
    expect(Buffer.from(result.tail).toString().endsWith('xxEND\n')).toBe(true);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });

  test('a timeout kills the whole process group, grandchildren included', async () => {
    const pidFile = join(root, 'grandchild.pid');
    const script = `const c = require("child_process").spawn("sleep", ["30"], { stdio: "ignore" }); require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setInterval(() => {}, 1000);`;
    const result = await run([node, '-e', script], { timeoutMs: 700 });
    expect(result.timedOut).toBe(true);
    expect(result.durationMs).toBeLessThan(5000);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(grandchild)).toBe(false);
  });

  test('a grandchild holding the output pipe does not keep the run open after the command exits', async () => {
    const script =
      'require("child_process").spawn("sleep", ["30"], { stdio: "inherit" }).unref(); console.log("done");';
    const started = Date.now();
    const result = await run([node, '-e', script]);
    expect(result.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('a missing executable is refused with ENOENT, and the control is BLOCKED (environment)', async () => {
    const result = await runCommand(request(['definitely-not-a-command-3f9a']));
    expect(result).toMatchObject({ ok: false, reason: 'spawn_failed', code: 'ENOENT' });
    const io = createFakeGateIO([]);
    io.plane.root = root;
    io.runCommand = runCommand;
    const control = makeControl('T.missing', {
      type: 'command',
      argv: ['definitely-not-a-command-3f9a'],
    });
    const outcome = await executeControl(control, {
      plane: io.plane,
      objects: io.objects(io.plane),
      io,
      env,
      actor: { label: 'a', authority: 'b', context: 'c' },
      authorize: [],
      rules: { secrets: [], roots: [] },
    });
    expect(outcome).toMatchObject({
      status: 'BLOCKED',
      details: { blocker: { kind: 'environment' } },
    });
  });

  test('cwd may not escape the root by .. or by a symlink, and must exist', async () => {
    mkdirSync(join(root, 'sub'), { recursive: true });
    symlinkSync(outside, join(root, 'escape'));
    expect(await runCommand(request([node, '-e', ''], { cwd: '../' }))).toMatchObject({
      ok: false,
      reason: 'cwd_outside_root',
    });
    expect(await runCommand(request([node, '-e', ''], { cwd: 'escape' }))).toMatchObject({
      ok: false,
      reason: 'cwd_outside_root',
    });
    expect(await runCommand(request([node, '-e', ''], { cwd: 'nope' }))).toMatchObject({
      ok: false,
      reason: 'cwd_missing',
    });
    const inside = await run([node, '-e', 'process.stdout.write(process.cwd())'], { cwd: 'sub' });
    expect(text(inside).endsWith('sub')).toBe(true);
  });
});
