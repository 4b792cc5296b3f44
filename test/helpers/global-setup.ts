// Builds the bundle (dist/) once before any test runs: the e2e tests spawn bin/proofgate.js, which
// runs the bundle exactly as an installed package does. Then packs it once, while dist/ holds
// exactly this build (tests that rebuild dist/ in place come later), for the installed tests to
// install (test/helpers/packed.ts): each of them packed the package itself before.
// Before both, it points TMPDIR at a directory of this run in memory when it can (run-tmpdir.ts):
// the workers vitest starts after this inherit it, and it is removed when the run ends.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { packPackage, type Packed } from './packed.ts';
import { makeRunTmpdir } from './run-tmpdir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball `npm pack` made of this build, and the paths it holds. */
    packed: Packed;
  }
}

let packedIn: string | undefined;
let runTmpdir: string | undefined;

export function setup(project: TestProject): void {
  runTmpdir = makeRunTmpdir();
  if (runTmpdir !== undefined) process.env['TMPDIR'] = runTmpdir;
  const script = fileURLToPath(new URL('../../bin/build-dist.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
  packedIn = mkdtempSync(join(tmpdir(), 'pg-packed-'));
  project.provide('packed', packPackage(packedIn));
}

export function teardown(): void {
  if (packedIn !== undefined) rmSync(packedIn, { recursive: true, force: true });
  if (runTmpdir !== undefined) {
    rmSync(runTmpdir, { recursive: true, force: true });
    delete process.env['TMPDIR'];
  }
}
