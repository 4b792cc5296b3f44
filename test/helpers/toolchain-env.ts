// rustup and cargo find their toolchains under HOME, which the e2e and installed tests empty: this
// names them (RUSTUP_HOME, CARGO_HOME) from the environment, or where they live by default.
// (A pytest setting here would never reach pytest: evaluate gives a control command no PYTEST_*
// variable of its caller's. test/e2e/weakening-python.test.ts sets its own in the control.)
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function toolchainEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, fallback] of [
    ['RUSTUP_HOME', join(homedir(), '.rustup')],
    ['CARGO_HOME', join(homedir(), '.cargo')],
  ] as const) {
    const value = process.env[name] ?? (existsSync(fallback) ? fallback : undefined);
    if (value !== undefined) env[name] = value;
  }
  return env;
}
