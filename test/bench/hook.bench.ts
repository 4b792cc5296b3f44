// The Stop hook's answer time on a synthetic 50k-file repository (issue 6: target < 300 ms). The
// hook reads the verified ledger and computes the subject bindings; it never runs a control.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditFlow } from '../../scripts/lib/flows/audit-flow.ts';
import { evaluateRun } from '../../scripts/lib/flows/evaluate-flow.ts';
import { stopFlow } from '../../scripts/lib/flows/hook-stop-flow.ts';
import { createRealGateIO } from '../../scripts/lib/flows/world/real-gate-io.ts';
import { createTestContext } from '../helpers/context.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import type { Bench } from './harness.ts';

const FILES = 50_000;
const PER_DIR = 100;
const ENV = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp' };
const BIN = fileURLToPath(new URL('../../bin/proofgate.js', import.meta.url));
const PAYLOAD = JSON.stringify({ hook_event_name: 'Stop', stop_hook_active: false });

const control = (id: string): string => `  - id: ${id}
    title: ${id}
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: ['true'] }
    evidence_required: [command output]
`;

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], { cwd: dir });
}

let repo: Promise<string> | undefined;

// One repository per process: 50k files, a plane with 5 controls, each run and cross-audited.
function getRepo(): Promise<string> {
  repo ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proofgate-bench-hook-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'config', 'gc.auto', '0');
    for (let i = 0; i < FILES; i++) {
      const sub = join(dir, 'src', `d${Math.floor(i / PER_DIR)}`);
      if (i % PER_DIR === 0) mkdirSync(sub, { recursive: true });
      writeFileSync(join(sub, `f${i}.ts`), `export const v${i} = ${i};\n`.repeat(30));
    }
    mkdirSync(join(dir, '.proofgate', 'controls'), { recursive: true });
    writeFileSync(join(dir, '.proofgate', 'controls', 'manifest.yaml'), manifestYaml());
    const registry = `version: 1\ncontrols:\n${['a', 'b', 'c', 'd', 'e'].map(control).join('')}`;
    writeFileSync(join(dir, '.proofgate', 'controls', 'registry.yaml'), registry);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'synthetic');
    const ctx = createTestContext({ cwd: dir, env: ENV, now: new Date().toISOString() });
    const io = createRealGateIO(ctx);
    const self = { label: 'b', authority: 'virtual:developer', context: 'one' };
    const cross = { label: 'q', authority: 'virtual:quality', context: 'two' };
    await evaluateRun(
      { root: dir, controls: [], actor: self, authorize: [], jobs: 4, dryRun: false },
      ctx,
      io,
    );
    await auditFlow(
      {
        root: dir,
        stage: 'cross',
        review: 'latest',
        controls: [],
        actor: cross,
        authorize: [],
        jobs: 4,
      },
      ctx,
      io,
    );
    return dir;
  })();
  return repo;
}

async function answer(dir: string, expect: 'allow' | 'block'): Promise<void> {
  const ctx = createTestContext({
    cwd: dir,
    env: ENV,
    stdin: PAYLOAD,
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
  {
    name: 'reference: git status --porcelain, same 50k repository',
    runs: 9,
    setup: getRepo,
    fn: (state) => {
      execFileSync('git', ['status', '--porcelain'], { cwd: state as string });
      return Promise.resolve();
    },
  },
  {
    name: 'hook stop in process, 50k files, 5 controls PASS (allow)',
    target: '< 300 ms median',
    targetMs: 300,
    baseline: 'reference: git status --porcelain, same 50k repository',
    runs: 9,
    setup: getRepo,
    fn: (state) => answer(state as string, 'allow'),
  },
  {
    name: 'hook stop in process, 50k files, 1 edited file (block, STALE)',
    target: '< 300 ms median',
    targetMs: 300,
    runs: 9,
    setup: async () => {
      const dir = await getRepo();
      writeFileSync(join(dir, 'src', 'd0', 'f0.ts'), 'export const v0 = -1;\n');
      return dir;
    },
    fn: (state) => answer(state as string, 'block'),
    teardown: (state) => {
      git(state as string, 'checkout', '--', 'src/d0/f0.ts');
      return Promise.resolve();
    },
  },
  {
    name: 'hook stop via bin/proofgate.js (node start-up included), 50k files',
    target: 'reported (what the agent waits for)',
    runs: 5,
    setup: getRepo,
    fn: (state) => {
      const result = spawnSync(process.execPath, [BIN, 'hook', 'stop'], {
        cwd: state as string,
        input: PAYLOAD,
        env: ENV,
      });
      if (result.status !== 0)
        throw new Error(`exit ${result.status}: ${result.stderr.toString()}`);
      return Promise.resolve();
    },
  },
];
