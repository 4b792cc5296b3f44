// A control BLOCKED by a missing tool says how to get the tool: install the dependencies the way
// the lockfile pins them, then run the control again. Re-running alone would block again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const xoMissing = nodeArgv(
  'process.stderr.write("sh: 1: xo: not found\\n"); process.exitCode = 127',
);

let r: GateRepo;
beforeAll(() => {
  r = makeGateRepo([{ id: 'tests', execution: `{ type: command, argv: ${xoMissing} }` }], {
    files: { 'package.json': '{"name":"x","version":"1.0.0"}\n', 'package-lock.json': '{}\n' },
  });
});
afterAll(() => r.remove());

describe('missing tool: next installs, then re-runs', () => {
  it('evaluate, status and claim all name npm ci && the rerun', async () => {
    const evaluate = await r.run(['evaluate', '--run', '--control', 'tests']);
    expect(evaluate.out).toMatch(/BLOCKED\s+tests: .*missing tool: xo/);
    const next = /next: npm ci && (proofgate evaluate --run --control tests)\b/;
    expect(evaluate.out).toMatch(next);
    expect((await r.run(['status'])).out).toMatch(next);
    expect((await r.run(['claim', '--control', 'tests'])).out).toMatch(next);
  });
});
