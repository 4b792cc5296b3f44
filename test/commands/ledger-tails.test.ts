// The appender reads only segment tails: the tail reader must find the last complete line across
// 64 KiB chunk boundaries, report a torn tail without a newline, and never look further back than
// about two line caps, whatever the segment holds.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { measureTornTail, readSegmentTail } from '../../scripts/lib/io/ledger/ledger-tails.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-tails-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tailOf(content: string, maxLine?: number) {
  const path = join(dir, 's.jsonl');
  writeFileSync(path, content);
  const tail = readSegmentTail(path, 's', maxLine);
  return {
    ...(tail.lastLine === undefined ? {} : { last: Buffer.from(tail.lastLine).toString() }),
    torn: Buffer.from(tail.tornTail).toString(),
    tornBytes: tail.tornBytes,
    tooLong: tail.isLastLineTooLong,
  };
}

describe('readSegmentTail', () => {
  const long = 'x'.repeat(150_000);
  const ok = { tooLong: false };
  test.each([
    ['', { torn: '', tornBytes: 0, ...ok }],
    ['only\n', { last: 'only', torn: '', tornBytes: 0, ...ok }],
    ['a\nb\n', { last: 'b', torn: '', tornBytes: 0, ...ok }],
    ['a\nb\npart', { last: 'b', torn: 'part', tornBytes: 4, ...ok }],
    ['no newline', { torn: 'no newline', tornBytes: 10, ...ok }],
    [`a\n${long}\n`, { last: long, torn: '', tornBytes: 0, ...ok }],
    [`${long}\n`, { last: long, torn: '', tornBytes: 0, ...ok }],
    [`a\nb\n${long}`, { last: 'b', torn: long, tornBytes: long.length, ...ok }],
  ])('case %#', (content, expected) => {
    expect(tailOf(content)).toEqual(expected);
  });

  test('a last line over the cap is flagged, not read', () => {
    expect(tailOf(`a\n${'y'.repeat(11)}\n`, 10)).toEqual({ torn: '', tornBytes: 0, tooLong: true });
    expect(tailOf(`a\n${'y'.repeat(10)}\n`, 10)).toEqual({
      last: 'y'.repeat(10),
      torn: '',
      tornBytes: 0,
      tooLong: false,
    });
    expect(tailOf(`${'y'.repeat(11)}\n`, 10)).toMatchObject({ tooLong: false });
  });

  test('a torn tail over the cap is reported without being measured or read', () => {
    expect(tailOf(`a\n${'z'.repeat(11)}`, 10)).toEqual({
      torn: '',
      tornBytes: undefined,
      tooLong: false,
    });
    expect(tailOf('z'.repeat(12), 10)).toEqual({ torn: '', tornBytes: undefined, tooLong: false });
  });

  // 64 MiB of zero bytes without a newline (a sparse file): the old reader re-concatenated its
  // whole buffer per 64 KiB chunk back to the start of the file, i.e. quadratic work.
  test('a 64 MiB segment without a newline: torn, unmeasured, answered from the last 1 MiB', () => {
    const path = join(dir, 'huge.jsonl');
    const fd = openSync(path, 'w');
    writeSync(fd, Buffer.from('x'), 0, 1, 64 * 1024 * 1024 - 1);
    closeSync(fd);
    const tail = readSegmentTail(path, 'huge');
    expect(tail).toMatchObject({
      size: 64 * 1024 * 1024,
      tornBytes: undefined,
      lastLine: undefined,
    });
    expect(measureTornTail(path)).toMatchObject({ start: 0, bytes: 64 * 1024 * 1024 });
  });
});

test('measureTornTail finds the cut after the last newline', () => {
  const path = join(dir, 'm.jsonl');
  writeFileSync(path, 'a\nbc\ntorn');
  expect(measureTornTail(path)).toEqual({
    start: 5,
    bytes: 4,
    sha256: '00cc10cc5ab0a89fbf4d84a229bf234e739ba6294a832d2c042ce8d9a1949cf7',
  });
});
