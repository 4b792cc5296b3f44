// The lock race: a stale lock left by a dead process, then many appenders released at the same
// instant, repeated `trials` times. Counts lines whose seq is not their position (two writers
// that both "broke" the stale lock append the same seq) and broken prev links.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { LOCK_NAME, ownerFileName } from '../../scripts/lib/io/ledger/ledger-lock.ts';
import { WORKTREE } from './cli.ts';

const WORKER = join(WORKTREE, 'test', 'helpers', 'lock-race-worker.ts');

export interface LockRaceOptions {
  root: string;
  workers: number;
  trials: number;
  /** Checkout whose scripts/ the workers import (default this worktree); for before/after runs. */
  code?: string;
  /** Stale lock format: the directory lock, or the JSON file of earlier versions. */
  staleFormat?: 'dir' | 'file';
}

export interface LockRaceResult {
  lines: number;
  expected: number;
  /** Lines whose seq differs from their 0-based position. */
  misplaced: number;
  /** Lines whose prev is not the sha256 of the line before. */
  brokenLinks: number;
  workerExitCodes: number[];
  ms: number;
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

function plantStaleLock(commonDir: string, pid: number, format: 'dir' | 'file'): void {
  const dir = join(commonDir, 'proofgate');
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK_NAME);
  const token = 'dead'.repeat(8);
  if (format === 'file') {
    writeFileSync(lock, JSON.stringify({ pid, host: hostname(), time: '', token }));
    return;
  }
  mkdirSync(lock, { recursive: true });
  writeFileSync(join(lock, ownerFileName({ pid, token, host: hostname() })), '');
}

export async function runLockRace(options: LockRaceOptions): Promise<LockRaceResult> {
  const started = performance.now();
  const sync = mkdtempSync(join(tmpdir(), 'pg-lock-race-'));
  const pid = deadPid();
  const exits = Array.from(
    { length: options.workers },
    (_, w) =>
      new Promise<number>((done) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            WORKER,
            options.root,
            sync,
            String(w),
            String(options.trials),
            options.code ?? WORKTREE,
          ],
          { cwd: WORKTREE, stdio: ['ignore', 'ignore', 'inherit'] },
        );
        child.on('exit', (code) => done(code ?? -1));
      }),
  );
  const exited = new Set<number>();
  exits.forEach((p, w) => void p.then(() => exited.add(w)));
  const commonDir = join(options.root, '.git');
  for (let trial = 0; trial < options.trials; trial++) {
    plantStaleLock(commonDir, pid, options.staleFormat ?? 'dir');
    writeFileSync(join(sync, `go-${trial}`), String(Date.now() + 25));
    for (let w = 0; w < options.workers; w++) {
      while (!existsSync(join(sync, `done-${trial}-${w}`))) {
        if (exited.has(w)) break;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    if (exited.size > 0) break;
  }
  const workerExitCodes = await Promise.all(exits);
  rmSync(sync, { recursive: true, force: true });
  return {
    ...checkSegment(options.root),
    expected: options.workers * options.trials,
    workerExitCodes,
    ms: Math.round(performance.now() - started),
  };
}

function checkSegment(root: string): Pick<LockRaceResult, 'lines' | 'misplaced' | 'brokenLinks'> {
  const dir = join(root, '.proofgate', 'evidence', 'ledger');
  const segments = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  if (segments.length !== 1) throw new Error(`expected one segment, found ${segments.join(', ')}`);
  const text = readFileSync(join(dir, segments[0]!), 'utf8');
  const lines = text.split('\n').slice(0, -1);
  let misplaced = 0;
  let brokenLinks = 0;
  lines.forEach((line, i) => {
    const entry = JSON.parse(line) as { seq: number; prev: string | null };
    if (entry.seq !== i) misplaced += 1;
    const want = i === 0 ? null : sha256Hex(lines[i - 1]!);
    if (entry.prev !== want) brokenLinks += 1;
  });
  return { lines: lines.length, misplaced, brokenLinks };
}
