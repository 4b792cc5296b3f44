// The module bundle's graph as esbuild's metafile gives it, for the very options bin/build-dist.mjs
// builds with (the bundle is minified: it carries no comments naming its sources). Built once per
// test process, in memory.
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OPTIONS = new URL('../../bin/build-options.mjs', import.meta.url).href;

let meta: Promise<Metafile> | undefined;

/** The metafile of dist/'s ES module build (output paths `dist/<file>`, inputs from the root). */
export function bundleMeta(): Promise<Metafile> {
  meta ??= (async () => {
    const { esmOptions } = (await import(OPTIONS)) as {
      esmOptions: (root: string) => BuildOptions;
    };
    const built = await build({
      ...esmOptions(ROOT),
      absWorkingDir: ROOT,
      outdir: join(ROOT, 'dist'),
      write: false,
      metafile: true,
    });
    return built.metafile;
  })();
  return meta;
}

/** The sources (`scripts/...`, `node_modules/...`) a file of dist/ holds. */
export function sourcesOf(metafile: Metafile, file: string): string[] {
  const output = metafile.outputs[`dist/${file}`];
  if (output === undefined) throw new Error(`dist/${file} is not a file of this build`);
  return Object.keys(output.inputs);
}
