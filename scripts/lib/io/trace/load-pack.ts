// Reads and validates a trace rule pack: YAML → JSON Schema (ajv 2020, all errors) → semantic
// checks. Every problem is reported at once as `file:/json/path: message` (exit 2).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { ConfigError, UsageError } from '../../core/errors.ts';
import { checkPack } from '../../core/trace/check-pack.ts';
import type { Pack } from '../../core/trace/pack.ts';
import { packagePath } from '../host/package-root.ts';
import { readYamlFile } from '../plane/plane.ts';

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled === undefined) {
    const ajv = new Ajv2020({
      strict: true,
      allErrors: true,
      strictTypes: false,
      strictRequired: false,
    });
    const schemaPath = packagePath('controls', 'schema', 'trace-pack.schema.json');
    compiled = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
  }
  return compiled;
}

/** Validates an already parsed pack; `shownAs` prefixes every problem. */
export function validatePack(value: unknown, shownAs: string): Pack {
  const validate = validator();
  if (!validate(value)) {
    const problems = (validate.errors ?? [])
      .filter((e) => e.keyword !== 'if')
      .map(
        (e) =>
          `${shownAs}:${e.instancePath || '/'}: ${e.message ?? 'invalid'}${e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties' ? ` (${JSON.stringify(e.params)})` : ''}`,
      );
    throw new ConfigError('SCHEMA_INVALID', `${shownAs} is not a valid trace rule pack`, {
      where: shownAs,
      problems: [...new Set(problems)],
      next: 'fix the pack; see references/trajectory-rules.md for the format',
    });
  }
  const pack = value as Pack;
  const semantic = checkPack(pack).map((p) => `${shownAs}:${p}`);
  if (semantic.length > 0) {
    throw new ConfigError('SCHEMA_INVALID', `${shownAs} has ${semantic.length} rule problem(s)`, {
      where: shownAs,
      problems: semantic,
      next: 'fix the pack',
    });
  }
  return pack;
}

/** The packs that ship with proofgate, addressable by name (`--pack refund`). */
export const SHIPPED_PACKS = ['refund', 'fs-safety', 'db-migration', 'honest-completion'] as const;

/**
 * The file a `--pack` (or a trace control's `pack`) names: a path relative to `base` when that file
 * exists, otherwise a shipped pack by its name (`refund` or `refund.yaml`).
 */
export function resolvePackFile(pack: string, base: string): string {
  const local = isAbsolute(pack) ? pack : join(base, pack);
  if (existsSync(local)) return local;
  const name = pack.replace(/\.yaml$/, '');
  if ((SHIPPED_PACKS as readonly string[]).includes(name)) return shippedPackFile(name);
  return local;
}

/** The file of a shipped pack, in this package (never the project's). */
export function shippedPackFile(name: string): string {
  return packagePath('controls', 'catalog', 'traces', `${name}.yaml`);
}

export function loadPack(path: string, shownAs: string): Pack {
  let value: unknown;
  try {
    value = readYamlFile(path, shownAs);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new UsageError(
      'BAD_VALUE',
      `cannot read pack ${shownAs}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      {
        where: '--pack',
        next: `pass a pack file or a shipped pack name (${SHIPPED_PACKS.join(', ')})`,
      },
    );
  }
  return validatePack(value, shownAs);
}
