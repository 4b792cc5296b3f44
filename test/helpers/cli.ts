// Spawns the real CLI with a minimal environment (see ARCHITECTURE.md).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../scripts/cli.ts', import.meta.url));
/** The command users run: bin/proofgate.js, which runs the bundle that global setup builds. */
export const BIN = fileURLToPath(new URL('../../bin/proofgate.js', import.meta.url));
export const WORKTREE = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `proofgate <args>` through bin/proofgate.js (the bundle) from the worktree; pass `--root`. */
export function runCli(args: string[], env: Record<string, string> = {}): CliRun {
  return spawnCli(args, WORKTREE, { HOME: process.env['HOME'] ?? '/tmp', ...env });
}

/** bin/proofgate.js in `cwd` with PATH, no colours and UTC, plus `env` (HOME among them). */
export function spawnCli(
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', TZ: 'UTC', ...env },
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The same dispatch as the CLI, in this process (no spawn): for tests that run many commands. */
export async function runInProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  const { dispatchCommand } = await import('../../scripts/cli.ts');
  const { createTestContext } = await import('./context.ts');
  const ctx = createTestContext({ cwd: WORKTREE, env, now: new Date().toISOString() });
  const code = await dispatchCommand(args, ctx);
  return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
}
