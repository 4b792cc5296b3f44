import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { createLineIndex } from '../../../scripts/lib/core/trace/line-index.ts';

test.prop(
  [fc.array(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(0)), { maxLength: 200 })],
  {
    seed: 20,
    numRuns: 200,
  },
)('every seq maps back to the line it was noted with (0 = no line)', (steps) => {
  const index = createLineIndex();
  const expected: (number | undefined)[] = [];
  let line = 0;
  steps.forEach((step, i) => {
    line += step === 0 ? 0 : step;
    const src = step === 0 ? 'messages[1]' : `L${line}${i % 3 === 0 ? `-L${line + 2}` : ''}`;
    index.note(i + 1, src);
    expected.push(step === 0 ? undefined : line);
  });
  expect(steps.map((_, i) => index.of(i + 1))).toEqual(expected);
  expect(index.of(0)).toBeUndefined();
});
