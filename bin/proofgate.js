#!/usr/bin/env node
// The `proofgate` command. It always runs the bundle in dist/, never the TypeScript sources: npm
// builds the bundle with `prepare` (a checkout's `npm install`) and `prepack` (the published
// tarball), and the repository's tests build it once before they start. Nothing is checked at
// start-up beyond the bundle's presence, so every start costs the same.
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';

// Node 22.1+ keeps the compiled bundle in its on-disk compile cache, so later starts skip most
// of the parse and compile work; on older Node the function does not exist and nothing happens.
nodeModule.enableCompileCache?.();

const bundle = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'error [ENVIRONMENT]: the proofgate bundle dist/cli.mjs is missing\n' +
      '  next: in a checkout of proofgate run `npm run build` (npm install runs it too)\n',
  );
  process.exitCode = 4;
} else {
  const { main } = await import(bundle.href);
  await main(process.argv.slice(2));
}
