// The environment a control command gets: the default allowlist reaches it, other variables do
// not, their names (never values) are shown when the command fails, and policies.env_pass passes
// more by name and binds the names into the result's subject.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';

const NEEDS = (name: string): string =>
  `{ type: command, argv: ${nodeArgv(`process.exit(process.env.${name} === 'yes' ? 0 : 1)`)} }`;

function setEnvPass(dir: string, names: string): void {
  const path = join(dir, '.proofgate/controls/manifest.yaml');
  const text = readFileSync(path, 'utf8').replace(/\n {2}env_pass: .*/, '');
  writeFileSync(
    path,
    text.replace(
      'unmapped_instructions: warn',
      `unmapped_instructions: warn\n  env_pass: ${names}`,
    ),
  );
}

describe('environment policy', () => {
  test('CI and npm_config_* reach the command by default', async () => {
    const repo = makeGateRepo([
      { id: 'CIONLY', execution: NEEDS('CI') },
      { id: 'NPMCFG', execution: NEEDS('npm_config_strict') },
    ]);
    const run = await repo.run(['evaluate', '--run', '--json'], {
      CI: 'yes',
      npm_config_strict: 'yes',
    });
    expect(run.code).toBe(0);
    const results = JSON.parse(run.out).run.results as {
      status: string;
      withheld_env?: string[];
    }[];
    expect(results.map((r) => r.status)).toEqual(['PASS', 'PASS']);
    expect(results.every((r) => r.withheld_env === undefined)).toBe(true);
  });

  test('a failing command names the withheld variables it could have read, never their values', async () => {
    const repo = makeGateRepo([{ id: 'NEEDSVAR', execution: NEEDS('MY_FLAG') }]);
    const env = { MY_FLAG: 'yes', DEPLOY_TOKEN: 'value-that-must-not-show' };
    const run = await repo.run(['evaluate', '--run'], env);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/FAIL {5}NEEDSVAR/);
    // MY_FLAG is in the command's argv; DEPLOY_TOKEN is named nowhere: only counted
    expect(run.out).toMatch(
      /withheld environment \(names only; pass more with policies.env_pass[^\n]*: MY_FLAG; 1 other named neither by the command nor by its output/,
    );
    expect(run.out).not.toContain('DEPLOY_TOKEN');
    expect(run.out).not.toContain('value-that-must-not-show');
    const json = await repo.run(['evaluate', '--run', '--json'], env);
    const result = JSON.parse(json.out).run.results[0];
    expect(result.withheld_env).toEqual(['MY_FLAG']);
    expect(result.withheld_others).toBe(1);
    expect(json.out).not.toContain('value-that-must-not-show');
  });

  test('env_pass passes by name or prefix, and the names are part of the subject', async () => {
    const repo = makeGateRepo([{ id: 'NEEDSVAR', execution: NEEDS('MY_FLAG') }]);
    setEnvPass(repo.dir, '[MY_*]');
    repo.commit('pass MY_*');
    const first = await repo.run(['evaluate', '--run'], { MY_FLAG: 'yes' });
    expect(first.code).toBe(0);
    const fresh = await repo.run(['status', '--control', 'NEEDSVAR']);
    expect(fresh.out).toMatch(/PASS\s+NEEDSVAR/);
    // a different pass list is a different policy: the result no longer stands for it
    setEnvPass(repo.dir, '[MY_*, OTHER]');
    repo.commit('pass OTHER too');
    const stale = await repo.run(['status', '--control', 'NEEDSVAR']);
    expect(stale.out).toMatch(/STALE\s+NEEDSVAR/);
  });

  test('a malformed env_pass entry is a schema error (exit 2) naming the field', async () => {
    const repo = makeGateRepo([{ id: 'NEEDSVAR', execution: NEEDS('MY_FLAG') }]);
    setEnvPass(repo.dir, "['MY FLAG', '*']");
    const run = await repo.run(['evaluate', '--run']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('/policies/env_pass/0');
    expect(run.err).toContain('/policies/env_pass/1');
  });
});
