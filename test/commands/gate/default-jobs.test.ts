import { availableParallelism } from 'node:os';
import { expect, test } from 'vitest';
import { dispatchCommand } from '../../../scripts/cli.ts';
import { evaluate } from '../../../scripts/evaluate.ts';
import { defaultJobs } from '../../../scripts/lib/cli/gate-flags.ts';
import { parseArgs } from '../../../scripts/lib/cli/parse-args.ts';
import { createTestContext } from '../../helpers/context.ts';

const common = { root: undefined, json: false, limit: 8192 };
const jobsOf = (args: string[]): number =>
  evaluate.toOptions(parseArgs(evaluate, ['--run', ...args], 'evaluate'), common).jobs;

test('--jobs defaults to the number of cores, never a fixed 4; an explicit value wins', () => {
  expect(defaultJobs()).toBe(Math.max(1, availableParallelism()));
  expect(jobsOf([])).toBe(defaultJobs());
  expect(jobsOf(['--jobs', '7'])).toBe(7);
});

test('--jobs takes one number: given twice it is refused, not read as a list', async () => {
  const ctx = createTestContext();
  expect(await dispatchCommand(['evaluate', '--dry-run', '--jobs', '2', '--jobs', '3'], ctx)).toBe(
    2,
  );
  expect(ctx.stderr()).toContain('--jobs takes one value');
});
