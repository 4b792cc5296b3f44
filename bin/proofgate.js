#!/usr/bin/env node
// The `proofgate` command. It always runs the bundle in dist/, never the TypeScript sources: npm
// builds the bundle with `prepare` (a checkout's `npm install`) and `prepack` (the published
// tarball), and the repository's tests build it once before they start. Nothing is checked at
// start-up beyond the bundle's presence, so every start costs the same.
// This file is CommonJS (bin/package.json): a command starts without Node's ES module loader,
// which cost ~12 ms of CPU per start on the two-core machine, measured. Every command runs from
// dist/hot-<hash>.js with its V8 code cache, which is hashed against the build record before V8
// sees it (bin/hot.js).
// It never turns on Node's on-disk compile cache (Node 22.1+): V8 accepts a cache entry by the
// source's length and its own version, not by content, and that cache sits where the agent can
// write, so a crafted entry would run code that is not the bundle the gate hashes.
// The Stop hook's process (`proofgate hook ...`) clears NODE_OPTIONS and every npm_config_* before
// anything else: what an `.npmrc` or the agent's shell put there reaches none of the processes the
// gate starts (git, its workers). Code they already loaded into this process is out of reach
// (references/hook.md, "What the gate cannot protect itself from"). Other verbs keep them: a
// control command gets NODE_OPTIONS and npm_config_* as CI would give them (references/evaluate.md).
'use strict';
const { join } = require('node:path');
const { loadHot, readRecord, startPrefetch } = require('./hot.js');

if (process.argv[2] === 'hook') {
  for (const name of Object.keys(process.env)) {
    if (name === 'NODE_OPTIONS' || /^npm_config_/i.test(name)) delete process.env[name];
  }
}

const dist = join(__dirname, '..', 'dist');
const record = readRecord(dist);
// hook stop, claim and status: their first git questions start now, while the script loads.
if (record !== undefined) startPrefetch(dist, record, process.argv.slice(2));
const hot = record === undefined ? undefined : loadHot(dist, record);
if (hot !== undefined) {
  void hot.main(process.argv.slice(2));
} else {
  process.stderr.write(
    'error [ENVIRONMENT]: the proofgate bundle in dist/ is missing (no build record naming its script)\n' +
      '  next: in a checkout of proofgate run `npm run build` (npm install runs it too)\n',
  );
  process.exitCode = 4;
}
