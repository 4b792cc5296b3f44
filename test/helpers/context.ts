// An in-memory Context for command tests (see ARCHITECTURE.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from '../../scripts/lib/core/context.ts';

let home: string | undefined;

/**
 * The HOME a command run in process gets when its test names none: an empty directory of this
 * worker's, removed when it exits. Without it a command falls back to the real home directory, and
 * a test that generated a key wrote it into the developer's ~/.config/proofgate/keys.
 */
function testHome(): string {
  if (home === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'pg-test-home-'));
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
    home = made;
  }
  return home;
}

export interface TestContext extends Context {
  stdout(): string;
  stderr(): string;
}

export interface TestContextOptions {
  cwd?: string;
  now?: string;
  env?: Record<string, string>;
  stdin?: string;
}

export function createTestContext(options: TestContextOptions = {}): TestContext {
  let out = '';
  let err = '';
  const now = new Date(options.now ?? '2026-01-01T00:00:00.000Z');
  return {
    cwd: options.cwd ?? process.cwd(),
    env: { HOME: testHome(), ...(options.env ?? {}) },
    clock: { now: () => new Date(now) },
    out: { write: (text) => void (out += text) },
    err: { write: (text) => void (err += text) },
    readStdin: () => Promise.resolve(options.stdin ?? ''),
    stdout: () => out,
    stderr: () => err,
  };
}
