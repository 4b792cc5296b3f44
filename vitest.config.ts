import { defineConfig } from 'vitest/config';

export const config = defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'fast',
          include: [
            'test/core/**/*.test.ts',
            'test/commands/**/*.test.ts',
            'test/property/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/golden/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'installed',
          include: ['test/installed/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});

// vitest loads the default export of its config file; this is the one allowed default export.
export default config;
