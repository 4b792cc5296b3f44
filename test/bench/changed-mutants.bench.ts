// The cost of the changed-line mutants `evaluate --run` plants (flows/run/changed-mutants-step.ts):
// an npm project whose `node --test` suite passes, a change of one function since its base
// (origin/main), evaluated with the default 3 mutants and with none (--max-mutants 0). The
// difference is the step: a temporary worktree, one baseline run and one run per mutant.
import type { Bench } from './harness.ts';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';
import { actingAs } from '../helpers/audit-argv.ts';

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' };
const CALC = 'export const add = (a, b) => a + b;\n';
const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add, min } from '../src/calc.js';

test('adds', () => assert.equal(add(1, 2), 3));
test('min', () => {
  assert.equal(min(1, 2), 1);
  assert.equal(min(3, 2), 2);
});
`;

interface State {
  repo: GateRepo;
  unpush: () => void;
}

function project(): Promise<State> {
  const repo = makeGateRepo(
    [{ id: 'ENG.TESTS', execution: '{ type: command, argv: [node, --test, test/] }' }],
    { files: { 'src/calc.js': `${CALC}export const min = (a, b) => a;\n`, 'test/x.txt': '' } },
  );
  repo.commit('base');
  const unpush = pushToOrigin(repo);
  repo.write('src/calc.js', `${CALC}export function min(a, b) {\n  return a < b ? a : b;\n}\n`);
  repo.write('test/calc.test.js', TEST);
  return Promise.resolve({ repo, unpush });
}

function evaluate(flags: string[]): (state: unknown) => Promise<void> {
  return async (state) => {
    const { repo } = state as State;
    const args = ['evaluate', '--run', ...actingAs('virtual:developer', 'local:bench'), ...flags];
    const ran = await repo.run(args, ENV);
    if (ran.code !== 0) throw new Error(ran.out + ran.err);
  };
}

const teardown = (state: unknown): Promise<void> => {
  const { repo, unpush } = state as State;
  unpush();
  repo.remove();
  return Promise.resolve();
};

export const benches: Bench[] = [
  {
    name: 'evaluate --run, no changed-line mutants (--max-mutants 0)',
    runs: 5,
    setup: project,
    fn: evaluate(['--max-mutants', '0']),
    teardown,
  },
  {
    name: 'evaluate --run with 3 changed-line mutants (the default)',
    target: '<= 4x the run without',
    baseline: 'evaluate --run, no changed-line mutants (--max-mutants 0)',
    runs: 5,
    setup: project,
    fn: evaluate([]),
    teardown,
  },
];
