// CI runners for sharded evaluation: clones of one commit, each running its shard with the real
// CLI, and the artifact download that copies their evidence into a merge checkout.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from './cli.ts';
import { nodeArgv, type GateControl } from './gate-repo.ts';
import { makeTempDir, openRepo, type TestRepo } from './git-repo.ts';

/** One command control per id, each printing its own id. */
export const echoControls = (ids: readonly string[]): GateControl[] =>
  ids.map((id) => ({
    id,
    execution: `{ type: command, argv: ${nodeArgv(`console.log(${JSON.stringify(id)})`)} }`,
  }));

/** A clone of `origin` in a temporary folder; the folder goes onto `cleanup`. */
export function cloneRepo(origin: TestRepo, prefix: string, cleanup: TestRepo[]): TestRepo {
  const parent = makeTempDir(prefix);
  origin.git('clone', '-q', origin.dir, join(parent, 'repo'));
  cleanup.push(openRepo(parent));
  return openRepo(join(parent, 'repo'));
}

/** Runner k of n runs `evaluate --run --shard k/n`, silently and successfully. */
export function runShards(runners: readonly TestRepo[]): void {
  for (const [i, runner] of runners.entries()) {
    const run = runCli([
      'evaluate',
      '--run',
      '--shard',
      `${i + 1}/${runners.length}`,
      '--root',
      runner.dir,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }
}

/** What an artifact download does: each runner's evidence directory copied into the checkout. */
export function collectEvidence(into: TestRepo, from: readonly TestRepo[]): void {
  for (const runner of from) {
    cpSync(join(runner.dir, '.proofgate', 'evidence'), join(into.dir, '.proofgate', 'evidence'), {
      recursive: true,
      force: false,
      errorOnExist: false,
    });
  }
}
