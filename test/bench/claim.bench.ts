// `claim` and `status` as whole processes on the shared 50k-file plane repository (plane-repo.ts,
// read against bare node and git status measured in the same run), then `claim --scope project`
// in process on a 50k-file repository with 20 controls that all have current evidence, and the
// two parts of its cost: subject bindings (computeSubjects) and the verified ledger read. A
// reference that re-hashes every working-tree file per call and re-validates the whole ledger
// pays about 2.9 s for the same question.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runClaim } from '../../scripts/claim.ts';
import { runEvaluate } from '../../scripts/evaluate.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { createTestContext } from '../helpers/context.ts';
import { registryYaml } from '../helpers/gate-repo.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import type { Bench } from './harness.ts';
import { git, processBenches, referenceBenches } from './plane-repo.ts';

const FILES = 50_000;
const PER_DIR = 100;
const CONTROLS = 20;
const CLAIM = 'claim --scope project --no-record, 50k files, 20 current controls';

let repo: Promise<string> | undefined;

const common = { root: undefined, json: false, limit: 8192 };
const context = (root: string) =>
  createTestContext({
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '' },
    now: new Date().toISOString(),
  });

function getRepo(): Promise<string> {
  repo ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proofgate-bench-claim-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'config', 'gc.auto', '0');
    for (let i = 0; i < FILES; i++) {
      const sub = join(dir, 'src', `d${Math.floor(i / PER_DIR)}`);
      if (i % PER_DIR === 0) mkdirSync(sub, { recursive: true });
      writeFileSync(join(sub, `f${i}.ts`), `export const v${i} = ${i};\n`.repeat(30));
    }
    const controls = Array.from({ length: CONTROLS }, (_, i) => ({
      id: `c${i}`,
      execution: '{ type: command, argv: [node, -e, "0"] }',
    }));
    mkdirSync(join(dir, '.proofgate', 'controls'), { recursive: true });
    const manifest = manifestYaml().replace(
      'project: { required_stages: [self, cross, release_authority] }',
      'project: { required_stages: [self] }',
    );
    writeFileSync(join(dir, '.proofgate/controls/manifest.yaml'), manifest);
    writeFileSync(join(dir, '.proofgate/controls/registry.yaml'), registryYaml(controls));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'synthetic');
    const run = await runEvaluate(
      {
        ...common,
        root: dir,
        mode: 'run',
        controls: [],
        actor: { label: undefined, authority: undefined, context: undefined },
        authorize: [],
        jobs: 8,
      },
      context(dir),
    );
    if (!run.run.ok) throw new Error('bench setup: a control did not pass');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'evidence');
    return dir;
  })();
  return repo;
}

async function claimOnce(root: string): Promise<void> {
  const result = await runClaim(
    {
      ...common,
      root,
      scope: 'project',
      controls: [],
      campaign: undefined,
      base: undefined,
      record: false,
      actor: { label: undefined, authority: undefined, context: undefined },
    },
    context(root),
  );
  if (!result.granted) throw new Error(`bench: claim refused: ${result.verdict}`);
}

export const benches: Bench[] = [
  ...referenceBenches(21),
  ...processBenches('claim --control a --no-record', ['claim', '--control', 'a', '--no-record'], {
    targetMs: 400,
    runs: 21,
  }),
  ...processBenches('status', ['status'], { targetMs: 400, runs: 21 }),
  {
    name: CLAIM,
    target: '<= 0.5 s median (Python peer ~2.9 s, stated reference)',
    targetMs: 500,
    runs: 7,
    setup: getRepo,
    fn: (root) => claimOnce(root as string),
  },
  {
    name: 'computeSubjects for the 20 controls (share of claim)',
    baseline: CLAIM,
    runs: 7,
    setup: getRepo,
    fn: async (root) => {
      const io = openWorld(context(root as string));
      const plane = await io.loadPlane(root as string);
      await io.computeSubjects(plane, plane.registry.controls);
    },
  },
  {
    name: 'readEntries: parse + verify the ledger (share of claim)',
    baseline: CLAIM,
    runs: 7,
    setup: getRepo,
    fn: async (root) => {
      const io = openWorld(context(root as string));
      await io.readEntries(await io.loadPlane(root as string));
    },
  },
];
