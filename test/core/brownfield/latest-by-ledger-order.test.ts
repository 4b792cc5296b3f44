// "Latest" baseline and trace run follow ledger order (what a writer had seen), never the clock
// its writer stamped: a baseline written with a clock set to 2099 must not outrank a later one.
import { describe, expect, test } from 'vitest';
import { latestBaselines } from '../../../scripts/lib/core/gate/entries/ratchet-details.ts';
import { latestTraceRuns } from '../../../scripts/lib/core/report/collect-trace-findings.ts';
import type { JsonObject, StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import type { Registry } from '../../../scripts/lib/core/plane/types.ts';

function at(
  hash: string,
  segment: string,
  line: number,
  time: string,
  kind: string,
  body: JsonObject,
  heads: Record<string, string> = {},
): StoredEntry {
  return {
    hash,
    file: `${segment}.jsonl`,
    line,
    entry: { kind, segment, seq: line - 1, time, storage: { heads, objects: [] }, body },
  } as unknown as StoredEntry;
}

const baseline = (count: number): JsonObject => ({
  type: 'baseline',
  control: 'LINT',
  fingerprints_object: 'a'.repeat(64),
  count,
  run: 'b'.repeat(64),
});

describe('latestBaselines', () => {
  test("the later line wins even when the earlier one's writer stamped a future time", () => {
    const entries = [
      at('old', 's', 1, '2099-01-01T00:00:00.000Z', 'note', baseline(10)),
      at('new', 's', 2, '2026-01-01T00:00:00.000Z', 'note', baseline(3)),
    ];
    expect(latestBaselines(entries).get('LINT')).toMatchObject({ hash: 'new', count: 3 });
  });

  test('across segments a note written after seeing another comes after it', () => {
    const seen = at('seen', 'x', 1, '2099-01-01T00:00:00.000Z', 'note', baseline(10));
    const after = at('after', 'y', 1, '2000-01-01T00:00:00.000Z', 'note', baseline(4), {
      x: 'seen',
    });
    // Listed in either order, the note whose writer had seen the other is the latest.
    expect(latestBaselines([after, seen]).get('LINT')?.hash).toBe('after');
    expect(latestBaselines([seen, after]).get('LINT')?.hash).toBe('after');
  });
});

describe('latestTraceRuns', () => {
  const registry = {
    controls: [{ id: 'TRACE', execution: { type: 'trace' } }],
  } as unknown as Registry;
  test('the last run in ledger order decides, whatever the stamps say', () => {
    const entries = [
      at('early', 's', 1, '2099-01-01T00:00:00.000Z', 'run', { control: 'TRACE' }),
      at('late', 's', 2, '2026-01-01T00:00:00.000Z', 'run', { control: 'TRACE' }),
    ];
    expect(latestTraceRuns(registry, entries).get('TRACE')?.entry.hash).toBe('late');
  });
});
