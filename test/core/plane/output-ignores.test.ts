import { expect, test } from 'vitest';
import {
  ignoreLinesFor,
  missingIgnoreLines,
} from '../../../scripts/lib/core/plane/output-ignores.ts';

test('outputs become root-anchored .gitignore lines; lines the file has (anchored or not) are not repeated', () => {
  const lines = ignoreLinesFor(['coverage/', 'junit.xml', '**/*.pyc', 'out/*.bin', 'junit.xml']);
  expect(lines).toEqual(['/coverage/', '/junit.xml', '**/*.pyc', '/out/*.bin']);
  expect(missingIgnoreLines(lines, 'node_modules\ncoverage/\n  /junit.xml  \n')).toEqual([
    '**/*.pyc',
    '/out/*.bin',
  ]);
  expect(missingIgnoreLines(lines, '')).toEqual(lines);
});
