// Redact, then cap: the stored review copy, marker included, never exceeds the output cap, even
// when redaction makes the text longer, and no secret survives the cut.
import { fc, test as prop } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { makeReviewCopy } from '../../../scripts/lib/core/gate/output/review-copy.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const size = (s: string) => enc(s).length;

describe('makeReviewCopy with a cap', () => {
  test('secret-heavy output grows under redaction but is stored within the cap', () => {
    const secret = 'k9';
    const output = `${secret} `.repeat(4000);
    const half = enc(output.slice(0, 1024));
    const tail = enc(output.slice(-1024));
    const copy = makeReviewCopy(
      { head: half, tail, omittedBytes: size(output) - 2048 },
      { secrets: [secret], roots: [] },
      2048,
    );
    expect(size(copy.text)).toBeLessThanOrEqual(2048);
    expect(copy.text).not.toContain(secret);
    expect(copy.truncated).toBe(true);
    expect(copy.text).toMatch(/\n--- \d+ bytes omitted ---\n/);
  });

  test('an output that fits is unchanged; one just over gets the marker inside the cap', () => {
    const none = { secrets: [], roots: [] };
    expect(
      makeReviewCopy({ head: enc('abc'), tail: enc('def'), omittedBytes: 0 }, none, 6),
    ).toEqual({ text: 'abcdef', truncated: false });
    const copy = makeReviewCopy(
      { head: enc('x'.repeat(40)), tail: enc(''), omittedBytes: 0 },
      none,
      30,
    );
    expect(size(copy.text)).toBeLessThanOrEqual(30);
    expect(copy.text).toContain('bytes omitted');
  });

  prop.prop(
    [
      fc.string({ maxLength: 300 }),
      fc.string({ maxLength: 300 }),
      fc.nat(5000),
      fc.integer({ min: 40, max: 400 }),
    ],
    { seed: 1508, numRuns: 200 },
  )('never larger than the cap, never a secret', (head, tail, omitted, cap) => {
    const secret = 'SECRETX';
    const copy = makeReviewCopy(
      { head: enc(`${head}${secret}`), tail: enc(`${secret}${tail}`), omittedBytes: omitted },
      { secrets: [secret], roots: [] },
      cap,
    );
    expect(size(copy.text)).toBeLessThanOrEqual(cap);
    expect(copy.text).not.toContain(secret);
  });
});
