// Bundles scripts/cli.ts into dist/ (one chunk per verb) so the installed `proofgate` starts in a
// fraction of tsx's time. Run by `npm run build`, by npm's `prepare` (a checkout's install) and
// `prepack` (the published tarball), and once by the test suite's global setup.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  entryPoints: [`${root}scripts/cli.ts`],
  outdir: `${root}dist`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  alias: { debug: `${root}bin/no-debug.js` },
  banner: {
    js: "import { createRequire as __pgRequire } from 'node:module'; const require = __pgRequire(import.meta.url);",
  },
});
