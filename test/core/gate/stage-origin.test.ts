// Places compared as labels that only weaken: a shared clone id (origin or segment name) or host
// is a finding; a difference, or a place an older entry does not state, is none.
import { describe, expect, it } from 'vitest';
import {
  comparePlaces,
  describePlace,
  reviewChain,
} from '../../../scripts/lib/core/gate/authority/stage-origin.ts';
import type { LedgerEntry, StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';

function entry(
  segment: string,
  origin?: { clone: string; host: string },
  body: Record<string, string> = {},
): LedgerEntry {
  return {
    segment,
    kind: body['reviewed'] === undefined ? 'run' : 'audit',
    actor: { label: 'l', authority: 'a', context: 'c', ...(origin && { origin }) },
    body,
  } as unknown as LedgerEntry;
}

describe('comparePlaces', () => {
  it('an older entry without origin still states its clone through its segment name', () => {
    const run = entry('ab12cd34-main');
    const audit = entry(
      'ab12cd34-feature-g1',
      { clone: 'ab12cd34', host: 'h' },
      { stage: 'cross', reviewed: 'x' },
    );
    expect(comparePlaces(audit, run)).toEqual({ kind: 'clone', clone: 'ab12cd34' });
    expect(describePlace(comparePlaces(audit, run), audit, run)).toBe(
      'cross audit written from the same clone (ab12cd34) as the run it reviews: not independent',
    );
  });

  it('a stated origin that differs from the segment name still matches on either', () => {
    const run = entry('11111111-main', { clone: '22222222', host: 'a' });
    const audit = entry('33333333-main', { clone: '11111111', host: 'b' });
    expect(comparePlaces(audit, run).kind).toBe('clone');
  });

  it('same host, other clone: a host finding; unknown host: none', () => {
    const run = entry('11111111-main', { clone: '11111111', host: 'vm' });
    const audit = entry('22222222-main', { clone: '22222222', host: 'vm' });
    expect(comparePlaces(audit, run)).toEqual({ kind: 'host', host: 'vm' });
    expect(comparePlaces(entry('22222222-main'), run)).toEqual({ kind: 'none' });
    expect(comparePlaces(entry('root'), entry('root'))).toEqual({ kind: 'none' });
  });
});

describe('reviewChain', () => {
  it('walks an audit down to the run, and stops on a missing or cyclic reference', () => {
    const stored = (hash: string, e: LedgerEntry): StoredEntry => ({
      hash,
      entry: e,
      file: 'f',
      line: 1,
    });
    const run = stored('r', entry('11111111-main'));
    const cross = stored('c', entry('22222222-main', undefined, { stage: 'cross', reviewed: 'r' }));
    const release = stored(
      'x',
      entry('33333333-main', undefined, { stage: 'release_authority', reviewed: 'c' }),
    );
    const all = new Map([run, cross, release].map((s) => [s.hash, s]));
    expect(reviewChain(release, (h) => all.get(h)).map((s) => s.hash)).toEqual(['c', 'r']);
    const loop = stored('l', entry('44444444-main', undefined, { stage: 'cross', reviewed: 'l' }));
    expect(reviewChain(loop, () => loop)).toHaveLength(8);
  });
});
