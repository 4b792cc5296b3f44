// An audit re-runs controls like evaluate does, and tells the person the same things while and
// after it runs: progress lines on stderr (start, heartbeat, end), and on a re-run that did not
// pass, the names (never the values) of the environment variables withheld from it.
import { describe, expect, test } from 'vitest';
import { crossAuditArgv } from '../helpers/audit-argv.ts';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';

const AUDIT = crossAuditArgv('ci:reviewer:1');
/** Sleeps well past a few heartbeats of 20 ms. */
const SLOW = `{ type: command, argv: ${nodeArgv('setTimeout(() => process.exit(0), 300)')} }`;
const NEEDS = (name: string): string =>
  `{ type: command, argv: ${nodeArgv(`process.exit(process.env.${name} === 'yes' ? 0 : 1)`)} }`;

describe('audit re-runs', () => {
  test('--progress prints start, heartbeat and end lines of each re-run on stderr', async () => {
    const repo = makeGateRepo([{ id: 'SLOW', execution: SLOW }]);
    const env = { PROOFGATE_HEARTBEAT_MS: '20' };
    expect((await repo.run(['evaluate', '--run'], env)).code).toBe(0);
    const run = await repo.run([...AUDIT, '--progress'], env);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/^audit: SLOW started \(1 running\)$/m);
    expect(run.err).toMatch(/^audit: SLOW still running \(\d+\.\d s\)$/m);
    expect(run.err).toMatch(/^audit: SLOW PASS in \d+\.\d s \(1\/1 done\)$/m);
    expect(run.out).not.toContain('started');
  });

  test('quiet when stderr is not a terminal and under --json, unless --progress', async () => {
    const repo = makeGateRepo([{ id: 'SLOW', execution: SLOW }]);
    const env = { PROOFGATE_HEARTBEAT_MS: '20' };
    await repo.run(['evaluate', '--run'], env);
    const plain = await repo.run(AUDIT, env);
    expect(plain.code).toBe(0);
    expect(plain.err).toBe('');
    const asked = await repo.run([...AUDIT, '--json', '--progress'], env);
    expect(asked.err).toMatch(/^audit: SLOW started/m);
    expect(JSON.parse(asked.out).ok).toBe(true);
  });

  test('a re-run that fails names the withheld variables its argv or output names, never their values', async () => {
    const repo = makeGateRepo([{ id: 'NEEDSVAR', execution: NEEDS('MY_FLAG') }]);
    const env = { MY_FLAG: 'yes', DEPLOY_TOKEN: 'value-that-must-not-show' };
    expect((await repo.run(['evaluate', '--run'], env)).code).toBe(1);
    const run = await repo.run(AUDIT, env);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/agree +NEEDSVAR: reviewed FAIL .*audit FAIL/);
    expect(run.out).toMatch(
      /withheld environment \(names only; pass more with policies.env_pass[^\n]*: MY_FLAG; 1 other named neither/,
    );
    expect(run.out).not.toContain('DEPLOY_TOKEN');
    expect(run.out).not.toContain('value-that-must-not-show');
    const json = await repo.run([...AUDIT, '--json'], env);
    const result = JSON.parse(json.out).results[0];
    expect(result.withheld_env).toEqual(['MY_FLAG']);
    expect(result.withheld_others).toBe(1);
    expect(json.out).not.toContain('value-that-must-not-show');
  });

  test('a passing re-run lists nothing withheld', async () => {
    const repo = makeGateRepo([{ id: 'SLOW', execution: SLOW }]);
    await repo.run(['evaluate', '--run'], { DEPLOY_TOKEN: 'x' });
    const json = await repo.run([...AUDIT, '--json'], { DEPLOY_TOKEN: 'x' });
    expect(JSON.parse(json.out).results[0].withheld_env).toBeUndefined();
    expect(JSON.parse(json.out).results[0].withheld_others).toBeUndefined();
  });
});
