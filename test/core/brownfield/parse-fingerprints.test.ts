import { describe, expect, test } from 'vitest';
import {
  decodeFingerprints,
  diffFingerprints,
  encodeFingerprints,
  parseFingerprints,
} from '../../../scripts/lib/core/brownfield/parse-fingerprints.ts';

const out = (text: string, exitCode: number | null = 1) => ({
  text,
  truncated: false,
  exitCode,
  timedOut: false,
});

describe('parseFingerprints', () => {
  test('one fingerprint per line, sorted, blank lines ignored, repeats numbered', () => {
    const parsed = parseFingerprints(
      out('no-var:src/b.ts:f\n\nno-var:src/a.ts:g\nno-var:src/a.ts:g\n'),
    );
    expect(parsed).toEqual({
      ok: true,
      format: 'lines',
      fingerprints: ['no-var:src/a.ts:g', 'no-var:src/a.ts:g#2', 'no-var:src/b.ts:f'],
    });
  });

  test('a JSON array of strings', () => {
    expect(parseFingerprints(out('["b:x:1","a:y:2"]'))).toMatchObject({
      ok: true,
      format: 'json',
      fingerprints: ['a:y:2', 'b:x:1'],
    });
  });

  test('exit 0 with nothing listed is zero violations', () => {
    expect(parseFingerprints(out('', 0))).toMatchObject({ ok: true, fingerprints: [] });
    expect(parseFingerprints(out('[]', 0))).toMatchObject({ ok: true, fingerprints: [] });
  });

  test.each([
    ['a crash with no list', out('', 2), 'exit 2 with no violations listed'],
    ['a signal with no list', out('', null), 'a signal with no violations listed'],
    [
      'prose in the output',
      out('lint:a.ts:f\nnpm WARN config: foo\n'),
      'output line 2 is not a fingerprint',
    ],
    ['a count instead of a list', out('12 problems'), 'output line 1 is not a fingerprint'],
    ['broken JSON', out('[1, 2'), 'not valid JSON'],
    ['a JSON object', out('{"count": 0}'), 'output line 1 is not a fingerprint'],
    ['a JSON number item', out('[1]'), 'JSON item 0 is not a string'],
    ['an empty JSON item', out('[" "]'), 'JSON item 0 is empty'],
    ['truncated output', { ...out('a:b:c'), truncated: true }, 'exceeded the cap'],
    ['a timeout', { ...out('a:b:c'), timedOut: true }, 'timed out'],
  ])('%s is unreadable with the reason, never PASS', (_name, input, reason) => {
    const parsed = parseFingerprints(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });
});

describe('fingerprint sets', () => {
  test('diff gives new and fixed against the baseline', () => {
    expect(diffFingerprints(['a', 'c', 'x'], ['a', 'b', 'c', 'd'])).toEqual({
      current: 3,
      baseline: 4,
      new: ['x'],
      fixed: ['b', 'd'],
    });
  });

  test('encode/decode round-trips; an unsorted or non-string object is refused', () => {
    expect(decodeFingerprints(encodeFingerprints(['b', 'a', 'a']))).toEqual(['a', 'b']);
    expect(decodeFingerprints(new TextEncoder().encode('["b","a"]'))).toBeUndefined();
    expect(decodeFingerprints(new TextEncoder().encode('[1]'))).toBeUndefined();
    expect(decodeFingerprints(new TextEncoder().encode('{'))).toBeUndefined();
  });
});
