// The hot path: `proofgate hook`, `claim` and `status` (what an agent waits for at every stop and
// CI at every merge) run from one CommonJS script, dist/hot.js, compiled with the V8 code cache
// dist/hot.cache built beside it (bin/build-dist.js). Node 20 has no code cache for ES modules,
// and compiling the bundle's chunks was a third of the hook's start.
//
// Both files are listed in the build record dist/.digests.json and hashed with the rest of the
// bundle by every verdict (tool-identity.ts). The cache is bytecode V8 runs after checking it
// against nothing but the source's length and its own version, so it is hashed here, before use,
// and handed to V8 only when its digest is the recorded one: a cache from another build, or a
// crafted one, never runs. The script itself is treated like every chunk of the module bundle:
// run as it is, hashed by the verdict while git runs, and an edit is named by the gate. A cache V8
// rejects (another Node version, an edited script of another length) costs only the compile.
// The cache's digest taken here is handed to the gate's bundle check, which then binds the very
// bytes V8 was given instead of reading the file again.
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

/** The hot script's exports, or undefined when dist/ holds no hot script or no build record. */
export function loadHot(dist) {
  let record;
  let source;
  try {
    record = JSON.parse(readFileSync(join(dist, '.digests.json'), 'utf8'));
    // The build writes ASCII only, so latin1 reads it as it is, without a UTF-8 decode.
    source = readFileSync(join(dist, HOT_SCRIPT), 'latin1');
  } catch {
    return undefined;
  }
  if (typeof record !== 'object' || record === null) return undefined;
  const loaded = {};
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
  // import() inside (of a Node built-in, by one bundled library) resolves as in any module.
  const script = new Script(source, {
    filename,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  globalThis[LOADED_DIGESTS] = loaded;
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, dist);
  return module.exports;
}
