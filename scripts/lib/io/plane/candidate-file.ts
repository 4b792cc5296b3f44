// Reads a candidate proposal (JSON) and validates it against its schema in controls/schema/
// (ajv 2020, all errors at once). Input errors are exit 2 with every problem located.
import { lstatSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { UsageError } from '../../core/errors.ts';
import { packagePath } from '../host/package-root.ts';

/** A proposal is a small document: anything larger is refused before it is parsed. */
const MAX_CANDIDATE_BYTES = 1024 * 1024;

const compiled = new Map<string, ValidateFunction>();

function validator(schema: string): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    const ajv = new Ajv2020({
      strict: true,
      allErrors: true,
      strictTypes: false,
      strictRequired: false,
    });
    const path = packagePath('controls', 'schema', `${schema}.schema.json`);
    validate = ajv.compile(JSON.parse(readFileSync(path, 'utf8')) as object);
    compiled.set(schema, validate);
  }
  return validate;
}

function refuse(file: string, why: string, problems: string[] = []): never {
  throw new UsageError('BAD_INPUT', `CANDIDATE_ERROR ${file}: ${why}`, {
    where: file,
    problems,
    expected: 'a JSON candidate of the format its schema in controls/schema/ describes',
    next: 'fix the candidate (references/verify.md "Candidates"), then verify it again',
  });
}

/** The parsed candidate, valid against `schema` (e.g. `execution-closure`), or exit 2. */
export function readCandidate(path: string, shownAs: string, schema: string): unknown {
  let text: string;
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) refuse(shownAs, 'not a regular file');
    if (stat.size > MAX_CANDIDATE_BYTES)
      refuse(shownAs, `larger than ${MAX_CANDIDATE_BYTES} bytes`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    refuse(shownAs, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    refuse(shownAs, 'not JSON');
  }
  const validate = validator(schema);
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map(
      (e) =>
        `${shownAs}:${e.instancePath || '/'}: ${e.message ?? 'invalid'}${e.keyword === 'additionalProperties' ? ` (${JSON.stringify(e.params)})` : ''}`,
    );
    refuse(shownAs, `does not match the ${schema} schema`, [...new Set(problems)]);
  }
  return value;
}
