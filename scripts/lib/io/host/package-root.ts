// The proofgate package's own directory (for the catalog, schemas and examples it ships). Found by
// walking up from this module to package.json, so it works from scripts/ under tsx and from the
// bundled dist/ alike.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (parsed.name === 'proofgate') return (cached = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('proofgate package.json not found above this module');
    dir = parent;
  }
}

/** Absolute path of a file shipped in the package, e.g. `packagePath('controls', 'catalog')`. */
export function packagePath(...parts: string[]): string {
  return join(packageRoot(), ...parts);
}

/**
 * The file this resolver runs from: a chunk under `dist/` when the bundle runs, a source under
 * `scripts/` under tsx. Tells which of the two is running.
 */
export function runningModulePath(): string {
  return fileURLToPath(import.meta.url);
}
