// Validation of the human-owned plane sources. TODO(issue 3): replace these structural checks with
// ajv against controls/schema/*.schema.json, collecting every error with its JSON path.
import { ConfigError } from '../errors.ts';
import type { Manifest, Registry } from './types.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function validateManifest(value: unknown, file: string): Manifest {
  if (
    !isRecord(value) ||
    typeof value['ledger_id'] !== 'string' ||
    !Array.isArray(value['authorities'])
  ) {
    throw new ConfigError('SCHEMA_INVALID', `${file} is not a proofgate manifest`, {
      where: file,
      expected: 'a mapping with ledger_id and authorities',
      next: 'run "proofgate init --template" to see the expected shape',
    });
  }
  return value as unknown as Manifest;
}

export function validateRegistry(value: unknown, file: string): Registry {
  if (!isRecord(value) || !Array.isArray(value['controls'])) {
    throw new ConfigError('SCHEMA_INVALID', `${file} is not a proofgate registry`, {
      where: file,
      expected: 'a mapping with a controls list',
      next: 'run "proofgate init" to create one',
    });
  }
  return value as unknown as Registry;
}
