// The official SARIF 2.1.0 schema (shared/fixtures/sarif beside the checkout, sources in its
// SOURCE.md; not committed here) compiled once, for the tests that check what
// `trace check --format sarif` writes. Those tests run only if `hasSarifSchema`.
import { readFileSync } from 'node:fs';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { sharedFixture } from './shared-fixture.ts';

const sarifSchema = sharedFixture('sarif/sarif-schema-2.1.0.json');
export const hasSarifSchema = !sarifSchema.isMissing;

const ajv = new AjvDraft04.default({ allErrors: true, strict: false });
addFormats.default(ajv);

/**
 * Validates a parsed SARIF log against the schema; its `errors` say why not. Without the schema
 * nothing is valid, so a test that forgot to skip fails rather than passes.
 */
export const validateSarif = ajv.compile(
  sarifSchema.isMissing
    ? { not: {} }
    : (JSON.parse(readFileSync(sarifSchema.path, 'utf8')) as object),
);
