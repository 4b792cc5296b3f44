#!/usr/bin/env node
// The installed `proofgate` command. Runs the bundled dist/ when it is current (fast start-up),
// otherwise registers tsx and runs the TypeScript sources directly.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newestSourceMtime } from './source-stamp.js';

const root = fileURLToPath(new URL('..', import.meta.url));

function bundleIsCurrent() {
  try {
    const stamp = JSON.parse(readFileSync(`${root}dist/stamp.json`, 'utf8'));
    return stamp.sources >= newestSourceMtime(root);
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
if (bundleIsCurrent()) {
  const { main } = await import('../dist/cli.mjs');
  await main(args);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../scripts/cli.ts');
  await main(args);
}
