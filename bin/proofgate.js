#!/usr/bin/env node
// The `proofgate` command. It always runs the bundle in dist/, never the TypeScript sources: npm
// builds the bundle with `prepare` (a checkout's `npm install`) and `prepack` (the published
// tarball), and the repository's tests build it once before they start. Nothing is checked at
// start-up beyond the bundle's presence, so every start costs the same.
// It never turns on Node's on-disk compile cache (Node 22.1+): V8 accepts a cache entry by the
// source's length and its own version, not by content, and the cache sits where the agent can
// write, so a crafted entry would run code that is not the bundle the gate hashes.
import { existsSync } from 'node:fs';

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
