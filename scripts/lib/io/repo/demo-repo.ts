// File and git actions of `npm run demo` (scripts/demo.ts): a temporary copy of the example project
// made a git repository, commits, a code edit and a deliberately tampered ledger byte.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitEverything, initRepository, publishMain } from '../git.ts';
import { packagePath } from '../host/package-root.ts';

/** A temporary git repository (no commit yet) holding a copy of `fixture`. */
export async function copyToTempRepo(fixture: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'proofgate-demo-'));
  cpSync(fixture, dir, { recursive: true });
  await initRepository(dir);
  return dir;
}

export function commitAll(dir: string, message: string): Promise<void> {
  return commitEverything(dir, message);
}

/**
 * Publishes `dir`'s main branch to a bare repository beside it, as the project's protected
 * upstream (origin/main): local verdicts take their rules and the task's base from it.
 */
export function publishToOrigin(dir: string): Promise<void> {
  return publishMain(dir, `${dir}.origin.git`);
}

export function appendToFile(dir: string, path: string, text: string): void {
  const file = join(dir, path);
  writeFileSync(file, `${readFileSync(file, 'utf8')}${text}`);
}

/** Flips the first recorded PASS in the ledger to FAIL: one changed byte range, as an attacker would. */
export function tamperLedger(dir: string): void {
  const ledger = join(dir, '.proofgate/evidence/ledger');
  const name = readdirSync(ledger).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error(`no ledger segment in ${ledger}`);
  const file = join(ledger, name);
  writeFileSync(file, readFileSync(file, 'utf8').replace('"status":"PASS"', '"status":"FAIL"'));
}

/** Removes the demo repository and the upstream beside it. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}.origin.git`, { recursive: true, force: true });
}

/** Runs the built command (bin/proofgate.js → dist/), as an installed user would: exit code and output. */
export function runBuiltCommand(
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined>,
): { code: number; text: string } {
  const run = spawnSync(process.execPath, [packagePath('bin', 'proofgate.js'), ...args], {
    cwd,
    env,
    encoding: 'utf8',
  });
  return { code: run.status ?? 4, text: `${run.stdout}${run.stderr}` };
}
