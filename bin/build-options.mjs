// The esbuild options of the bundle (bin/build-dist.mjs), shared with the tests that read the
// bundle's module graph from esbuild's metafile (test/helpers/bundle-meta.ts).

/**
 * What every build (the hot script, the prefetch script) shares: one Node target,
 * whitespace and comments out, every character ASCII. Node reads a module's source through a
 * UTF-8 decoder, and one character beyond ASCII makes the whole file a two-byte string, decoded on
 * the slow path (measured: a third of the time the Stop hook spent loading its modules).
 */
export function commonOptions(root) {
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    minifyWhitespace: true,
    charset: 'ascii',
    alias: { debug: `${root}bin/no-debug.js`, 'iconv-lite': `${root}bin/no-iconv.js` },
  };
}
