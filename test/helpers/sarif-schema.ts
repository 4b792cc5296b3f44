// The official SARIF 2.1.0 schema (test/fixtures/sarif/SOURCE.md) compiled once, for the tests
// that check what `trace check --format sarif` writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { REPO } from './trace.ts';

const schema = JSON.parse(
  readFileSync(join(REPO, 'test', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'),
) as object;
const ajv = new AjvDraft04.default({ allErrors: true, strict: false });
addFormats.default(ajv);

/** Validates a parsed SARIF log against the schema; its `errors` say why not. */
export const validateSarif = ajv.compile(schema);
