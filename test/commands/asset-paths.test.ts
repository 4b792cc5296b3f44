// One way to find the package's own files: every asset (catalog, schemas, trace packs and their
// examples, references) resolves through packageRoot()/packagePath() in scripts/lib/io/host/package-root.ts.
// A module that computes a path from its own location would break once bundled into dist/, so any
// other use of the module's URL is refused here; handing it to main-module detection (the entry
// point's, the demo's) is the one exception.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SCRIPTS = fileURLToPath(new URL('../../scripts/', import.meta.url));
const RESOLVER = 'lib/io/host/package-root.ts';
const MAIN_DETECTION = /(runDemoIfMain|isMainModule)\(import\.meta\.url\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

test('no module but the package-root resolver locates files from its own URL', () => {
  const offenders = sources(SCRIPTS)
    .filter((file) => relative(SCRIPTS, file) !== RESOLVER)
    .flatMap((file) => {
      const text = readFileSync(file, 'utf8').replace(MAIN_DETECTION, '');
      return /import\.meta\.(url|dirname|filename)|__dirname|__filename/.test(text)
        ? [relative(SCRIPTS, file)]
        : [];
    });
  expect(offenders).toEqual([]);
});

test('the resolver finds the package root from the sources', async () => {
  const { packageRoot, packagePath } = await import('../../scripts/lib/io/host/package-root.ts');
  expect(packageRoot()).toBe(fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, ''));
  expect(packagePath('controls', 'catalog')).toBe(join(packageRoot(), 'controls', 'catalog'));
});
