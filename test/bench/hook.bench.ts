// The Stop hook's answer time on a synthetic 50k-file repository (target < 300 ms), in process and
// as the whole process the agent waits for. The hook reads the verified ledger and computes the
// subject bindings; it never runs a control.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopFlow } from '../../scripts/lib/flows/hook-stop-flow.ts';
import { createRealGateIO } from '../../scripts/lib/flows/world/real-gate-io.ts';
import { createTestContext } from '../helpers/context.ts';
import type { Bench } from './harness.ts';
import {
  ENV,
  getPlaneRepo,
  git,
  GIT_STATUS_ROW,
  processBenches,
  referenceBenches,
  STOP_PAYLOAD,
} from './plane-repo.ts';

async function answer(dir: string, expect: 'allow' | 'block'): Promise<void> {
  const ctx = createTestContext({
    cwd: dir,
    env: ENV,
    stdin: STOP_PAYLOAD,
    now: new Date().toISOString(),
  });
  const decision = await stopFlow(
    { root: undefined, agent: 'claude', controls: [] },
    ctx,
    createRealGateIO(ctx),
  );
  if (decision.action !== expect)
    throw new Error(`hook said ${decision.action}, expected ${expect}`);
}

export const benches: Bench[] = [
  ...referenceBenches(9),
  {
    name: 'hook stop in process, 50k files, 5 controls PASS (allow)',
    target: '< 300 ms median',
    targetMs: 300,
    baseline: GIT_STATUS_ROW,
    runs: 9,
    setup: getPlaneRepo,
    fn: (state) => answer(state as string, 'allow'),
  },
  {
    name: 'hook stop in process, 50k files, 1 edited file (block, STALE)',
    target: '< 300 ms median',
    targetMs: 300,
    runs: 9,
    setup: async () => {
      const dir = await getPlaneRepo();
      writeFileSync(join(dir, 'src', 'd0', 'f0.ts'), 'export const v0 = -1;\n');
      return dir;
    },
    fn: (state) => answer(state as string, 'block'),
    teardown: (state) => {
      git(state as string, 'checkout', '--', 'src/d0/f0.ts');
      return Promise.resolve();
    },
  },
  ...processBenches('hook stop', ['hook', 'stop'], {
    input: STOP_PAYLOAD,
    targetMs: 300,
    runs: 7,
  }),
];
