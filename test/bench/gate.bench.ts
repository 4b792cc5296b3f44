// The gate's own cost: runner overhead per control beyond the command itself, and --jobs scaling.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../../scripts/lib/io/host/run-command.ts';
import { executeControl } from '../../scripts/lib/flows/run/execute-control.ts';
import { evaluateRun } from '../../scripts/lib/flows/run/evaluate-flow.ts';
import { createTestContext } from '../helpers/context.ts';
import { command, createFakeGateIO, makeControl } from '../helpers/fake-gate-io.ts';
import type { Bench } from './harness.ts';

const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
const actor = { label: 'bench', authority: 'virtual:developer', context: 'bench' };

function bareSpawn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('true', [], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

interface Tmp {
  root: string;
}
const makeTmp = (): Promise<Tmp> =>
  Promise.resolve({ root: mkdtempSync(join(tmpdir(), 'pg-bench-')) });
const dropTmp = (state: unknown): Promise<void> => {
  rmSync((state as Tmp).root, { recursive: true, force: true, maxRetries: 10 });
  return Promise.resolve();
};

/** One `true` through proofgate's runner in a fresh temp root, 30 runs, against the bare spawn. */
function overBareSpawn(name: string, fn: (root: string) => Promise<void>): Bench {
  return {
    name,
    baseline: 'bare child_process spawn of true',
    // The target is on the overhead (median minus the bare-spawn median), so no absolute targetMs.
    target: '<= bare spawn + 50 ms',
    runs: 30,
    setup: makeTmp,
    teardown: dropTmp,
    fn: (state) => fn((state as Tmp).root),
  };
}

function jobsBench(jobs: number): Bench {
  return {
    name: `evaluate --run, 10 controls sleeping 200 ms, --jobs ${jobs}`,
    ...(jobs === 2
      ? {
          baseline: 'evaluate --run, 10 controls sleeping 200 ms, --jobs 1',
          target: '~0.5x of --jobs 1',
        }
      : {}),
    runs: 3,
    fn: async () => {
      const controls = Array.from({ length: 10 }, (_, i) =>
        makeControl(`C${i}`, command(['sleep', '200'])),
      );
      const io = createFakeGateIO(controls);
      await evaluateRun(
        { root: '/', controls: [], actor, authorize: [], jobs, dryRun: false },
        createTestContext(),
        io,
      );
    },
  };
}

export const benches: Bench[] = [
  {
    name: 'bare child_process spawn of true',
    runs: 30,
    setup: async () => {
      for (let i = 0; i < 5; i++) await bareSpawn();
    },
    fn: bareSpawn,
  },
  overBareSpawn('runCommand(true)', async (root) => {
    await runCommand({
      argv: ['true'],
      root,
      env,
      timeoutMs: 10_000,
      capBytes: 65_536,
    });
  }),
  overBareSpawn('executeControl(true): runner + review copy + object put', async (root) => {
    const io = createFakeGateIO([]);
    io.plane.root = root;
    io.runCommand = runCommand;
    const control = makeControl('T.true', command(['true']));
    await executeControl(control, {
      plane: io.plane,
      objects: io.objects(io.plane),
      io,
      env,
      actor,
      authorize: [],
      rules: { secrets: ['s3cret'], roots: [io.plane.root] },
    });
  }),
  jobsBench(1),
  jobsBench(2),
];
