// The bundle's module graph as esbuild's metafile gives it. The shipped bundle is one script
// (dist/hot-<hash>.js) in which every module reached through a dynamic import keeps esbuild's lazy
// wrapper: it is set up only when that import runs. The same sources built with code splitting,
// with the shipped build's own options (bin/build-options.mjs), put exactly those boundaries
// between chunks, so the chunks' static imports say what each command sets up before it runs.
// Built once per test process, in memory; nothing of it ships.
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OPTIONS = new URL('../../bin/build-options.mjs', import.meta.url).href;

let meta: Promise<Metafile> | undefined;

/** The metafile of the split build (output paths `dist/<file>`, inputs from the root). */
export function bundleMeta(): Promise<Metafile> {
  meta ??= (async () => {
    const { commonOptions } = (await import(OPTIONS)) as {
      commonOptions: (root: string) => BuildOptions;
    };
    const built = await build({
      ...commonOptions(ROOT),
      entryPoints: [`${ROOT}scripts/cli.ts`],
      splitting: true,
      format: 'esm',
      outExtension: { '.js': '.mjs' },
      absWorkingDir: ROOT,
      outdir: join(ROOT, 'dist'),
      write: false,
      metafile: true,
    });
    return built.metafile;
  })();
  return meta;
}
