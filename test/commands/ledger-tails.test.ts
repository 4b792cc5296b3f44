// The appender reads only segment tails: the tail reader must find the last complete line across
// 64 KiB chunk boundaries and report a torn tail without a newline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readSegmentTail } from '../../scripts/lib/io/ledger-tails.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-tails-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tailOf(content: string): { last?: string; torn: string } {
  const path = join(dir, 's.jsonl');
  writeFileSync(path, content);
  const tail = readSegmentTail(path, 's');
  return {
    ...(tail.lastLine === undefined ? {} : { last: Buffer.from(tail.lastLine).toString() }),
    torn: Buffer.from(tail.tornTail).toString(),
  };
}

describe('readSegmentTail', () => {
  const long = 'x'.repeat(150_000);
  test.each([
    ['', { torn: '' }],
    ['only\n', { last: 'only', torn: '' }],
    ['a\nb\n', { last: 'b', torn: '' }],
    ['a\nb\npart', { last: 'b', torn: 'part' }],
    ['no newline', { torn: 'no newline' }],
    [`a\n${long}\n`, { last: long, torn: '' }],
    [`${long}\n`, { last: long, torn: '' }],
    [`a\nb\n${long}`, { last: 'b', torn: long }],
  ])('case %#', (content, expected) => {
    expect(tailOf(content)).toEqual(expected);
  });
});
