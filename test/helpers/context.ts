// An in-memory Context for command tests (see ARCHITECTURE.md).
import type { Context } from '../../scripts/lib/core/context.ts';

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
    env: { ...(options.env ?? {}) },
    clock: { now: () => new Date(now) },
    out: { write: (text) => void (out += text) },
    err: { write: (text) => void (err += text) },
    readStdin: () => Promise.resolve(options.stdin ?? ''),
    stdout: () => out,
    stderr: () => err,
  };
}
