// Reading only the results about the controls a verdict asks for must never change what those
// controls are shown: the same records, in the same ledger order, as reading every entry.
import { describe, expect, it } from 'vitest';
import { indexResults } from '../../../scripts/lib/core/gate/entries/index-results.ts';
import { decidingEntries } from '../../../scripts/lib/flows/claim/verdict-precheck.ts';
import type { ControlStatus } from '../../../scripts/lib/core/gate/status/compute-status.ts';
import { LedgerOrder } from '../../../scripts/lib/core/ledger/ledger-order.ts';
import type {
  EntryKind,
  JsonObject,
  LedgerEntry,
  StoredEntry,
} from '../../../scripts/lib/core/ledger/types.ts';

const hex = (n: number): string => n.toString(16).padStart(64, '0');

function runBody(control: unknown, status = 'PASS'): JsonObject {
  return {
    control: control as string,
    stage: 'self',
    status,
    execution: 'command',
    duration_ms: 1,
    timed_out: false,
    truncated: false,
    authorizations: [],
  };
}

function stored(
  n: number,
  kind: EntryKind,
  body: JsonObject,
  segment = 's',
  line = n + 1,
): StoredEntry {
  const entry = {
    kind,
    segment,
    seq: n,
    time: '2026-01-01T00:00:00.000Z',
    actor: { label: 'dev', authority: 'virtual:developer', context: 'local' },
    subject: { tree: 'a'.repeat(40), manifest: hex(1), registry: hex(2) },
    storage: { heads: {}, objects: [] },
    body,
  } as unknown as LedgerEntry;
  return { entry, hash: hex(1000 + n), file: `${segment}.jsonl`, line };
}

/** A ledger mixing results about A and B with entries that only look like results about A. */
function mixedLedger(): StoredEntry[] {
  return [
    stored(0, 'run', runBody('A')),
    stored(1, 'run', runBody('B', 'FAIL')),
    stored(2, 'claim', { control: 'A', scope: 'task' }),
    stored(3, 'run', { ...runBody('A'), duration_ms: -1 }),
    stored(4, 'run', runBody(['A'])),
    stored(5, 'note', { control: 'A', text: 'x' }),
    stored(6, 'run', runBody('A', 'FAIL')),
    stored(7, 'audit', {
      control: 'A',
      stage: 'cross',
      status: 'PASS',
      reviewed: hex(1000),
      agreement: 'agree',
      differences: [],
    }),
    stored(8, 'run', runBody('B')),
    // The first line of segment t (ledger order counts a line's index in its segment).
    stored(9, 'run', runBody('A'), 't', 1),
  ];
}

describe('indexResults for the wanted controls', () => {
  it('gives every wanted control exactly the records a full read gives, in the same order', () => {
    const entries = mixedLedger();
    const order = new LedgerOrder(entries);
    const full = indexResults(entries, order);
    const wanted = indexResults(entries, order, new Set(['A']));
    expect([...wanted.keys()]).toEqual(['A']);
    expect(wanted.get('A')).toEqual(full.get('A'));
    // Segment t never saw s: its first line ranks with s's first line, before s's seventh.
    expect(
      wanted
        .get('A')
        ?.get('self')
        ?.map((r) => r.hash),
    ).toEqual([0, 9, 6].map((n) => hex(1000 + n)));
  });

  it('the same entries, order and controls give the index built; any difference builds anew', () => {
    const entries = mixedLedger();
    const order = new LedgerOrder(entries);
    const first = indexResults(entries, order, new Set(['A', 'B']));
    // The report's statuses after its claim decisions: nothing parsed twice.
    expect(indexResults(entries, order, new Set(['B', 'A']))).toBe(first);
    expect(indexResults(entries, order, new Set(['A']))).not.toBe(first);
    expect(indexResults(entries, new LedgerOrder(entries), new Set(['A', 'B']))).not.toBe(first);
    expect(indexResults([...entries], order, new Set(['A', 'B']))).not.toBe(first);
    // An entry appended to the same array is read, even under the same order object.
    const again = indexResults(entries, order, new Set(['A', 'B']));
    entries.push(stored(10, 'run', runBody('A', 'FAIL')));
    expect(indexResults(entries, order, new Set(['A', 'B']))).not.toBe(again);
    const grown = indexResults(entries, new LedgerOrder(entries), new Set(['A', 'B']));
    expect(grown.get('A')?.get('self')?.at(-1)?.hash).toBe(hex(1010));
  });

  it("a run's record carries its details apart from control, stage and status", () => {
    const [record] =
      indexResults([stored(0, 'run', runBody('A'))])
        .get('A')
        ?.get('self') ?? [];
    const { control: _c, stage: _s, status: _t, ...details } = runBody('A');
    expect(record).toMatchObject({ kind: 'run', control: 'A', stage: 'self', status: 'PASS' });
    expect(record?.run).toEqual(details);
  });

  it('reads nothing when no control is wanted, and every control when none is named', () => {
    const entries = mixedLedger();
    expect(indexResults(entries, new LedgerOrder(entries), new Set()).size).toBe(0);
    expect([...indexResults(entries).keys()].sort()).toEqual(['A', 'B']);
  });

  it('a malformed body among thousands of others never counts and never throws', () => {
    const entries = Array.from({ length: 2000 }, (_, n) =>
      stored(n, 'run', n % 2 === 0 ? runBody('A', 'BROKEN') : runBody('A')),
    );
    const index = indexResults(entries, new LedgerOrder(entries), new Set(['A']));
    expect(index.get('A')?.get('self')).toHaveLength(1000);
  });
});

describe('decidingEntries', () => {
  const stage = (entry?: string): ControlStatus['stages']['self'] => ({
    stage: 'self',
    status: 'PASS',
    reason: '',
    flaky: false,
    ...(entry === undefined ? {} : { entry }),
  });
  const status = (self?: string, cross?: string): ControlStatus =>
    ({
      stages: {
        self: stage(self),
        cross: stage(cross),
        release_authority: stage(),
        third_party: stage(),
      },
    }) as ControlStatus;

  it('finds each named entry once, in status order, and ignores names the ledger lacks', () => {
    const entries = mixedLedger();
    const picked = decidingEntries(
      [status(hex(1006), hex(1007)), status(hex(1000)), status(hex(1006), hex(9999))],
      entries,
    );
    expect(picked.map((s) => s.line)).toEqual([7, 8, 1]);
  });

  it('names nothing when no stage is decided by an entry', () => {
    expect(decidingEntries([status()], mixedLedger())).toEqual([]);
  });
});
