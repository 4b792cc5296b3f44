import { availableParallelism } from 'node:os';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/helpers/sequencer.ts';

// The fast and e2e tests run this checkout's bin with `proofgate` on PATH (a link to it), as a
// user with proofgate on PATH would: the commands it prints then start with a bare `proofgate`,
// which keeps their expectations and the goldens independent of where the checkout lives. The
// installed tests keep the real PATH (the consumer's npx, no proofgate on PATH).
// NODE_EXTRA_CA_CERTS (set on some machines for a proxy's certificate) makes every node process
// read and parse a certificate bundle as it starts: measured on the two-core machine, 0.04 s ->
// 0.12 s of wall time and +80 ms of CPU for `node -e 0`. The suite starts thousands of node
// processes (the CLI, controls' own commands, npm) and none of them needs the network, so every
// project runs with it empty (node then loads no extra certificates).
const quietStart = { NODE_EXTRA_CA_CERTS: '' };
const onPath = {
  ...quietStart,
  PATH: `${fileURLToPath(new URL('test/fixtures/path-bin', import.meta.url))}${delimiter}${process.env['PATH'] ?? ''}`,
};

/** The e2e files that replace a module with vi.mock (test/commands/no-shared-mocks.test.ts). */
export const MOCKING = [
  'test/e2e/keyless-sigstore.test.ts',
  'test/e2e/subject-hit-index-copy.test.ts',
];

export const config = defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    // vitest's default (one worker fewer than the cores) runs one file at a time on the two-core
    // CI machine, while most of an e2e test's time is a CLI or git child process. Two workers
    // still left a third of a core idle (measured: 42.5 min of CPU in a 28 min full run on two
    // cores, the rest waiting on disk and process start-up): one worker more than the cores.
    maxWorkers: availableParallelism() + 1,
    // the longest files first, whatever their project: a long file started last runs on alone
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'fast',
          env: onPath,
          // Some command tests read every doc and source file; on a loaded two-core machine 5 s is short.
          testTimeout: 40_000,
          include: [
            'test/core/**/*.test.ts',
            'test/commands/**/*.test.ts',
            'test/property/**/*.test.ts',
          ],
          // The sources are imported once per worker, not once per file: measured on the two-core
          // machine, the project's wall time fell from 119 s to 43 s and its CPU from 233 s to 83 s.
          // So no file here may replace a module (vi.mock): the shared graph would carry it on.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          env: onPath,
          include: ['test/e2e/**/*.test.ts', 'test/golden/**/*.test.ts'],
          exclude: MOCKING,
          // A hang still fails; a slow test on three workers sharing two cores does not.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // As in the fast project: the sources are imported once per worker, not per file (each
          // file re-imported the verbs it runs in process, about half a second of CPU apiece).
          isolate: false,
        },
      },
      {
        test: {
          // The files that replace a module (vi.mock) keep a module graph of their own.
          name: 'e2e-mocking',
          env: onPath,
          include: MOCKING,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'installed',
          env: quietStart,
          include: ['test/installed/**/*.test.ts'],
          // A journey runs ~30 commands of the installed package (30-40 s here); in a clean-clone
          // run whose first wave (these, the weakening and teeth files) ran three times slower
          // than usual, one took 129 s. A hang still fails.
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});

// vitest loads the default export of its config file; this is the one allowed default export.
export default config;
