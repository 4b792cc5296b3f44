// The esbuild options of the bundle (bin/build-dist.mjs), shared with the test that reads the
// bundle's module graph from esbuild's metafile (test/commands/lazy-bundle.test.ts).

/**
 * What both builds (the ES module chunks and the hot path's script) share: one Node target,
 * whitespace and comments out, every character ASCII. Node reads a module's source through a
 * UTF-8 decoder, and one character beyond ASCII makes the whole file a two-byte string, decoded on
 * the slow path (measured: a third of the time the Stop hook spent loading its chunks).
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

/** The ES module bundle: dist/cli.mjs and one chunk per verb, each loaded when it runs. */
export function esmOptions(root) {
  return {
    ...commonOptions(root),
    entryPoints: [`${root}scripts/cli.ts`],
    splitting: true,
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    banner: {
      js: "import { createRequire as __pgRequire } from 'node:module'; const require = __pgRequire(import.meta.url);",
    },
  };
}
