// The JSON Schemas in controls/schema/ (the source of truth), compiled once by
// ajv (strict, allErrors) into generated/validators.js so no command pays for compilation at
// start-up; a test regenerates it and fails when it is stale. Errors are formatted as
// `file:/json/path: message (expected …)`.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import manifestSchema from '../../../../controls/schema/manifest.schema.json' with { type: 'json' };
import profileSchema from '../../../../controls/schema/profile.schema.json' with { type: 'json' };
import registrySchema from '../../../../controls/schema/registry.schema.json' with { type: 'json' };
import * as validators from './generated/validators.js';

export type SchemaName = 'manifest' | 'registry' | 'profile';

/** Plain-words descriptions of the string patterns the schemas use, keyed by `$defs` name. */
const PATTERN_WORDS: Record<string, string> = {
  relativePath: 'a relative path inside the repository (no leading /, no ..)',
  relativeGlob: 'a relative glob inside the repository (no leading /, no ..)',
  controlId: 'an id of letters, digits, . _ - starting with a letter',
  traceId: 'an id of letters, digits, . _ : - starting with a letter',
  sha256: '64 lowercase hex digits',
};

const VALIDATORS: Record<SchemaName, ValidateFunction> = validators;

/** Validates `value` against a schema; returns every problem, formatted and located in `file`. */
export function checkSchema(name: SchemaName, value: unknown, file: string): string[] {
  const validate = VALIDATORS[name];
  if (validate(value)) return [];
  const problems = (validate.errors ?? []).map((error) => formatSchemaError(error, file));
  return [...new Set(problems)];
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function keysOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

const DEFS: Record<string, unknown> = {
  ...registrySchema.$defs,
  ...manifestSchema.$defs,
  ...profileSchema.$defs,
};

/** What a schema node expects, in words: its enum, const, list of enum, or type. */
function describeExpected(node: unknown, depth = 0): string | undefined {
  if (typeof node !== 'object' || node === null || depth > 3) return undefined;
  const n = node as {
    enum?: unknown[];
    const?: unknown;
    type?: string;
    $ref?: string;
    items?: unknown;
  };
  if (n.$ref !== undefined) return describeExpected(DEFS[n.$ref.split('/').pop() ?? ''], depth + 1);
  if (n.enum !== undefined) return `one of: ${n.enum.map(String).join(', ')}`;
  if (n.const !== undefined) return show(n.const);
  if (n.type === 'array') {
    const item = describeExpected(n.items, depth + 1);
    return item === undefined ? 'a list' : `a list of ${item}`;
  }
  return n.type;
}

function typeValues(schema: unknown): string {
  const type = (schema as { properties?: { type?: { enum?: unknown[] } } } | null)?.properties
    ?.type;
  return (type?.enum ?? []).map(String).join(', ');
}

function patternWords(schemaPath: string, pattern: unknown): string {
  const def = /\$defs\/([A-Za-z0-9_]+)\/pattern$/.exec(schemaPath)?.[1];
  return (
    (def !== undefined ? PATTERN_WORDS[def] : undefined) ?? `a string matching ${String(pattern)}`
  );
}

function formatSchemaError(error: ErrorObject, file: string): string {
  const path = (suffix = ''): string => {
    const p = `${error.instancePath}${suffix}`;
    return `${file}:${p === '' ? '/' : p}`;
  };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const field = String(params['additionalProperty']);
      const allowed = keysOf(error.parentSchema).join(', ');
      return `${path(`/${field}`)}: unknown field "${field}" (expected only: ${allowed})`;
    }
    case 'required': {
      const field = String(params['missingProperty']);
      const expected = describeExpected(
        (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties?.[
          field
        ],
      );
      return `${path(`/${field}`)}: missing required field "${field}"${expected === undefined ? '' : ` (expected ${expected})`}`;
    }
    case 'enum':
      return `${path()}: ${show(error.data)} is not allowed (expected one of: ${(params['allowedValues'] as unknown[]).map(String).join(', ')})`;
    case 'const':
      return `${path()}: ${show(error.data)} is not allowed (expected ${show(params['allowedValue'])})`;
    case 'type':
      return error.data === null
        ? `${path()}: null is not allowed (expected ${String(params['type'])})`
        : `${path()}: got ${Array.isArray(error.data) ? 'array' : typeof error.data} ${show(error.data)} (expected ${String(params['type'])})`;
    case 'pattern':
      return `${path()}: ${show(error.data)} has the wrong form (expected ${patternWords(error.schemaPath, params['pattern'])})`;
    case 'discriminator':
      return `${path('/type')}: ${show(params['tagValue'])} is not a known type (expected one of: ${typeValues(error.parentSchema)})`;
    case 'minItems':
      return `${path()}: has too few items (expected at least ${String(params['limit'])})`;
    case 'minLength':
      return `${path()}: is too short (expected at least ${String(params['limit'])} character(s))`;
    case 'minimum':
    case 'maximum':
      return `${path()}: ${show(error.data)} is out of range (expected ${error.keyword === 'minimum' ? '>=' : '<='} ${String(params['limit'])})`;
    case 'uniqueItems':
      return `${path()}: items ${String(params['j'])} and ${String(params['i'])} are the same (expected unique items)`;
    default:
      return `${path()}: ${error.message ?? error.keyword}`;
  }
}
