// Validation of the human-owned plane sources: JSON Schema (controls/schema/) first, then the
// semantic rules; every problem is collected and reported at once (see ARCHITECTURE.md).
import { ConfigError } from '../errors.ts';
import { checkPlaneReferences, manifestRules, registryRules } from './rules.ts';
import type { PlaneFiles, Rule } from './rules.ts';
import { checkSchema } from './schemas.ts';
import type { SchemaName } from './schemas.ts';
import type { Manifest, Registry } from './types.ts';
import { nextCommand } from '../next/next-table.ts';

const NEXT: Record<SchemaName, string> = {
  manifest: `fix the listed fields; "${nextCommand('initTemplate')}" shows every decision and its values`,
  registry: 'fix the listed fields; references/control-catalog.md describes every control field',
  profile: `fix the listed decisions; "${nextCommand('initTemplate')}" lists each one with its allowed values`,
};

/** Schema problems, then (only for schema-valid input) the semantic rules' problems. */
export function collectProblems<T>(
  name: SchemaName,
  value: unknown,
  file: string,
  rules: readonly Rule<T>[] = [],
): string[] {
  const problems = checkSchema(name, value, file);
  if (problems.length > 0) return problems;
  return rules.flatMap((rule) => rule(value as T, file));
}

function fail(name: SchemaName, file: string, problems: readonly string[]): never {
  throw new ConfigError(
    'SCHEMA_INVALID',
    `${file} is not a valid ${name}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
    { where: file, problems, next: NEXT[name] },
  );
}

export function assertManifest(value: unknown, file: string): asserts value is Manifest {
  const problems = collectProblems<Manifest>('manifest', value, file, manifestRules);
  if (problems.length > 0) fail('manifest', file, problems);
}

export function assertRegistry(value: unknown, file: string): asserts value is Registry {
  const problems = collectProblems<Registry>('registry', value, file, registryRules);
  if (problems.length > 0) fail('registry', file, problems);
}

export function validateManifest(value: unknown, file: string): Manifest {
  assertManifest(value, file);
  return value;
}

export function validateRegistry(value: unknown, file: string): Registry {
  assertRegistry(value, file);
  return value;
}

/** Cross-file checks of a loaded plane (owners exist, mappings resolve); throws with every problem. */
export function assertPlaneReferences(
  manifest: Manifest,
  registry: Registry,
  files: PlaneFiles,
): void {
  const problems = checkPlaneReferences(manifest, registry, files);
  if (problems.length > 0) {
    throw new ConfigError('SCHEMA_INVALID', `${files.registry} refers to unknown names`, {
      where: files.registry,
      problems,
      next: `add the authority to ${files.manifest} or change the reference`,
    });
  }
}
