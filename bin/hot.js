// The bundle: every command (`hook`, `claim` and `status` above all: what an agent waits for at
// every stop and CI at every merge) runs from one CommonJS script, dist/hot-<hash>.js, compiled
// with the V8 code cache dist/hot-<hash>.cache built beside it (bin/build-dist.mjs), trained on
// those three verbs (bin/train-hot.mjs); the other verbs' functions compile as they first run.
// Both are named by their content and found through the build record: a rebuild never replaces a
// file a running process may still read (the record is swapped whole, the files it named stay for
// an hour). Node 20 has no code cache for ES modules, and compiling the module bundle's chunks
// that served the verbs until session 20 was a third of the hook's start (and, measured then,
// `verify` on a 50k-file repository took 205 ms from the script, with a cache trained on other
// verbs, 301 ms from the chunks).
//
// Both files are listed in the build record dist/.digests.json and hashed by every verdict
// (tool-identity.ts), with the prefetch script. Each is hashed here from the very bytes that run,
// and the digests are handed to the gate's bundle check, which binds them instead of reading the
// files again. The cache is bytecode V8 runs after checking it against nothing but the source's
// length and its own version, so it is handed to V8 only when its digest is the recorded one: a
// cache from another build, or a crafted one, never runs. The script itself runs as it is: an
// edit is named by the gate. A cache V8 rejects (another Node version, an edited script of
// another length) costs only the compile.
'use strict';
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { Script, constants } = require('node:vm');

/** Where the digests of the hot files that were loaded are left for the gate's bundle check. */
const LOADED_DIGESTS = Symbol.for('proofgate.loaded-digests');
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The name a built file is shipped under: `<prefix>-<12 hex digits of its sha256>.<ext>`. */
const contentName = (prefix, bytes, ext) => `${prefix}-${sha256(bytes).slice(0, 12)}.${ext}`;
const hotName = (bytes, ext) => contentName('hot', bytes, ext);

/** The hot script, its cache and the prefetch script the build record names (one each, or none). */
function hotFiles(record) {
  const named = (prefix, ext) => {
    const pattern = new RegExp(`^${prefix}-[0-9a-f]{12}\\.${ext}$`);
    const names = Object.keys(record).filter((n) => pattern.test(n));
    return names.length === 1 ? names[0] : undefined;
  };
  return {
    script: named('hot', 'js'),
    cache: named('hot', 'cache'),
    prefetch: named('prefetch', 'cjs'),
  };
}

/** The build record dist/.digests.json, or undefined when it cannot be read. */
function readRecord(dist) {
  try {
    const record = JSON.parse(readFileSync(join(dist, '.digests.json'), 'utf8'));
    return typeof record === 'object' && record !== null ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a hot verb's first git questions (scripts/lib/io/git/prefetch.ts, built as
 * dist/prefetch-<hash>.cjs and run as it is, like the hot script: the verdict hashes it with it).
 * Anything that fails here leaves the verb to ask git itself.
 */
function startPrefetch(dist, record, argv) {
  const name = hotFiles(record).prefetch;
  if (name === undefined) return;
  try {
    require(join(dist, name)).prefetchGit(argv);
  } catch {
    // no prefetch: every question goes to git when the verdict asks it
  }
}

/** The hot script's exports, or undefined when the build record names no readable hot script. */
function loadHot(dist, record = readRecord(dist)) {
  let names;
  let bytes;
  try {
    if (record === undefined) return undefined;
    names = hotFiles(record);
    if (names.script === undefined) return undefined;
    bytes = readFileSync(join(dist, names.script));
  } catch {
    return undefined;
  }
  const loaded = { [names.script]: sha256(bytes) };
  // The build writes ASCII only, so latin1 reads it as it is, without a UTF-8 decode.
  const source = bytes.toString('latin1');
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

module.exports = {
  LOADED_DIGESTS,
  contentName,
  hotName,
  hotFiles,
  loadHot,
  readRecord,
  startPrefetch,
};
