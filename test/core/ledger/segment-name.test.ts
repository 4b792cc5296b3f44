import { describe, expect, test } from 'vitest';
import { SEGMENT_NAME } from '../../../scripts/lib/core/ledger/parse-entry.ts';
import { splitSegment } from '../../../scripts/lib/core/ledger/parse-ledger.ts';
import {
  openSegmentFor,
  slugBranch,
  writerSegmentBase,
} from '../../../scripts/lib/core/ledger/segment-name.ts';
import { computeInventory } from '../../../scripts/lib/core/ledger/verify-seals.ts';

describe('segment names', () => {
  test.each([
    ['main', 'main'],
    ['feature/Login-Form', 'feature-login-form'],
    ['__weird__/x', 'weird__-x'],
    ['ünïcode', 'n-code'],
    ['a'.repeat(60), 'a'.repeat(40)],
    ['///', 'branch'],
  ])('branch %s becomes %s', (branch, slug) => {
    expect(slugBranch(branch)).toBe(slug);
    expect(SEGMENT_NAME.test(writerSegmentBase('0123abcd', branch))).toBe(true);
  });

  test('a detached HEAD writes to <cloneid>-detached', () => {
    expect(writerSegmentBase('0123abcd', undefined)).toBe('0123abcd-detached');
  });

  test('a sealed segment continues in the next free generation', () => {
    const base = '0123abcd-main';
    expect(openSegmentFor(base, new Set())).toBe(base);
    expect(openSegmentFor(base, new Set([base, `${base}-g1`]))).toBe(`${base}-g2`);
  });
});

describe('splitting and inventories', () => {
  test('complete lines and a torn tail are told apart', () => {
    const split = splitSegment(Buffer.from('a\nb\nc'));
    expect(split.lines.map((l) => Buffer.from(l).toString())).toEqual(['a', 'b']);
    expect(split.isTorn).toBe(true);
    expect(Buffer.from(split.tornTail).toString()).toBe('c');
    expect(splitSegment(Buffer.from('a\n')).isTorn).toBe(false);
  });

  test('the inventory ignores order and duplicates but not content', () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    expect(computeInventory([b, a, a])).toEqual(computeInventory([a, b]));
    expect(computeInventory([a]).inventory).not.toBe(computeInventory([b]).inventory);
    expect(computeInventory([a, b]).objects).toBe(2);
  });
});
