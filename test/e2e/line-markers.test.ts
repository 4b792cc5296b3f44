// The line reader's marker search (scripts/lib/io/host/read-lines.ts), which finds the key and seal
// entries a verify needs: every line the reader says holds a marker must hold one, and every line
// holding one must be said to. Markers are placed across the 1 MiB chunk boundaries at every
// offset, beside near misses, and the answers are compared with a plain per-line search.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTEXT_MARKERS } from '../../scripts/lib/core/ledger/verify-context.ts';
import { LineReader } from '../../scripts/lib/io/host/read-lines.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-line-markers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHUNK = 1 << 20;

function markedLines(path: string, markers: readonly Buffer[]): number[] {
  const reader = new LineReader(path, { markers });
  const marked: number[] = [];
  try {
    let index = 0;
    for (let line = reader.next(); line !== undefined; line = reader.next(), index++) {
      if (reader.hasMarker(line)) marked.push(index);
    }
  } finally {
    reader.close();
  }
  return marked;
}

function expected(lines: string[], markers: readonly Buffer[]): number[] {
  return lines.flatMap((line, i) =>
    markers.some((m) => Buffer.from(line).includes(m)) ? [i] : [],
  );
}

/**
 * Lines placing a piece (a marker or a near miss) to start `shift` bytes before a chunk boundary,
 * for every shift from -1 to 13 (the marker then starts after, or crosses, the boundary); each
 * round pairs the shifts with other pieces.
 */
function straddling(pieces: string[], rounds: number): string[] {
  const lines: string[] = [];
  let bytes = 0;
  let k = 0;
  for (let round = 0; round < rounds; round++) {
    for (let shift = -1; shift <= 13; shift++) {
      const piece = pieces[(shift + 1 + round * 3) % pieces.length]!;
      k += 1;
      const start = k * CHUNK - shift;
      while (start - bytes > 200) {
        const size = Math.min(1 << 16, start - bytes - 100);
        lines.push('x'.repeat(size - 1));
        bytes += size;
      }
      const line = `${'y'.repeat(start - bytes)}${piece}z`;
      lines.push(line);
      bytes += line.length + 1;
    }
  }
  return lines;
}

describe('LineReader markers', () => {
  const pieces = [
    '"kind":"key"',
    '"kind":"seal"',
    '"kind":"kez"',
    'kind":"key"',
    '"kind":"sea',
    '""kind":"seal"',
    ':"kind":"key""kind":"seal"',
    '"kind":"run"',
  ];

  it('finds exactly the lines holding a context marker, across chunk boundaries', () => {
    const lines = straddling(pieces, 2);
    const path = join(dir, 'straddle.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const want = expected(lines, CONTEXT_MARKERS);
    expect(want.length).toBeGreaterThan(8);
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    const spans = CONTEXT_MARKERS.flatMap((m) => {
      const starts: number[] = [];
      for (let at = bytes.indexOf(m); at !== -1; at = bytes.indexOf(m, at + 1)) starts.push(at);
      return starts.filter(
        (at) => Math.floor(at / CHUNK) !== Math.floor((at + m.length - 1) / CHUNK),
      );
    });
    expect(spans.length).toBeGreaterThan(3);
    expect(markedLines(path, CONTEXT_MARKERS)).toEqual(want);
  });

  it('answers the same with markers that share no prefix (searched one by one)', () => {
    const markers = ['"kind":"key"', 'archive_id'].map((m) => Buffer.from(m));
    const lines = straddling([...pieces, '"archive_id"', 'archive_i'], 1);
    const path = join(dir, 'distinct.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    expect(markedLines(path, markers)).toEqual(expected(lines, markers));
  });

  it('finds a marker at the very start of the file and on its last line', () => {
    const lines = ['"kind":"seal"', 'x', '{"kind":"key"}'];
    const path = join(dir, 'edges.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    expect(markedLines(path, CONTEXT_MARKERS)).toEqual([0, 2]);
  });
});
