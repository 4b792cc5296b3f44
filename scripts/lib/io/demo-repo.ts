// File and git actions of `npm run demo` (scripts/demo.ts): a temporary copy of the example project
// made a git repository, commits, a code edit and a deliberately tampered ledger byte.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitText } from './git.ts';

async function git(dir: string, ...args: string[]): Promise<void> {
  const identity = ['-c', 'user.name=demo', '-c', 'user.email=demo@example.com'];
  await gitText([...identity, ...args], { cwd: dir });
}

/** A temporary git repository (no commit yet) holding a copy of `fixture`. */
export async function copyToTempRepo(fixture: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'proofgate-demo-'));
  cpSync(fixture, dir, { recursive: true });
  await git(dir, 'init', '-q', '-b', 'main');
  return dir;
}

export async function commitAll(dir: string, message: string): Promise<void> {
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-q', '-m', message);
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

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
