// A reader that closes the pipe early (`proofgate status | head -1`) gets no stack trace: the
// verb finishes quietly and exits with its own code. Spawns the installed bin with the read end
// of stdout (or stderr) closed before the child writes anything.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, WORKTREE } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

let r: GateRepo;
beforeAll(async () => {
  r = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` },
    { id: 'lint', execution: '{ type: slot, hint: the linter }' },
  ]);
  await r.run(['evaluate', '--run', '--control', 'tests']);
});
afterAll(() => r.remove());

const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', NO_COLOR: '1' };

/** Runs the bin with one of its output pipes closed on our side; returns exit code and the other stream. */
function runClosed(args: string[], closed: 'stdout' | 'stderr') {
  return new Promise<{ code: number | null; other: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: WORKTREE, env });
    child[closed].destroy();
    let other = '';
    const open = closed === 'stdout' ? child.stderr : child.stdout;
    open.setEncoding('utf8');
    open.on('data', (chunk: string) => (other += chunk));
    child.on('close', (code) => resolve({ code, other }));
  });
}

describe('a pipe closed early', () => {
  it('stdout closed: status exits with its own code, and stderr has no stack trace', async () => {
    const open = runCli(['status', '--root', r.dir]);
    expect(open.code).toBe(1);
    expect(open.stdout).toMatch(/^NOT READY/);
    const closed = await runClosed(['status', '--root', r.dir], 'stdout');
    expect(closed.code).toBe(open.code);
    expect(closed.other).toBe('');
  });

  it('stdout closed on a verb that succeeds: exit 0, nothing on stderr', async () => {
    const closed = await runClosed(['query', 'head', '--root', r.dir], 'stdout');
    expect(closed.code).toBe(0);
    expect(closed.other).toBe('');
  });

  it('stderr closed on a usage error: still exit 2, stdout untouched', async () => {
    const closed = await runClosed(['query', 'nonsense', '--root', r.dir], 'stderr');
    expect(closed.code).toBe(2);
    expect(closed.other).toBe('');
  });
});
