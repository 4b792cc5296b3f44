// Start-up of the command users run: `proofgate --help` through this checkout's bin and through
// node_modules/.bin/proofgate of a packed and installed tarball, whole process, beside bare
// `node -e 0` and the unbundled tsx path measured in the same run.
import { join } from 'node:path';
import { makeTempDir, openRepo } from '../helpers/git-repo.ts';
import { installPackedPackage } from '../helpers/packed.ts';
import { spawnMeasured } from './child-usage.ts';
import type { Bench } from './harness.ts';

const root = join(import.meta.dirname, '..', '..');
const run = (args: string[]) => () => {
  const child = spawnMeasured(process.execPath, args, { cwd: root, stdio: 'ignore' });
  if (child.status !== 0) throw new Error(`${args.join(' ')}: exit ${child.status}`);
  return Promise.resolve();
};

export const benches: Bench[] = [
  { name: 'node -e 0 (floor)', runs: 15, fn: run(['-e', '0']) },
  {
    name: 'proofgate --help (bin/proofgate.js, this checkout)',
    target: '<= 150 ms',
    targetMs: 150,
    baseline: 'node -e 0 (floor)',
    runs: 15,
    fn: run([join(root, 'bin', 'proofgate.js'), '--help']),
  },
  {
    name: 'proofgate --version (bin/proofgate.js, this checkout)',
    baseline: 'node -e 0 (floor)',
    runs: 15,
    fn: run([join(root, 'bin', 'proofgate.js'), '--version']),
  },
  {
    name: 'proofgate claim --help (one verb loaded, its help rendered)',
    baseline: 'node -e 0 (floor)',
    runs: 15,
    fn: run([join(root, 'bin', 'proofgate.js'), 'claim', '--help']),
  },
  {
    name: 'proofgate --help (tsx, unbundled)',
    runs: 15,
    baseline: 'node -e 0 (floor)',
    fn: run(['--import', 'tsx', join(root, 'scripts', 'cli.ts'), '--help']),
  },
  {
    name: 'proofgate --help (installed tarball bin)',
    target: '<= 150 ms',
    targetMs: 150,
    baseline: 'node -e 0 (floor)',
    runs: 15,
    setup: () => {
      const repo = openRepo(makeTempDir('pg-bench-consumer-'));
      repo.git('init', '-q');
      repo.write('package.json', '{"name":"consumer","version":"1.0.0","private":true}\n');
      return Promise.resolve({ repo, bin: installPackedPackage(repo.dir).bin });
    },
    fn: (state) => {
      const { repo, bin } = state as { repo: { dir: string }; bin: string };
      const child = spawnMeasured(bin, ['--help'], { cwd: repo.dir, stdio: 'ignore' });
      if (child.status !== 0) throw new Error(`installed --help: exit ${child.status}`);
      return Promise.resolve();
    },
    teardown: (state) => {
      (state as { repo: { remove(): void } }).repo.remove();
      return Promise.resolve();
    },
  },
];
