// Time is the verifier's, not the writer's: a writer who sets PROOFGATE_NOW to 2099 records entries
// that a verifier on today's clock reports, so a far-future date cannot pose as the latest result.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const DEV = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];

function repo(): GateRepo {
  const r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('1')} }` }]);
  cleanups.push(() => r.remove());
  return r;
}

describe('entries dated in the future', () => {
  it('an entry written under PROOFGATE_NOW=2099 is a finding for a verifier on the real clock', () => {
    const r = repo();
    const future = { PROOFGATE_NOW: '2099-01-01T00:00:00.000Z' };
    expect(runCli(['evaluate', '--run', ...DEV, '--root', r.dir], future).code).toBe(0);
    r.commit('evidence');
    const verify = runCli(['verify', '--json', '--root', r.dir]);
    expect(verify.code).toBe(3);
    const report = JSON.parse(verify.stdout) as { findings: { line: number; code: string }[] };
    expect(report.findings).toEqual([expect.objectContaining({ line: 1, code: 'TIME_IN_FUTURE' })]);
  });

  it('an entry within the clock skew is not a finding', () => {
    const r = repo();
    const soon = { PROOFGATE_NOW: new Date(Date.now() + 60_000).toISOString() };
    expect(runCli(['evaluate', '--run', ...DEV, '--root', r.dir], soon).code).toBe(0);
    r.commit('evidence');
    expect(runCli(['verify', '--root', r.dir]).code).toBe(0);
  });
});
