// The hot path: `proofgate hook`, `claim` and `status` (what an agent waits for at every stop and
// CI at every merge) run from one CommonJS script, dist/hot-<hash>.js, compiled with the V8 code
// cache dist/hot-<hash>.cache built beside it (bin/build-dist.js). Both are named by their content,
// like the chunks, and found through the build record: a rebuild never replaces a file a running
// process may still read (the record is swapped whole, the files it named stay for an hour).
// Node 20 has no code cache for ES modules, and compiling the bundle's chunks was a third of the
// hook's start.
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

/** The verbs the hot script holds (with their actions); every other verb runs from dist/cli.mjs. */
export const HOT_VERBS = ['hook', 'claim', 'status'];
/** Where the digests of the hot files that were loaded are left for the gate's bundle check. */
export const LOADED_DIGESTS = Symbol.for('proofgate.loaded-digests');
const HOT_FILE = /^hot-[0-9a-f]{12}\.(js|cache)$/;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The name a hot file is shipped under: `hot-<12 hex digits of its sha256>.<ext>`. */
export const hotName = (bytes, ext) => `hot-${sha256(bytes).slice(0, 12)}.${ext}`;

/** The hot script and cache the build record names (one of each, else none). */
export function hotFiles(record) {
  const named = (ext) => {
    const names = Object.keys(record).filter((n) => HOT_FILE.test(n) && n.endsWith(`.${ext}`));
    return names.length === 1 ? names[0] : undefined;
  };
  return { script: named('js'), cache: named('cache') };
}

/** The hot script's exports, or undefined when the build record names no hot script in dist/. */
export function loadHot(dist) {
  let record;
  let names;
  let source;
  try {
    record = JSON.parse(readFileSync(join(dist, '.digests.json'), 'utf8'));
    names = hotFiles(record);
    if (names.script === undefined) return undefined;
    // The build writes ASCII only, so latin1 reads it as it is, without a UTF-8 decode.
    source = readFileSync(join(dist, names.script), 'latin1');
  } catch {
    return undefined;
  }
  const loaded = {};
  let cachedData;
  try {
    const cache = readFileSync(join(dist, names.cache));
    const digest = sha256(cache);
    if (record[names.cache] === digest) {
      cachedData = cache;
      loaded[names.cache] = digest;
    }
  } catch {
    // no cache: the script compiles without one
  }
  const filename = join(dist, names.script);
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
