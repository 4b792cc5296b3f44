import { availableParallelism } from 'node:os';
import { expect, test } from 'vitest';
import { defaultJobs, readJobs } from '../../../scripts/lib/cli/gate-flags.ts';

test('--jobs defaults to the number of cores, never a fixed 4; an explicit value wins', () => {
  expect(defaultJobs()).toBe(Math.max(1, availableParallelism()));
  expect(readJobs({ _: [], $0: 'proofgate' })).toBe(defaultJobs());
  expect(readJobs({ _: [], $0: 'proofgate', jobs: 7 })).toBe(7);
});
