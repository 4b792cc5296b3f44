// Reads and validates a trace rule pack: YAML → JSON Schema (ajv 2020, all errors) → semantic
// checks. Every problem is reported at once as `file:/json/path: message` (exit 2).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { ConfigError, UsageError } from '../../core/errors.ts';
import { checkPack } from '../../core/trace/check-pack.ts';
import type { Pack } from '../../core/trace/pack.ts';
import { readYamlFile } from '../plane.ts';

const here = dirname(fileURLToPath(import.meta.url));
const PACK_SCHEMA_PATH = join(
  here,
  '..',
  '..',
  '..',
  '..',
  'controls',
  'schema',
  'trace-pack.schema.json',
);

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled === undefined) {
    const ajv = new Ajv2020({
      strict: true,
      allErrors: true,
      strictTypes: false,
      strictRequired: false,
    });
    compiled = ajv.compile(JSON.parse(readFileSync(PACK_SCHEMA_PATH, 'utf8')) as object);
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
        next: 'pass the path of a trace rule pack, e.g. controls/catalog/traces/refund.yaml',
      },
    );
  }
  return validatePack(value, shownAs);
}
