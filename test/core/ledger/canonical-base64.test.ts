// The canonical base64 check reads the text itself; it must agree with "decodes to `size` bytes and
// re-encodes to the same text" (node's own decoder, which ignores junk and unused bits) on every
// kind of near miss: flipped unused bits, missing or extra padding, foreign characters, URL-safe
// characters, wrong lengths.
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { isCanonicalBase64 } from '../../../scripts/lib/core/ledger/parse-entry.ts';

function byRoundTrip(text: string, size: number): boolean {
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === size && bytes.toString('base64') === text;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function nearMisses(text: string): string[] {
  const misses = [text, `${text}=`, text.slice(0, -1), `${text}A`, text.replace(/=+$/, '')];
  for (let at = 0; at < text.length; at++) {
    for (const c of [
      '-',
      '_',
      '=',
      ' ',
      'é',
      '\n',
      ALPHABET[(ALPHABET.indexOf(text[at]!) + 1) % 64]!,
    ]) {
      misses.push(`${text.slice(0, at)}${c}${text.slice(at + 1)}`);
    }
  }
  return misses;
}

describe('isCanonicalBase64', () => {
  test.each([0, 1, 2, 3, 31, 32, 33, 64])('agrees with the round trip for %i bytes', (size) => {
    let accepted = 0;
    let refused = 0;
    for (let trial = 0; trial < 20; trial++) {
      for (const text of nearMisses(randomBytes(size).toString('base64'))) {
        const expected = byRoundTrip(text, size);
        expect(isCanonicalBase64(text, size), JSON.stringify(text)).toBe(expected);
        if (expected) accepted += 1;
        else refused += 1;
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
