// Bundles scripts/cli.ts into dist/ (one chunk per verb) so the installed `proofgate` starts in a
// fraction of tsx's time. Run by `npm run build` and by npm's `prepare` on install.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newestSourceMtime } from './source-stamp.js';

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
writeFileSync(
  `${root}dist/stamp.json`,
  `${JSON.stringify({ sources: newestSourceMtime(root) })}\n`,
);
