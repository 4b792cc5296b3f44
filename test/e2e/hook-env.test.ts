// The Stop hook's process clears NODE_OPTIONS and npm_config_* (bin/proofgate.js): what an
// `.npmrc` or the agent's shell set there reaches none of the processes the gate starts. Observed
// through a `git` first on PATH that logs what it was given; a `--require`d file proves the
// variable was really set for the gate's own start (that load is out of reach, hook.md says so).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.ts';
import { makeRepo, makeTempDir, type TestRepo } from '../helpers/git-repo.ts';
import { HOOK_REGISTRY, stopPayloadFor } from '../helpers/hook-stop.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

describe('hook stop clears NODE_OPTIONS and npm_config_* for the processes it starts', () => {
  it('git never sees them, while the gate still blocks', () => {
    const repo = makeRepo({
      'check.js': 'process.exit(0);\n',
      'NOTES.md': 'notes\n',
      '.proofgate/controls/manifest.yaml': manifestYaml({ targetMaturity: 'prototype' }),
      '.proofgate/controls/registry.yaml': HOOK_REGISTRY,
    });
    repos.push(repo);
    const bin = makeTempDir('pg-env-git-');
    const log = join(bin, 'env.log');
    writeFileSync(log, '');
    writeFileSync(
      join(bin, 'git'),
      `#!/bin/sh\nprintf '%s|%s\\n' "$NODE_OPTIONS" "$npm_config_script_shell" >> '${log}'\nexec '${REAL_GIT}' "$@"\n`,
    );
    chmodSync(join(bin, 'git'), 0o755);
    const loaded = join(bin, 'loaded.log');
    const preload = join(bin, 'preload.cjs');
    writeFileSync(preload, `require('fs').appendFileSync(${JSON.stringify(loaded)}, 'x');\n`);
    const run = spawnSync(process.execPath, [BIN, 'hook', 'stop', '--agent', 'claude'], {
      cwd: repo.dir,
      input: stopPayloadFor(repo.dir),
      encoding: 'utf8',
      env: {
        PATH: `${bin}:${process.env['PATH'] ?? ''}`,
        HOME: process.env['HOME'] ?? '/tmp',
        CLAUDE_PROJECT_DIR: repo.dir,
        NODE_OPTIONS: `--require ${preload}`,
        npm_config_script_shell: '/tmp/evil-shell',
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { decision?: string }).decision).toBe('block');
    // The variable was set for the gate's own start (one load, in the gate's process only).
    expect(readFileSync(loaded, 'utf8')).toBe('x');
    const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toBe('|');
  });
});
