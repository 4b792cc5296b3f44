// Outputs print 12-digit hash prefixes; every option that takes an entry or object hash accepts a
// unique prefix (8+ hex digits), stores and prints the full hash under --json, and refuses a
// prefix that names nothing or several (exit 2, the candidates listed).
import { describe, expect, it } from 'vitest';
import { expandHashPrefix } from '../../scripts/lib/core/ledger/expand-prefix.ts';
import { UsageError } from '../../scripts/lib/core/errors.ts';
import { findAnyEntry } from '../../scripts/lib/core/gate/query/query-entry-views.ts';
import { evidenceRefs, findEntry } from '../../scripts/lib/core/gate/query/query-views.ts';
import type { StoredEntry } from '../../scripts/lib/core/ledger/types.ts';
import {
  hypothesisArgs,
  makeKnowledgePlane,
  memoryArgs,
  updateArgs,
} from '../helpers/knowledge-plane.ts';

const target = { what: 'ledger entry', where: '--evidence', list: 'proofgate query head' };
// Two hashes sharing their first 10 digits, and a third.
const a = `3f2a9c1d00${'a'.repeat(54)}`;
const b = `3f2a9c1d00${'b'.repeat(54)}`;
const c = `77${'c'.repeat(62)}`;

function thrown(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('expandHashPrefix', () => {
  it('a unique prefix of 8+ digits names its hash; a full hash passes unchanged', () => {
    expect(expandHashPrefix([a, b, c], '3f2a9c1d00a', target)).toBe(a);
    expect(expandHashPrefix([a, b, c], '77cccccc', target)).toBe(c);
    expect(expandHashPrefix([a, b], c, target)).toBe(c);
  });

  it('an ambiguous prefix is exit 2 listing every candidate in full', () => {
    const error = thrown(() => expandHashPrefix([a, b, c, a], '3f2a9c1d', target));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('3f2a9c1d is ambiguous: it begins 2 ledger entry hashes');
    expect(error.problems).toEqual([a, b]);
    expect(error.where).toBe('--evidence');
    expect(error.next).toMatch(/longer prefix, e\.g\. 3f2a9c1d00aa/);
  });

  it('a prefix no hash has is exit 2 with the command that lists them', () => {
    const error = thrown(() => expandHashPrefix([a, b], 'deadbeef', target));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('no ledger entry starts with deadbeef');
    expect(error.next).toBe('proofgate query head');
  });

  it('fewer than 8 digits or non-hex is left for the caller to refuse, never matched', () => {
    expect(expandHashPrefix([a], '3f2a9c1', target)).toBe('3f2a9c1');
    expect(expandHashPrefix([a], '3F2A9C1D', target)).toBe('3F2A9C1D');
    expect(expandHashPrefix([a], '', target)).toBe('');
  });
});

describe('query views list the candidates of an ambiguous prefix', () => {
  const stored = (hash: string, kind = 'run', objects: string[] = []): StoredEntry =>
    ({
      hash,
      file: 'x.jsonl',
      line: 1,
      entry: { kind, body: {}, storage: { objects } },
    }) as unknown as StoredEntry;

  it('query run, query entry and query evidence', () => {
    const entries = [stored(a, 'run', [a]), stored(b, 'run', [b]), stored(c, 'claim')];
    for (const fn of [
      () => findEntry(entries, '3f2a9c1d', 'run'),
      () => findAnyEntry(entries, '3f2a9c1d'),
      () => evidenceRefs(entries, '3f2a9c1d'),
    ]) {
      const error = thrown(fn);
      expect(error.exitCode).toBe(2);
      expect(error.message).toMatch(/ambiguous/);
      expect(error.problems).toEqual([a, b]);
    }
    expect(findEntry(entries, '3f2a9c1d00b', 'run').hash).toBe(b);
    expect(evidenceRefs(entries, '3f2a9c1d00a').digest).toBe(a);
  });

  it('a prefix nothing has, or of another kind, or not hex, is exit 2 saying which lookup failed', () => {
    const entries = [stored(a, 'run'), stored(c, 'claim')];
    const none = thrown(() => findAnyEntry(entries, 'deadbeef'));
    expect([none.exitCode, none.message, none.next]).toEqual([
      2,
      'no entry deadbeef in the ledger',
      'proofgate query head, or a longer prefix',
    ]);
    // The claim is there, but `query run` looks among runs only and points to `query entry`.
    const otherKind = thrown(() => findEntry(entries, c.slice(0, 12), 'run'));
    expect(otherKind.message).toBe(`no run entry ${c.slice(0, 12)}`);
    expect(otherKind.next).toMatch(/^proofgate query entry 77c{10} looks up an entry of any kind/);
    expect(findAnyEntry(entries, c.slice(0, 12)).hash).toBe(c);
    for (const fn of [
      () => findAnyEntry(entries, 'ZZZZZZZZ'),
      () => findEntry(entries, '3f2a', 'run'),
    ]) {
      const error = thrown(fn);
      expect(error.code).toBe('BAD_VALUE');
      expect(error.message).toMatch(/is not an entry hash prefix$/);
    }
  });
});

describe('memory add and hypothesis update take a prefix', () => {
  it('memory add --evidence <12-digit prefix> stores the full hash', async () => {
    const plane = makeKnowledgePlane();
    const hash = plane.hashes[1]!;
    const add = await plane.run([
      ...memoryArgs(
        'orders API caps the page size at 100',
        'src/orders.ts',
        hash.slice(0, 12),
        'repeated',
      ),
      '--json',
    ]);
    expect(add.code).toBe(0);
    expect((JSON.parse(add.out) as { fact: { evidence: string } }).fact.evidence).toBe(hash);
  });

  it('memory add refuses a prefix no entry has, and one too short, writing nothing', async () => {
    const plane = makeKnowledgePlane();
    const args = (evidence: string) => memoryArgs('fact', 'src/orders.ts', evidence, 'repeated');
    const unused = ['ffffffff', 'eeeeeeee'].find(
      (p) => !plane.hashes.some((h) => h.startsWith(p)),
    )!;
    const none = await plane.run(args(unused));
    expect(none.code).toBe(2);
    expect(none.err).toContain(`no ledger entry starts with ${unused}`);
    const short = await plane.run(args(plane.hashes[1]!.slice(0, 7)));
    expect(short.code).toBe(2);
    expect(short.err).toMatch(
      /is not a ledger entry hash \(64 lowercase hex digits, or a unique prefix of 8\+\)/,
    );
    expect((await plane.run(['knowledge', 'memory', 'list'])).out).toMatch(/^0 facts/);
  });

  it('hypothesis update --evidence <prefix> records the full hash', async () => {
    const plane = makeKnowledgePlane();
    const hash = plane.hashes[2]!;
    await plane.run(
      hypothesisArgs('negative page size accepted', { risk: '0.7', oracle: 'expect 400' }),
    );
    const update = await plane.run([
      ...updateArgs('H-0001', 'confirmed', hash.slice(0, 10)),
      '--json',
    ]);
    expect(update.code).toBe(0);
    expect(update.out).toContain(hash);
  });
});
