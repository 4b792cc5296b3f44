// The hot path: `proofgate hook`, `claim` and `status` (what an agent waits for at every stop and
// CI at every merge) run from one CommonJS script, dist/hot.js, compiled with the V8 code cache
// dist/hot.cache built beside it (bin/build-dist.js). Node 20 has no code cache for ES modules,
// and compiling the bundle's chunks was a third of the hook's start.
//
// Both files are listed in the build record dist/.digests.json and hashed with the rest of the
// bundle. They are used only when their bytes match that record, hashed here before use: V8
// accepts a cache for any source of the same length, so a cache from another build (or a crafted
// one) must never reach it. A script that does not match is not run (the ES module bundle runs,
// and the gate then names the edited file); a cache that does not match is left out (the script
// compiles without it). A cache V8 rejects (another Node version) costs only the compile.
// The digests taken here are handed to the gate's own bundle check (tool-identity.ts), which
// then binds the very bytes that ran instead of reading the files again.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script, constants } from 'node:vm';

/** The verbs dist/hot.js holds (with their actions); every other verb runs from dist/cli.mjs. */
export const HOT_VERBS = ['hook', 'claim', 'status'];
export const HOT_SCRIPT = 'hot.js';
export const HOT_CACHE = 'hot.cache';
/** Where the digests of the hot files that were loaded are left for the gate's bundle check. */
export const LOADED_DIGESTS = Symbol.for('proofgate.loaded-digests');

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The hot script's exports, or undefined when dist/ does not hold it as the build record says. */
export function loadHot(dist) {
  let record;
  let source;
  try {
    record = JSON.parse(readFileSync(join(dist, '.digests.json'), 'utf8'));
    source = readFileSync(join(dist, HOT_SCRIPT));
  } catch {
    return undefined;
  }
  const loaded = { [HOT_SCRIPT]: sha256(source) };
  if (typeof record !== 'object' || record === null || record[HOT_SCRIPT] !== loaded[HOT_SCRIPT])
    return undefined;
  let cachedData;
  try {
    const cache = readFileSync(join(dist, HOT_CACHE));
    const digest = sha256(cache);
    if (record[HOT_CACHE] === digest) {
      cachedData = cache;
      loaded[HOT_CACHE] = digest;
    }
  } catch {
    // no cache: the script compiles without one
  }
  const filename = join(dist, HOT_SCRIPT);
  // The build writes ASCII only, so latin1 reads it as it is, without a UTF-8 decode.
  // import() inside (of a Node built-in, by one bundled library) resolves as in any module.
  const script = new Script(source.toString('latin1'), {
    filename,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  globalThis[LOADED_DIGESTS] = loaded;
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, dist);
  return module.exports;
}
