// rustup and cargo find their toolchains under HOME, which the e2e and installed tests empty: this
// names them (RUSTUP_HOME, CARGO_HOME) from the environment, or where they live by default; and
// pytest is kept to the project's own plugins.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function toolchainEnv(): Record<string, string> {
  // The machine's pytest plugins (pytest-benchmark here) are not the project's: loading them took
  // a third of a second of every pytest start, and each weakening case starts pytest several times.
  // A project's own conftest.py and `-p` still load.
  const env: Record<string, string> = { PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' };
  for (const [name, fallback] of [
    ['RUSTUP_HOME', join(homedir(), '.rustup')],
    ['CARGO_HOME', join(homedir(), '.cargo')],
  ] as const) {
    const value = process.env[name] ?? (existsSync(fallback) ? fallback : undefined);
    if (value !== undefined) env[name] = value;
  }
  return env;
}
