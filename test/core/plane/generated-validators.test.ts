import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { GENERATED_PATH, generateValidators } from '../../helpers/generate-validators.ts';

test('the precompiled validators are generated from the current schemas', () => {
  // Stale? Run: npx tsx test/helpers/generate-validators.ts
  expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(generateValidators());
});
