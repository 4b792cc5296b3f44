// Control plane benchmarks (issue 3): scan of a 50k-file repository (target <= 1 s) and init end
// to end on it. The repository is generated once and shared by both benches.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProfileFile } from '../../scripts/lib/core/plane/types.ts';
import { initPlane } from '../../scripts/lib/flows/plane/init-flow.ts';
import { scanRepository } from '../../scripts/lib/io/repo/scan-repo.ts';
import type { Bench } from './harness.ts';
import { git } from './plane-repo.ts';
import { createTestContext } from '../helpers/context.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { REPO_PART } from '../../scripts/lib/cli/world/repo-part.ts';
import { PLANE_EDITS_PART } from '../../scripts/lib/cli/world/plane-edits-part.ts';

const FILES = 50_000;
let repo: Promise<string> | undefined;

/** 500 packages × 100 files, a few build files, committed (plus 1% untracked). */
function generateRepo(): Promise<string> {
  repo ??= Promise.resolve().then(() => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-bench-plane-'));
    const exts = ['ts', 'js', 'py', 'go', 'md', 'json', 'rs', 'txt'];
    for (let p = 0; p < FILES / 100; p++) {
      const pkg = join(dir, 'packages', `p${p}`, p % 10 === 0 ? 'test' : 'src');
      mkdirSync(pkg, { recursive: true });
      for (let f = 0; f < 100; f++)
        writeFileSync(join(pkg, `f${f}.${exts[(p + f) % exts.length]}`), `// ${p}/${f}\n`);
    }
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'big', scripts: { test: 'vitest run', lint: 'eslint .' } }),
    );
    writeFileSync(join(dir, 'Makefile'), 'check:\n\tnpm test\n');
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    writeFileSync(
      join(dir, '.github', 'workflows', 'ci.yml'),
      'jobs:\n  t:\n    steps:\n      - run: npm test\n',
    );
    writeFileSync(join(dir, 'AGENTS.md'), '# rules\n');
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'fixture');
    for (let u = 0; u < FILES / 100; u++) writeFileSync(join(dir, `untracked-${u}.ts`), '');
    return dir;
  });
  return repo;
}

const PROFILE: ProfileFile = {
  development_mode: 'ai_brownfield',
  target_maturity: 'production_ready',
  product_type: ['service'],
  distribution_model: 'saas',
  criticality: 'high',
  data_sensitivity: 'internal',
  ai_system: false,
  scope_mode: 'full_repo',
};

export const benches: Bench[] = [
  {
    name: 'scan 50k-file repository',
    target: '<= 1000 ms median',
    targetMs: 1000,
    runs: 7,
    setup: generateRepo,
    fn: async (state) => {
      const result = await scanRepository(state as string);
      if (result.files < FILES) throw new Error(`scan saw ${result.files} files`);
    },
  },
  {
    name: 'init end to end on 50k-file repository',
    target: 'reported (scan + plan + validate + write)',
    runs: 7,
    setup: generateRepo,
    fn: async (state) => {
      const dir = state as string;
      rmSync(join(dir, '.proofgate'), { recursive: true, force: true, maxRetries: 10 });
      const world = openWorld(
        createTestContext({ cwd: dir }),
        {},
        { ...REPO_PART, ...PLANE_EDITS_PART },
      );
      await initPlane(dir, PROFILE, new Date(), undefined, world);
    },
    teardown: async (state) => {
      rmSync(state as string, { recursive: true, force: true, maxRetries: 10 });
      await Promise.resolve();
    },
  },
];
