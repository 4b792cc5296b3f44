// Start-up of the installed command: `proofgate --help` through the bundled dist/ launcher,
// against bare node and the unbundled tsx path measured in the same run.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Bench } from './harness.ts';

const root = join(import.meta.dirname, '..', '..');
const run = (args: string[]) => () => {
  execFileSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
  return Promise.resolve();
};

export const benches: Bench[] = [
  { name: 'node -e 0 (floor)', runs: 15, fn: run(['-e', '0']) },
  {
    name: 'proofgate --help (tsx, unbundled)',
    runs: 15,
    fn: run(['--import', 'tsx', join(root, 'scripts', 'cli.ts'), '--help']),
  },
  {
    name: 'proofgate --help (bin, dist bundle)',
    target: '<= 250 ms',
    targetMs: 250,
    baseline: 'proofgate --help (tsx, unbundled)',
    runs: 15,
    setup: () => {
      execFileSync(process.execPath, [join(root, 'bin', 'build-dist.js')], { cwd: root });
      return Promise.resolve();
    },
    fn: run([join(root, 'bin', 'proofgate.js'), '--help']),
  },
];
