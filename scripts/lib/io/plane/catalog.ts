// Reads this package's control catalog (controls/catalog/*.yaml). A broken catalog is a bug in
// proofgate, reported as InternalError.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogError, parseCatalogFile } from '../../core/plane/catalog.ts';
import type { CatalogControl } from '../../core/plane/catalog.ts';
import { InternalError } from '../../core/errors.ts';
import { packagePath } from '../host/package-root.ts';
import { readYamlFile } from './plane.ts';

/** Catalog files in the order controls appear in a new registry; others follow by name. */
const GROUP_ORDER = [
  'engineering',
  'product',
  'profile',
  'security',
  'operations',
  'supply-chain',
  'ai-system',
];

export function loadCatalog(dir: string = packagePath('controls', 'catalog')): CatalogControl[] {
  const rank = (file: string): number => {
    const at = GROUP_ORDER.indexOf(file.replace(/\.yaml$/, ''));
    return at < 0 ? GROUP_ORDER.length : at;
  };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  try {
    return files.flatMap((file) =>
      parseCatalogFile(
        readYamlFile(join(dir, file), `controls/catalog/${file}`),
        `controls/catalog/${file}`,
      ),
    );
  } catch (error) {
    if (error instanceof CatalogError)
      throw new InternalError(error.message, { problems: error.problems, cause: error });
    throw error;
  }
}
