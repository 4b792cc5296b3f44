// markdownSection: the section under one ATX heading, fence-aware, by occurrence.
import { describe, expect, test } from 'vitest';
import { markdownSection } from '../../../scripts/lib/core/gate/claim/instruction-drift.ts';

const DOC = [
  '# Title',
  '```',
  '## Rules',
  'fenced, not a heading',
  '```',
  '## Rules',
  'first',
  '### Detail',
  'nested stays inside',
  '## Other',
  '~~~~',
  '## Rules',
  '~~~',
  'a shorter fence does not close',
  '~~~~',
  '## Rules ##',
  'second',
].join('\n');

describe('markdownSection', () => {
  test('skips headings inside fences and keeps deeper headings', () => {
    expect(markdownSection(DOC, 'Rules')).toBe('## Rules\nfirst\n### Detail\nnested stays inside');
  });

  test('counts occurrences outside fences only, and strips closing hashes', () => {
    expect(markdownSection(DOC, 'Rules', 2)).toBe('## Rules ##\nsecond');
    expect(markdownSection(DOC, 'Rules', 3)).toBeUndefined();
  });

  test('a missing heading is undefined', () => {
    expect(markdownSection(DOC, 'Nope')).toBeUndefined();
  });
});
