// Builds the bundle (dist/) once before any test runs: the e2e tests spawn bin/proofgate.js, which
// runs the bundle exactly as an installed package does.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function setup(): void {
  const script = fileURLToPath(new URL('../../bin/build-dist.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
