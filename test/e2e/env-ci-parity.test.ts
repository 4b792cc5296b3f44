// Commands run as CI would run them: compiler flags, proxies, CA bundles and locale reach a control
// (names recorded with the run, never values); a FAIL names only the withheld variables the command
// could have read; a CI step adopted with its own `env:` sets those values for the control.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { spawnCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';
import { PROTOTYPE_PROFILE, makeRepo } from '../helpers/plane-cli.ts';

/** Every file under `dir` (the plane: ledger and evidence objects), as text. */
function allText(dir: string): string {
  return readdirSync(dir)
    .map((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? allText(path) : readFileSync(path, 'latin1');
    })
    .join('\n');
}

const PROXY = 'http://builder:pr0xy-passw0rd@proxy.internal:3128';

// The stub prints the names it got and fails unless the CI settings reached it with their values.
const PRINT_ENV = nodeArgv(
  [
    "const e = process.env; console.log(Object.keys(e).sort().join(' '));",
    'console.log(e.HTTPS_PROXY);',
    "const ok = e.RUSTFLAGS === '-Dwarnings' && e.HTTPS_PROXY.endsWith('@proxy.internal:3128') &&",
    "  e.SSL_CERT_FILE === '/etc/ssl/ci-bundle.pem' && e.CARGO_TERM_COLOR === 'never' &&",
    "  e.LC_MESSAGES === 'C' && e.CARGO_REGISTRY_TOKEN === undefined;",
    'process.exit(ok ? 0 : 1);',
  ].join(' '),
);

describe('the environment a control gets is the one CI gives it', () => {
  test('RUSTFLAGS, HTTPS_PROXY, SSL_CERT_FILE, CARGO_* and LC_* reach the command; names are recorded', () => {
    const repo = makeGateRepo([
      { id: 'PRINTENV', execution: `{ type: command, argv: ${PRINT_ENV} }` },
    ]);
    const env = {
      HOME: process.env['HOME'] ?? '/tmp',
      RUSTFLAGS: '-Dwarnings',
      HTTPS_PROXY: PROXY,
      SSL_CERT_FILE: '/etc/ssl/ci-bundle.pem',
      CARGO_TERM_COLOR: 'never',
      LC_MESSAGES: 'C',
      CARGO_REGISTRY_TOKEN: 'cargo-token-that-must-stay-out',
    };
    const run = spawnCli(['evaluate', '--run', '--json', '--root', repo.dir], repo.dir, env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).run.results[0].status).toBe('PASS');
    // the ledger and the evidence objects (the command printed the proxy URL)
    const plane = allText(join(repo.dir, '.proofgate/evidence'));
    // the run entry says which of them the command got, by name
    const line = plane.split('\n').find((l) => l.includes('"env_passed"'));
    expect(line).toBeDefined();
    const passed = JSON.parse(line!).body.env_passed as string[];
    expect(passed).toEqual(
      expect.arrayContaining([
        'CARGO_TERM_COLOR',
        'HTTPS_PROXY',
        'LC_MESSAGES',
        'RUSTFLAGS',
        'SSL_CERT_FILE',
      ]),
    );
    expect(passed).not.toContain('CARGO_REGISTRY_TOKEN');
    // values never reach the ledger or the evidence: the proxy's password is redacted
    expect(plane).not.toContain('pr0xy-passw0rd');
    expect(plane).not.toContain('cargo-token-that-must-stay-out');
  });

  test('a FAIL lists only the withheld variables its argv or output names', () => {
    const script =
      "console.error('error: MYAPP_MODE is not set'); process.exit(process.env.MYAPP_MODE ? 0 : 1)";
    const repo = makeGateRepo([
      { id: 'NEEDSMODE', execution: `{ type: command, argv: ${nodeArgv(script)} }` },
    ]);
    const env = {
      HOME: process.env['HOME'] ?? '/tmp',
      MYAPP_MODE: 'ci',
      AWS_PROFILE: 'prod',
      EDITOR: 'vim',
      GITHUB_SHA: 'abc',
    };
    const run = spawnCli(['evaluate', '--run', '--root', repo.dir], repo.dir, env);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /withheld environment \(names only[^\n]*: MYAPP_MODE; 4 others named neither by the command nor by its output\n/,
    );
    // AWS_PROFILE, EDITOR, GITHUB_SHA and the NO_COLOR the test spawn sets: counted, not named
    for (const unrelated of ['AWS_PROFILE', 'EDITOR', 'GITHUB_SHA'])
      expect(run.stdout).not.toContain(unrelated);
  });
});

const PROFILE = PROTOTYPE_PROFILE;

const WORKFLOW = `name: ci
on: [push]
env:
  CARGO_TERM_COLOR: never
jobs:
  build:
    runs-on: ubuntu-latest
    env:
      RUSTFLAGS: -Dwarnings
    steps:
      - uses: actions/checkout@v4
      - name: check
        env:
          DEPLOY_TOKEN: \${{ secrets.DEPLOY_TOKEN }}
          MATRIX_OS: \${{ matrix.os }}
          RUST_BACKTRACE: 1
        run: node check.cjs
`;

const CHECK = `const e = process.env;
console.log([e.RUSTFLAGS, e.CARGO_TERM_COLOR, e.RUST_BACKTRACE, e.MATRIX_OS].join(' '));
process.exit(e.RUSTFLAGS === '-Dwarnings' && e.CARGO_TERM_COLOR === 'never' && e.RUST_BACKTRACE === '1' && e.MATRIX_OS === undefined ? 0 : 1);
`;

test("a CI step adopted with its env: sets the step's literal values for the control, never expressions", () => {
  const dir = makeRepo({
    'profile.yaml': PROFILE,
    'package.json': JSON.stringify({ name: 'demo' }),
    '.github/workflows/ci.yml': WORKFLOW,
    'check.cjs': CHECK,
  });
  const home = { HOME: process.env['HOME'] ?? '/tmp' };
  expect(spawnCli(['init', '--profile', 'profile.yaml'], dir, home).code).toBe(0);
  const adopt = spawnCli(['adopt', 'ci:ci:build:check', '--as', 'CI.CHECK'], dir, home);
  expect(adopt.code, adopt.stderr).toBe(0);
  expect(adopt.stdout).toContain('env_values (from the CI step');
  const registry = readFileSync(join(dir, '.proofgate/controls/registry.yaml'), 'utf8');
  expect(registry).toMatch(
    /env_values:\n\s+CARGO_TERM_COLOR: never\n\s+RUSTFLAGS: -Dwarnings\n\s+RUST_BACKTRACE: "1"/,
  );
  expect(registry).not.toContain('DEPLOY_TOKEN');
  expect(registry).not.toContain('MATRIX_OS');
  // the invoking shell sets none of them: the control still runs as CI does
  const run = spawnCli(['evaluate', '--run', '--control', 'CI.CHECK'], dir, home);
  expect(run.code, run.stdout).toBe(0);
});
